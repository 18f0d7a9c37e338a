import { randomBytes } from "node:crypto";
import { type AnyColumn, and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { Conflict } from "~/domain/errors";
import type { DomainLog, RequestContext } from "~/domain/request-context";
import { emailSchema } from "~/lib/email-schema";
import type { Db } from "~db/index";
import {
  auditLog,
  boxCancellations,
  boxSubscriptions,
  boxWithdrawals,
  cartReminders,
  customerCodes,
  customerSessions,
  customers,
  invoices,
  mailOutbox,
  newsletterSubscribers,
  orders,
  prizeClaims,
  sales,
  shipments,
  specialOrderReplies,
  specialOrders,
  stockAlerts,
  wishlistItems,
  withdrawals,
} from "~db/schema";

/**
 * "Eliminar mi cuenta" (Ley 25.326 art. 16, supresión), docs/decisions/0030-account-deletion.md. In ONE
 * transaction, under a per-email lock: refused while the shop still owes the person something (a box
 * that is not cancelled, an order not yet delivered or cancelled, a withdrawal in progress); otherwise
 * what exists only for the person is deleted, and what the law makes the shop keep (orders, invoices and
 * the records around them) stays with the personal fields replaced by placeholders and the email by a
 * non-deliverable address, so nothing joins to the person's email any more.
 */
export const DELETE_MESSAGES = {
  confirm: "Escribí tu email tal como aparece arriba para confirmar.",
  openBox:
    "Primero cancelá tu Caja Rizoma: mientras esté activa, en pausa o esperando el pago necesitamos tus datos para mandártela.",
  openOrder:
    "Tenés pedidos en curso (esperando el pago, pagados o en camino). Cuando los recibas o se cancelen vas a poder eliminar tu cuenta.",
  openWithdrawal:
    "Tenés un arrepentimiento en trámite. Cuando lo resolvamos vas a poder eliminar tu cuenta; si es urgente, escribinos.",
} as const;

/** What the form sends: the email typed again, which must be the signed-in one. */
export const deleteAccountSchema = z.object({ confirmEmail: emailSchema({ invalid: DELETE_MESSAGES.confirm }) });

/** Names and other required text of kept records. */
export const ANONYMISED = "Eliminado";
/** Optional personal text of kept records (address, city, zip): a placeholder where there was a value. */
const blanked = (column: AnyColumn): SQL => sql`case when ${column} is null then null else ${ANONYMISED} end`;

/** A fresh address under the reserved `.invalid` domain (RFC 2606): no mail can ever reach it. */
export const anonymousEmail = () => `eliminado-${randomBytes(8).toString("hex")}@anonimo.invalid`;

export interface AccountDeletion {
  /** False when nothing was left to delete (a second click, or two at once): the first one did it all. */
  deleted: boolean;
  /** The address that replaced the email in the kept records. */
  placeholder: string;
}

export async function deleteAccount(
  ctx: Pick<RequestContext, "db"> & { log?: DomainLog },
  email: string,
  now = new Date(),
): Promise<AccountDeletion> {
  const placeholder = anonymousEmail();
  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // Two deletions of one email (two tabs, a double click) run one after the other.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-delete:${email}`}))`);

    const [openBox] = await db
      .select({ id: boxSubscriptions.id })
      .from(boxSubscriptions)
      .where(and(eq(boxSubscriptions.email, email), inArray(boxSubscriptions.status, ["pending", "active", "paused"])))
      .limit(1);
    if (openBox) throw new Conflict(DELETE_MESSAGES.openBox);
    const [openOrder] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.email, email), inArray(orders.status, ["pending_payment", "paid", "shipped"])))
      .limit(1);
    if (openOrder) throw new Conflict(DELETE_MESSAGES.openOrder);
    const [openWithdrawal] = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.email, email), eq(withdrawals.status, "requested")))
      .limit(1);
    if (openWithdrawal) throw new Conflict(DELETE_MESSAGES.openWithdrawal);

    // Deleted: what exists only for the person (addresses go with the customer row, ON DELETE CASCADE).
    const deleted = {
      customer: (await db.delete(customers).where(eq(customers.email, email)).returning({ e: customers.email })).length,
      sessions: (
        await db
          .delete(customerSessions)
          .where(eq(customerSessions.email, email))
          .returning({ t: customerSessions.tokenHash })
      ).length,
      codes: (await db.delete(customerCodes).where(eq(customerCodes.email, email)).returning({ id: customerCodes.id }))
        .length,
      wishlist: (
        await db.delete(wishlistItems).where(eq(wishlistItems.email, email)).returning({ id: wishlistItems.bookId })
      ).length,
      stockAlerts: (await db.delete(stockAlerts).where(eq(stockAlerts.email, email)).returning({ id: stockAlerts.id }))
        .length,
      cartReminders: (
        await db.delete(cartReminders).where(eq(cartReminders.email, email)).returning({ id: cartReminders.id })
      ).length,
      newsletter: (
        await db
          .delete(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email))
          .returning({ id: newsletterSubscribers.id })
      ).length,
      unsentMail: (
        await db
          .delete(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, email), ne(mailOutbox.status, "sent")))
          .returning({ id: mailOutbox.id })
      ).length,
    };

    // Kept, anonymised: the records the law or the shop's books need, without who they were about.
    const anonymised = {
      // A carrier's label prints the name and the door: it goes (first, while the rows still carry the
      // email); the tracking number and the parcel's steps stay with the kept order.
      shipmentLabels: (
        await db
          .update(shipments)
          .set({ label: null, updatedAt: now })
          .where(
            or(
              inArray(shipments.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.email, email))),
              inArray(
                shipments.boxSubscriptionId,
                db.select({ id: boxSubscriptions.id }).from(boxSubscriptions).where(eq(boxSubscriptions.email, email)),
              ),
            ),
          )
          .returning({ id: shipments.id })
      ).length,
      orders: (
        await db
          .update(orders)
          .set({
            firstName: ANONYMISED,
            lastName: ANONYMISED,
            email: placeholder,
            phone: ANONYMISED,
            address: blanked(orders.address),
            city: blanked(orders.city),
            zipCode: blanked(orders.zipCode),
            note: null,
            updatedAt: now,
          })
          .where(eq(orders.email, email))
          .returning({ id: orders.id })
      ).length,
      // A counter or fair sale where the buyer gave the e-mail (issue 35): the sale and its fiscal fields stay
      // (its invoice carries them), the address goes.
      sales: (
        await db
          .update(sales)
          .set({ customerEmail: placeholder, note: null, updatedAt: now })
          .where(eq(sales.customerEmail, email))
          .returning({ id: sales.id })
      ).length,
      // The voucher's receiver (document, name, tax condition, address) is part of the authorised invoice
      // and stays as ARCA has it; only the address it was e-mailed to goes.
      invoices: (
        await db
          .update(invoices)
          .set({ receiverEmail: placeholder })
          .where(eq(invoices.receiverEmail, email))
          .returning({ id: invoices.id })
      ).length,
      withdrawals: (
        await db
          .update(withdrawals)
          .set({ email: placeholder, reason: null, updatedAt: now })
          .where(eq(withdrawals.email, email))
          .returning({ id: withdrawals.id })
      ).length,
      boxSubscriptions: (
        await db
          .update(boxSubscriptions)
          .set({
            firstName: ANONYMISED,
            lastName: ANONYMISED,
            email: placeholder,
            whatsapp: ANONYMISED,
            address: blanked(boxSubscriptions.address),
            city: blanked(boxSubscriptions.city),
            zipCode: blanked(boxSubscriptions.zipCode),
            initPoint: null,
            updatedAt: now,
          })
          .where(eq(boxSubscriptions.email, email))
          .returning({ id: boxSubscriptions.id })
      ).length,
      // A Caja Rizoma's withdrawal: its code, dates and refund stay (the refund is a payment record); the
      // address and the reason go.
      boxWithdrawals: (
        await db
          .update(boxWithdrawals)
          .set({ email: placeholder, reason: null, updatedAt: now })
          .where(eq(boxWithdrawals.email, email))
          .returning({ id: boxWithdrawals.id })
      ).length,
      boxCancellations: (
        await db
          .update(boxCancellations)
          .set({ email: placeholder })
          .where(eq(boxCancellations.email, email))
          .returning({ id: boxCancellations.id })
      ).length,
      specialOrders: 0,
      prizeClaims: (
        await db
          .update(prizeClaims)
          .set({ name: ANONYMISED, email: placeholder, dni: ANONYMISED, phone: ANONYMISED })
          .where(eq(prizeClaims.email, email))
          .returning({ id: prizeClaims.id })
      ).length,
      sentMail: (
        await db
          .update(mailOutbox)
          .set({ toAddress: placeholder, html: "", text: "", headers: {} })
          .where(eq(mailOutbox.toAddress, email))
          .returning({ id: mailOutbox.id })
      ).length,
    };
    const special = await db
      .update(specialOrders)
      .set({ name: ANONYMISED, email: placeholder, phone: null, note: null, updatedAt: now })
      .where(eq(specialOrders.email, email))
      .returning({ id: specialOrders.id });
    anonymised.specialOrders = special.length;
    if (special.length > 0) {
      // The shop's letters to the person: their text named them and answered their note.
      await db
        .update(specialOrderReplies)
        .set({ body: "(Respuesta eliminada: la persona eliminó su cuenta)" })
        .where(
          inArray(
            specialOrderReplies.specialOrderId,
            special.map((row) => row.id),
          ),
        );
    }

    const touched = [...Object.values(deleted), ...Object.values(anonymised)].reduce((sum, n) => sum + n, 0);
    if (touched === 0) return { deleted: false, counts: { deleted, anonymised } };
    // Who asked is not written anywhere: only that it happened and how much it touched.
    await db.insert(auditLog).values({
      at: now,
      adminId: null,
      adminEmail: "Mi cuenta",
      action: "customer.delete",
      entity: "customer",
      entityId: null,
      summary: "Una persona eliminó su cuenta (Ley 25.326): datos borrados y registros fiscales anonimizados",
      details: { deleted, anonymised },
    });
    return { deleted: true, counts: { deleted, anonymised } };
  });
  if (result.deleted) ctx.log?.info(result.counts, "customer account deleted");
  return { deleted: result.deleted, placeholder };
}
