import { and, count, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { type AlertOrigin, alertOwners } from "~/domain/auth/owner-alerts.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { Conflict, Invalid } from "~/domain/errors";
import { returnStock } from "~/domain/orders/lifecycle.server";
import { foldAccents } from "~/lib/text";
import { FISCAL_SETTINGS_KEY, INVOICING_SETTINGS_KEY, withoutDemoFiscal } from "~db/demo/fiscal";
import type { Db } from "~db/index";
import {
  arcaSandboxVouchers,
  books,
  boxSubscriptions,
  cashClosings,
  discountCodes,
  discountRedemptions,
  fairs,
  invoiceSequences,
  invoices,
  mailOutbox,
  newsletterSubscribers,
  orderItems,
  orders,
  paymentSandboxResources,
  prizeClaims,
  qrCodes,
  sales,
  settings,
  specialOrders,
  stockAlerts,
  stockMovements,
} from "~db/schema";
import { demoIsbns, SHOP_MODE_KEY, type ShopModeRow } from "~db/seed";
import { CONFIRM_LEAVING, type DemoData } from "./labels";

export { CONFIRM_LEAVING, DEMO_DATA_LABELS, type DemoData } from "./labels";

/**
 * Demo mode is a property of the data (DESIGN §3, §8): a database that received the demo catalogue is a
 * demo shop until an admin chooses "Pasar a producción". A demo shop may simulate outside services that
 * have no credentials (Mercado Pago today; invoices and carriers later) whatever NODE_ENV says, and shows
 * a banner. A shop that left demo mode never simulates again; one that never had the demo simulates only
 * outside production, as before.
 */
export type ShopMode = "demo" | "live" | "plain";

export async function shopMode(db: Db): Promise<ShopMode> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SHOP_MODE_KEY));
  return readShopMode(row?.value);
}

/** The mode a stored `shop_mode` row (or its absence) means. */
export function readShopMode(value: unknown): ShopMode {
  const state = (value as ShopModeRow | undefined)?.state;
  return state === "demo" || state === "live" ? state : "plain";
}

export type NodeEnv = "development" | "production" | "test";

/**
 * The one answer to "may this shop simulate an outside service?", asked by every sandbox (payments,
 * invoices, carriers) for a service that has no credentials. Read from the database each time, so every
 * instance knows the moment the shop goes live.
 */
export async function maySimulate(db: Db, nodeEnv: NodeEnv): Promise<boolean> {
  const mode = await shopMode(db);
  if (mode === "demo") return true;
  if (mode === "live") return false;
  return nodeEnv !== "production";
}

const demoBooksWhere = () => inArray(books.isbn, demoIsbns());

export async function demoData(db: Db): Promise<DemoData> {
  const countOf = async (table: PgTable, where?: SQL) => {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return Number(row?.n ?? 0);
  };
  return {
    books: await countOf(books, demoBooksWhere()),
    orders: await countOf(orders),
    sales: await countOf(sales),
    fairs: await countOf(fairs),
    specialOrders: await countOf(specialOrders),
    boxSubscriptions: await countOf(boxSubscriptions),
    newsletterSubscribers: await countOf(newsletterSubscribers),
    qrCodes: await countOf(qrCodes),
    invoices: await countOf(invoices),
    mail: await countOf(mailOutbox),
    sandboxPayments: await countOf(paymentSandboxResources),
  };
}

export const NOT_IN_DEMO = "La tienda ya no está en modo demostración.";

export interface LeaveDemoInput {
  /** Delete the demo catalogue and everything made in demo mode (the list of `demoData`). */
  deleteDemoData: boolean;
  /** The admin typed the confirmation word. */
  confirmation: string;
}

/**
 * "Pasar a producción": the shop stops simulating and loses its banner; optionally the demo catalogue and
 * everything made in demo mode (exactly the tables `demoData` counts) go, in one transaction with the
 * audit record. The mode row is locked first, so two admins confirming at once leave demo mode once.
 * Stock that deleted orders held of books the shop keeps goes back, and discount codes count only the
 * uses that remain. Returns what was deleted.
 */
export async function leaveDemoMode(
  db: Db,
  admin: AdminIdentity,
  input: LeaveDemoInput,
  /** Where the request came from: every owner is told, in the same transaction (the page always passes it). */
  origin?: AlertOrigin,
): Promise<DemoData | null> {
  const typed = foldAccents(input.confirmation).trim().toUpperCase();
  if (typed !== "PRODUCCION") throw new Invalid(CONFIRM_LEAVING);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, SHOP_MODE_KEY))
      .for("update");
    const current = row?.value as ShopModeRow | undefined;
    if (current?.state !== "demo") throw new Conflict(NOT_IN_DEMO);
    const counted = input.deleteDemoData ? await demoData(tx as unknown as Db) : null;
    if (input.deleteDemoData) await deleteDemoData(tx as unknown as Db);
    const live: ShopModeRow = { state: "live", since: current.since, leftAt: new Date().toISOString() };
    await tx.update(settings).set({ value: live, updatedAt: new Date() }).where(eq(settings.key, SHOP_MODE_KEY));
    await forgetDemoFiscal(tx as unknown as Db);
    await forgetSandboxInvoicing(tx as unknown as Db);
    await recordAudit(tx as unknown as Db, admin, {
      action: "shop.go-live",
      entity: "shop",
      summary: counted
        ? "Pasó la tienda a producción y borró los datos de demostración"
        : "Pasó la tienda a producción (sin borrar datos)",
      details: counted ? { deleted: counted } : { deleted: null },
    });
    if (origin) {
      await alertOwners(tx as unknown as Db, {
        ...origin,
        what: "La tienda pasó a producción",
        actor: admin,
        details: [
          ["Datos de demostración", counted ? "Borrados" : "No se borraron"],
          ["Pagos", "Los pagos simulados dejaron de funcionar: la tienda cobra de verdad"],
        ],
      });
    }
    return counted;
  });
  await publicPagesChanged(db, "shop.go-live");
  return deleted;
}

/**
 * A live shop shows no invented seller: the demo's example fiscal data (db/demo/fiscal.ts) goes whether or
 * not the rest of the demo data is deleted; fields the admin changed stay. The footer and the dashboard's
 * warning then show what is really missing.
 */
async function forgetDemoFiscal(tx: Db): Promise<void> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, FISCAL_SETTINGS_KEY));
  const kept = row ? withoutDemoFiscal(row.value) : null;
  if (!kept) return;
  await tx.update(settings).set({ value: kept, updatedAt: new Date() }).where(eq(settings.key, FISCAL_SETTINGS_KEY));
}

/**
 * The sandbox's vouchers were never fiscal documents: they go whether or not the rest of the demo data is
 * deleted (credit notes before the invoices they cancel), with the sandbox's own numbering and store.
 * Automatic invoicing is turned off: the real shop configures ARCA and its point of sale, then turns it on.
 */
async function forgetSandboxInvoicing(tx: Db): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.environment, "sandbox"), eq(invoices.kind, "credit_note")));
  await tx.delete(invoices).where(eq(invoices.environment, "sandbox"));
  await tx.delete(arcaSandboxVouchers);
  await tx.delete(invoiceSequences).where(eq(invoiceSequences.environment, "sandbox"));
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, INVOICING_SETTINGS_KEY));
  if (!row) return;
  const value = { ...(row.value as Record<string, unknown>), enabled: false };
  await tx.update(settings).set({ value, updatedAt: new Date() }).where(eq(settings.key, INVOICING_SETTINGS_KEY));
}

async function deleteDemoData(tx: Db): Promise<void> {
  const demoBookIds = tx.select({ id: books.id }).from(books).where(demoBooksWhere());
  // Orders that still hold stock of a book the shop keeps give it back (pre-orders free their places).
  const held = await tx
    .select({
      bookId: orderItems.bookId,
      isPreorder: orderItems.isPreorder,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(sql`${orders.status} <> 'cancelled'`, notInArray(orderItems.bookId, demoBookIds)))
    .groupBy(orderItems.bookId, orderItems.isPreorder);
  // Alerts are the demo's visitors' data, like the newsletter's: none fires for the stock given back.
  await tx.delete(stockAlerts);
  await returnStock(tx, held, null);
  // Counter and fair sales, and fairs, go too: a book the shop keeps gets back what they took from the
  // shop's shelf (sold at the counter, or still out at a fair), read from their stock movements.
  await tx.execute(sql`
    update ${books} b set stock = b.stock + back.quantity
    from (
      select ${stockMovements.bookId} as book_id, -sum(${stockMovements.delta})::int as quantity
      from ${stockMovements}
      where ${stockMovements.location} = 'shop'
        and ${stockMovements.reason} in ('sale', 'sale_cancelled', 'fair_out', 'fair_back')
        and ${notInArray(stockMovements.bookId, demoBookIds)}
      group by ${stockMovements.bookId}
    ) back
    where b.id = back.book_id and back.quantity > 0`);
  // Every order, sale and box charge goes, so every voucher of theirs too (they restrict the delete), credit
  // notes before the invoices they cancel.
  await tx.delete(invoices).where(eq(invoices.kind, "credit_note"));
  await tx.delete(invoices);
  await tx.delete(orders); // items, events and code redemptions cascade
  await tx.delete(sales); // items cascade
  await tx.delete(cashClosings); // the demo's cierres de caja (a fair's restricts deleting the fair)
  await tx.delete(fairs); // sellers, fair stock and the fairs' movements cascade
  await tx.delete(stockMovements);
  await tx.update(discountCodes).set({
    usedCount: sql`(select count(*)::int from ${discountRedemptions} where ${discountRedemptions.discountCodeId} = ${discountCodes.id})`,
  });
  await tx.delete(specialOrders); // replies cascade
  await tx.delete(boxSubscriptions); // events and charges cascade
  await tx.delete(newsletterSubscribers);
  await tx.delete(prizeClaims);
  await tx.delete(qrCodes);
  await tx.delete(mailOutbox);
  await tx.delete(paymentSandboxResources);
  await tx.delete(books).where(demoBooksWhere());
}
