import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import type { Db } from "~db/index";
import {
  books,
  boxPayments,
  boxPlans,
  boxSubscriptions,
  customerAddresses,
  customers,
  fairs,
  invoices,
  newsletterSubscribers,
  orders,
  prizeClaims,
  qrCodes,
  sales,
  specialOrders,
  stockAlerts,
  wishlistItems,
  withdrawals,
} from "~db/schema";
import { customerSummary } from "./admin.server";

/** The answer for an address the shop holds nothing about (a typo in the URL, an anonymised person). */
export const CUSTOMER_NOT_FOUND = "No encontramos a nadie con ese email";

/**
 * Everything the shop holds about one email, for /admin/clientes/{email}: the list's figures and flags
 * (the same `customerSummary`, so both pages say the same), the account the person saved, and their
 * history in every area, newest first. NotFound when no source knows the email. The email is looked up
 * as stored (lower-case, trimmed): the route normalises what came in the URL.
 */
export async function customerDetail(db: Db, email: string) {
  const summary = await customerSummary(db, email);
  if (!summary) throw new NotFound(CUSTOMER_NOT_FOUND);
  const [profile, addresses, orderRows, subscriptions, requests, prizes, newsletter, alerts, wishlist, saleRows] =
    await Promise.all([
      db.select().from(customers).where(eq(customers.email, email)),
      db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.email, email))
        .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id)),
      db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.email, email))
        .orderBy(desc(orders.createdAt), desc(orders.id)),
      db
        .select({
          id: boxSubscriptions.id,
          plan: boxPlans.label,
          status: boxSubscriptions.status,
          priceCents: boxSubscriptions.priceCents,
          nextBoxDate: boxSubscriptions.nextBoxDate,
          createdAt: boxSubscriptions.createdAt,
        })
        .from(boxSubscriptions)
        .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
        .where(eq(boxSubscriptions.email, email))
        .orderBy(desc(boxSubscriptions.createdAt), desc(boxSubscriptions.id)),
      db
        .select({
          id: specialOrders.id,
          bookTitle: specialOrders.bookTitle,
          status: specialOrders.status,
          createdAt: specialOrders.createdAt,
        })
        .from(specialOrders)
        .where(eq(specialOrders.email, email))
        .orderBy(desc(specialOrders.createdAt), desc(specialOrders.id)),
      db
        .select({ code: qrCodes.code, bookTitle: qrCodes.bookTitle, claimedAt: prizeClaims.claimedAt })
        .from(prizeClaims)
        .innerJoin(qrCodes, eq(qrCodes.id, prizeClaims.qrCodeId))
        .where(eq(prizeClaims.email, email))
        .orderBy(desc(prizeClaims.claimedAt)),
      db
        .select({
          status: newsletterSubscribers.status,
          interests: newsletterSubscribers.interests,
          subscribedAt: newsletterSubscribers.subscribedAt,
          unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email)),
      // Only the alerts still waiting: one already sent is done.
      db
        .select({ bookId: books.id, title: books.title, kind: stockAlerts.kind, createdAt: stockAlerts.createdAt })
        .from(stockAlerts)
        .innerJoin(books, eq(books.id, stockAlerts.bookId))
        .where(and(eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt)))
        .orderBy(desc(stockAlerts.createdAt)),
      db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.email, email)),
      // Counter and fair sales where the buyer gave this e-mail (DESIGN §9), newest first.
      db
        .select({
          id: sales.id,
          number: sales.number,
          channel: sales.channel,
          fairName: fairs.name,
          status: sales.status,
          totalCents: sales.totalCents,
          soldAt: sales.soldAt,
        })
        .from(sales)
        .leftJoin(fairs, eq(fairs.id, sales.fairId))
        .where(eq(sales.customerEmail, email))
        .orderBy(desc(sales.soldAt), desc(sales.id)),
    ]);
  const orderIds = orderRows.map((order) => order.id);
  const subscriptionIds = subscriptions.map((subscription) => subscription.id);
  const [vouchers, withdrawalRows] = await Promise.all([
    issuedVouchers(
      db,
      orderIds,
      subscriptionIds,
      saleRows.map((sale) => sale.id),
    ),
    orderIds.length === 0
      ? []
      : db
          .select({
            code: withdrawals.code,
            orderNumber: orders.number,
            status: withdrawals.status,
            createdAt: withdrawals.createdAt,
          })
          .from(withdrawals)
          .innerJoin(orders, eq(orders.id, withdrawals.orderId))
          .where(inArray(withdrawals.orderId, orderIds))
          .orderBy(desc(withdrawals.createdAt)),
  ]);
  const account = profile[0];
  return {
    summary,
    account: account
      ? {
          firstName: account.firstName,
          lastName: account.lastName,
          phone: account.phone,
          createdAt: account.createdAt,
          lastSignInAt: account.lastSignInAt,
          addresses: addresses.map(({ id, label, address, city, province, zipCode, isDefault }) => ({
            id,
            label,
            address,
            city,
            province,
            zipCode,
            isDefault,
          })),
        }
      : null,
    orders: orderRows.map(({ id: _id, ...order }) => order),
    inPersonSales: saleRows.map(({ id: _id, ...sale }) => sale),
    subscriptions,
    specialOrders: requests,
    prizeClaims: prizes,
    newsletter: newsletter[0] ?? null,
    stockAlerts: alerts,
    wishlistCount: wishlist[0]?.n ?? 0,
    vouchers,
    withdrawals: withdrawalRows,
  };
}

export type CustomerDetail = Awaited<ReturnType<typeof customerDetail>>;

/**
 * The issued vouchers of the person's orders, counter and fair sales and box charges: invoices, and apart the credit notes that
 * cancel them (a credit note points at its invoice, not at the order). Counted through what they pay for,
 * not the voucher's receiver email, so a Factura A made out to a company still counts for its buyer.
 */
async function issuedVouchers(db: Db, orderIds: number[], subscriptionIds: number[], saleIds: number[]) {
  if (orderIds.length === 0 && subscriptionIds.length === 0 && saleIds.length === 0) {
    return { invoices: 0, creditNotes: 0 };
  }
  const ofOrders = orderIds.length ? inArray(invoices.orderId, orderIds) : sql`false`;
  const ofSales = saleIds.length ? inArray(invoices.saleId, saleIds) : sql`false`;
  const ofBoxes = subscriptionIds.length
    ? inArray(
        invoices.boxPaymentId,
        db.select({ id: boxPayments.id }).from(boxPayments).where(inArray(boxPayments.subscriptionId, subscriptionIds)),
      )
    : sql`false`;
  const own = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(or(ofOrders, ofBoxes, ofSales));
  if (own.length === 0) return { invoices: 0, creditNotes: 0 };
  const ids = own.map((row) => row.id);
  const rows = await db
    .select({ kind: invoices.kind, n: count() })
    .from(invoices)
    .where(and(eq(invoices.status, "issued"), or(inArray(invoices.id, ids), inArray(invoices.originalInvoiceId, ids))))
    .groupBy(invoices.kind);
  const of = (kind: "invoice" | "credit_note") => rows.find((row) => row.kind === kind)?.n ?? 0;
  return { invoices: of("invoice"), creditNotes: of("credit_note") };
}
