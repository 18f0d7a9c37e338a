import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  CONFIRM_LEAVING,
  demoData,
  leaveDemoMode,
  maySimulate,
  NOT_IN_DEMO,
  shopMode,
} from "~/domain/demo/demo-mode.server";
import { getSection } from "~/domain/settings/settings.server";
import {
  arcaSandboxVouchers,
  auditLog,
  books,
  boxSubscriptions,
  discountCodes,
  expenses,
  invoiceSequences,
  invoices,
  mailOutbox,
  newsletterSubscribers,
  orders,
  paymentSandboxResources,
  prizeClaims,
  qrCodes,
  settings,
  specialOrders,
} from "~db/schema";
import { countBooks, demoIsbns, seedDemoCatalogue } from "~db/seed";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { mercadoPagoWithoutCredentials } from "../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../tests/support/route-context";
import { boxSubscription } from "../../../tests/support/shop";
import * as subscribeRoute from "../api/caja/subscribe";
import * as ordersRoute from "../api/orders";

const { database, db, admin } = await adminTestDatabase();
/** What the server builds: no MP credentials, NODE_ENV=production, the shop's mode decides. */
const payments = mercadoPagoWithoutCredentials(db, { maySimulate: () => maySimulate(db, "production") });

// biome-ignore lint/suspicious/noExplicitAny: the tests read several JSON answer shapes.
type Answer = Record<string, any>;
const freshIp = clientIps("10.7");
async function post(mod: { action: (args: never) => Promise<Response> }, url: string, body: unknown) {
  const response = await mod.action(
    routeArgs(url, database, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: payments, clientIp: freshIp() },
    }) as never,
  );
  return { status: response.status, json: (await response.json()) as Answer };
}

const customer = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" };
const order = (id: number, paymentMethod: "transfer" | "mercadopago", discountCode?: string) =>
  post(ordersRoute, "/api/orders", {
    items: [{ id, quantity: 2 }],
    customer,
    delivery: { method: "pickup" },
    paymentMethod,
    ...(discountCode ? { discountCode } : {}),
  });
const subscribe = () => post(subscribeRoute, "/api/caja/subscribe", boxSubscription);
const rows = async (table: PgTable) => (await db.select().from(table)).length;

describe("demo mode", () => {
  it("a database without the demo is a plain shop: it simulates only outside production", async () => {
    expect(await shopMode(db)).toBe("plain");
    expect(await maySimulate(db, "production")).toBe(false);
    expect(await maySimulate(db, "development")).toBe(true);
    const subscription = await subscribe();
    expect(subscription.status).toBe(503);
    expect(subscription.json.error).toMatch(/no están configurados/);
    expect(await db.select().from(boxSubscriptions)).toHaveLength(0);
  });

  it("the demo catalogue makes it a demo shop, which simulates Mercado Pago even in production", async () => {
    expect(await seedDemoCatalogue(db)).toBeGreaterThan(0);
    expect(await shopMode(db)).toBe("demo");
    // The demo issues test invoices with the sandbox.
    expect(await getSection(db, "invoicing")).toEqual({
      enabled: true,
      pointOfSale: 1,
      identifyConsumerFrom: 10_000_000,
    });
    expect(await maySimulate(db, "production")).toBe(true);
    const subscription = await subscribe();
    expect(subscription.status).toBe(200);
    expect(subscription.json.init_point).toContain("/pagos/sandbox/");
  });

  it("'Pasar a producción' with a wrong confirmation changes nothing", async () => {
    await expect(leaveDemoMode(db, admin, { deleteDemoData: true, confirmation: "produc" })).rejects.toThrow(
      CONFIRM_LEAVING,
    );
    expect(await shopMode(db)).toBe("demo");
    expect((await demoData(db)).books).toBe(demoIsbns().length);
  });

  it("deletes exactly what it lists, gives back the stock deleted orders held, and never simulates again", async () => {
    // The shop's own book (typed by the admin during the demo), a code, an expense: all stay.
    const [own] = await db
      .insert(books)
      .values({ title: "Libro de la casa", slug: `casa-${randomUUID()}`, priceCents: 1_500_000, stock: 10 })
      .returning();
    if (!own) throw new Error("book not written");
    await db.insert(discountCodes).values({ code: "DEMO10", discountPercentage: 10, active: true });
    await db.insert(expenses).values({ date: "2026-11-01", concept: "Local", category: "Alquiler", amountCents: 5e7 });
    const [demoBook] = await db
      .select()
      .from(books)
      .where(inArray(books.isbn, demoIsbns().slice(0, 1)));
    if (!demoBook) throw new Error("no demo book");

    expect((await order(own.id, "transfer", "DEMO10")).status).toBe(201);
    const mp = await order(demoBook.id, "mercadopago");
    expect(mp.status).toBe(201);
    expect(JSON.stringify(mp.json)).toContain("/pagos/sandbox/");
    expect((await db.select().from(books).where(eq(books.id, own.id)))[0]?.stock).toBe(8);
    expect((await db.select().from(discountCodes))[0]?.usedCount).toBe(1);
    await db.insert(newsletterSubscribers).values({ email: "lector@example.com", source: "shop" });
    const [code] = await db.insert(qrCodes).values({ code: "DEMO1", bookTitle: "Facundo" }).returning();
    if (!code) throw new Error("code not written");
    await db
      .insert(prizeClaims)
      .values({ qrCodeId: code.id, name: "Mara", email: "mara@example.com", dni: "30123456", phone: "1155551234" });
    await db
      .insert(specialOrders)
      .values({ bookTitle: "Rayuela", name: "Juan", email: "j@example.com", scope: "national" });

    // The orders' test invoices (one cancelled by a credit note), the sandbox's store and numbering; a
    // homologación lease is ARCA's own and stays.
    const placed = await db.select().from(orders);
    const invoice = await insertInvoice(db, { orderId: placed[0]?.id, number: 1 });
    await insertInvoice(db, { kind: "credit_note", originalInvoiceId: invoice.id, number: 1 });
    await insertInvoice(db, { orderId: placed[1]?.id, number: 2 });
    await db.insert(arcaSandboxVouchers).values({
      cuit: "20000000001",
      pointOfSale: 1,
      voucherType: 6,
      number: 1,
      cae: "76451234567890",
      caeExpiry: "2026-11-20",
      data: {},
    });
    await db.insert(invoiceSequences).values([
      { environment: "sandbox", issuerCuit: "20000000001", pointOfSale: 1, voucherType: 6 },
      { environment: "homologacion", issuerCuit: "20000000001", pointOfSale: 1, voucherType: 6 },
    ]);

    const listed = await demoData(db);
    expect(listed).toMatchObject({
      invoices: 3,
      books: demoIsbns().length,
      orders: 2,
      specialOrders: 1,
      boxSubscriptions: 1,
      newsletterSubscribers: 1,
      qrCodes: 1,
    });
    expect(listed.mail).toBeGreaterThan(0);
    expect(listed.sandboxPayments).toBeGreaterThan(0);

    const [first, second] = await Promise.allSettled([
      leaveDemoMode(db, admin, { deleteDemoData: true, confirmation: "Producción" }),
      leaveDemoMode(db, admin, { deleteDemoData: true, confirmation: "PRODUCCION" }),
    ]);
    // Two admins confirming at once: the database lets one through.
    const outcomes = [first, second];
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe(NOT_IN_DEMO);
    const done = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<unknown>;
    expect(done.value).toEqual(listed);

    expect(await shopMode(db)).toBe("live");
    expect(await maySimulate(db, "development")).toBe(false);
    expect(await maySimulate(db, "test")).toBe(false);
    expect(await db.select().from(books).where(inArray(books.isbn, demoIsbns()))).toHaveLength(0);
    for (const table of [orders, specialOrders, boxSubscriptions, newsletterSubscribers, qrCodes, mailOutbox]) {
      expect(await rows(table)).toBe(0);
    }
    expect(await db.select().from(paymentSandboxResources)).toHaveLength(0);
    expect(await rows(invoices)).toBe(0);
    expect(await rows(arcaSandboxVouchers)).toBe(0);
    expect(await db.select({ environment: invoiceSequences.environment }).from(invoiceSequences)).toEqual([
      { environment: "homologacion" },
    ]);
    // The real shop configures ARCA and turns invoicing on itself; its point of sale is kept to edit.
    expect(await getSection(db, "invoicing")).toEqual({
      enabled: false,
      pointOfSale: 1,
      identifyConsumerFrom: 10_000_000,
    });
    // Kept: the shop's book with its stock back, the code (uses recounted), the expense, the settings.
    expect((await db.select().from(books).where(eq(books.id, own.id)))[0]?.stock).toBe(10);
    expect((await db.select().from(discountCodes))[0]).toMatchObject({ code: "DEMO10", usedCount: 0 });
    expect(await db.select().from(expenses)).toHaveLength(1);
    expect((await db.select().from(settings)).length).toBeGreaterThan(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "shop.go-live"));
    expect(entry).toMatchObject({ adminEmail: admin.email, entity: "shop" });
    expect(entry?.details).toEqual({ deleted: listed });

    // Payments are refused now, before anything is written, and the demo never comes back.
    const subscription = await subscribe();
    expect(subscription.status).toBe(503);
    expect(await db.select().from(boxSubscriptions)).toHaveLength(0);
    const refusedOrder = await order(own.id, "mercadopago");
    expect(refusedOrder.status).toBe(503);
    expect(await db.select().from(orders)).toHaveLength(0);
    await db.delete(books);
    expect(await seedDemoCatalogue(db)).toBe(0);
    expect(await countBooks(db)).toBe(0);
    expect(await shopMode(db)).toBe("live");
  });
});
