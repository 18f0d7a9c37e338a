import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mergeReorder, type Reorder, reorderNotice } from "~/domain/accounts/reorder";
import { REORDER_REASONS } from "~/domain/accounts/reorder.server";
import type { CartItem } from "~/domain/cart/cart";
import { invoiceDownloadUrl } from "~/domain/invoices/links.server";
import { cancelOrder, confirmPayment, shipOrder } from "~/domain/orders/lifecycle.server";
import { placeOrder } from "~/domain/orders/place.server";
import { getSection } from "~/domain/settings/settings.server";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { books } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { routeArgs } from "../../../tests/support/route-context";
import { action, loader } from "./pedido";

/*
 * /cuenta/pedidos/{number}: the owner's order detail and its "Repetir compra", driven through the route
 * module as a request would (the signed-in customer in the load context, as server/customer-session.ts
 * puts it there).
 */

const { database, db, admin } = await adminTestDatabase();
const ip = clientIps("10.31");
const ctx = () => ({ db, siteUrl: "http://localhost:3000", configuredSecret: null, clientIp: ip() });

async function book(values: Partial<typeof books.$inferInsert> = {}) {
  const [row] = await db
    .insert(books)
    .values({
      title: `Libro ${randomUUID().slice(0, 8)}`,
      slug: `l-${randomUUID()}`,
      priceCents: 1_500_000,
      stock: 20,
      ...values,
    })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

/** An order placed through the checkout's own domain function, by `email`. */
async function place(email: string, items: { id: number; quantity: number }[], extra: Record<string, unknown> = {}) {
  const { order } = await placeOrder(ctx(), {
    items,
    customer: { firstName: "Lucía", lastName: "Pérez", email, phone: "+54 9 11 5555-1234" },
    delivery: { method: "pickup" },
    paymentMethod: "transfer",
    ...extra,
  });
  return order;
}

const signedIn = (email: string | null) => ({ customer: email ? { email } : null, customerToken: null });

async function open(number: string, email: string | null) {
  return loader(
    routeArgs(`/cuenta/pedidos/${number}`, database, { params: { number }, context: signedIn(email) }) as never,
  );
}

async function repeat(number: string, email: string | null, intent = "repeat") {
  return action(
    routeArgs(`/cuenta/pedidos/${number}`, database, {
      method: "POST",
      params: { number },
      body: new URLSearchParams({ intent }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: signedIn(email),
    }) as never,
  );
}

/** What a loader or action threw: a Response (redirect) or React Router's `data()` with its status. */
async function thrown(work: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("the order detail in Mi cuenta", () => {
  it("shows its owner the order, its timeline as it moves, and its vouchers with their signed download links", async () => {
    const novel = await book({ title: "Zama", author: "Antonio Di Benedetto" });
    const poems = await book({ title: "Poemas", priceCents: 800_000 });
    const placed = await place("lectora@example.com", [
      { id: novel.id, quantity: 2 },
      { id: poems.id, quantity: 1 },
    ]);

    const fresh = await open(placed.number, "lectora@example.com");
    expect(fresh.order.number).toBe(placed.number);
    expect(fresh.order.items.map((item) => [item.title, item.quantity, item.unitPrice])).toEqual([
      ["Zama", 2, 15_000],
      ["Poemas", 1, 8_000],
    ]);
    expect(fresh.order.subtotal).toBe(38_000);
    expect(fresh.order.total).toBe(placed.totalCents / 100);
    expect(fresh.order.paymentLabel).toBe("Transferencia bancaria");
    expect(fresh.order.delivery.label).toMatch(/^Retiro en /);
    // An unpaid transfer: the bank details to pay it, as on the buyer's page.
    expect(fresh.bank?.cbu).toBe((await getSection(db, "bank")).cbu);
    expect(fresh.timeline.map((step) => [step.step, step.at !== null])).toEqual([
      ["placed", true],
      ["paid", false],
      ["shipped", false],
      ["delivered", false],
    ]);
    expect(fresh.timeline[2]?.label).toBe("Listo para retirar");
    expect(fresh.invoicing.vouchers).toEqual([]);

    await confirmPayment(ctx(), admin, placed.number);
    await shipOrder(ctx(), admin, placed.number, { trackingCode: "" });
    const invoice = await insertInvoice(db, { orderId: placed.id });
    const moved = await open(placed.number, "lectora@example.com");
    expect(moved.order.status).toBe("shipped");
    expect(moved.bank).toBeNull();
    expect(moved.timeline.map((step) => [step.step, step.at !== null])).toEqual([
      ["placed", true],
      ["paid", true],
      ["shipped", true],
      ["delivered", false],
    ]);
    expect(moved.invoicing.vouchers.map((voucher) => [voucher.id, voucher.title, voucher.url])).toEqual([
      [invoice.id, "Factura B 00001-00000001", await invoiceDownloadUrl(ctx(), placed.number, invoice.id)],
    ]);
  });

  it("shows a shipped order's tracking code, and a cancelled order's timeline ends where it was cancelled", async () => {
    const title = await book();
    const sent = await place("envios@example.com", [{ id: title.id, quantity: 1 }], {
      delivery: { method: "caba", address: "Av. Corrientes 1234", city: "CABA", zipCode: "C1043AAZ" },
    });
    await confirmPayment(ctx(), admin, sent.number);
    await shipOrder(ctx(), admin, sent.number, { trackingCode: "CA123456789AR" });
    const shipped = await open(sent.number, "envios@example.com");
    expect(shipped.order.delivery.trackingCode).toBe("CA123456789AR");
    expect(shipped.order.delivery.label).toBe("Envío en CABA a Av. Corrientes 1234, CABA");
    expect(shipped.timeline[2]?.label).toBe("En camino");

    const dropped = await place("envios@example.com", [{ id: title.id, quantity: 1 }]);
    await cancelOrder(ctx(), admin, dropped.number, { reason: "Lo pidió la clienta" });
    const cancelled = await open(dropped.number, "envios@example.com");
    expect(cancelled.timeline.map((step) => step.step)).toEqual(["placed", "cancelled"]);
    expect(cancelled.timeline.every((step) => step.at !== null)).toBe(true);
  });

  it("is the same 404 for another person's order, an unknown number or a malformed one; without a session, the sign-in", async () => {
    const title = await book();
    const placed = await place("duenia@example.com", [{ id: title.id, quantity: 1 }]);
    expect(await thrown(open(placed.number, "otra@example.com"))).toEqual({ status: 404 });
    for (const number of ["RZ-999999", "RZ-1", "rz-000001", "pedido", `${placed.number}x`, "RZ-0000001'--"]) {
      expect(await thrown(open(number, "duenia@example.com")), number).toEqual({ status: 404 });
    }
    expect(await thrown(open(placed.number, null))).toEqual({
      status: 303,
      location: `/cuenta/ingresar?volver=${encodeURIComponent(`/cuenta/pedidos/${placed.number}`)}`,
    });
    // "Repetir compra" on someone else's order is the same 404, and tells nothing about its books.
    expect(await thrown(repeat(placed.number, "otra@example.com"))).toEqual({ status: 404 });
    expect(await thrown(repeat("RZ-1", "duenia@example.com"))).toEqual({ status: 404 });
    expect((await thrown(repeat(placed.number, null))).status).toBe(303);
    expect(await thrown(repeat(placed.number, "duenia@example.com", "otra-cosa"))).toEqual({ status: 400 });
  });
});

describe("Repetir compra", () => {
  it("puts back what is still for sale, capped at the stock, and tells which books could not go in and why", async () => {
    const today = todayInBuenosAires();
    const plenty = await book({ title: "Hay muchos", stock: 10 });
    const few = await book({ title: "Quedan pocos", stock: 5 });
    const hidden = await book({ title: "Se despublicó", stock: 5 });
    const soldOut = await book({ title: "Se agotó", stock: 5 });
    const paused = await book({ title: "En pausa", stock: 5 });
    const presale = await book({
      title: "En preventa",
      stock: 0,
      preorderReleaseDate: addDays(today, 30),
      preorderPriceCents: 1_200_000,
      preorderLimit: 10,
    });
    const fullPresale = await book({
      title: "Preventa llena",
      stock: 0,
      preorderReleaseDate: addDays(today, 30),
      preorderPriceCents: 1_200_000,
      preorderLimit: 2,
    });
    const placed = await place("repetir@example.com", [
      { id: plenty.id, quantity: 2 },
      { id: few.id, quantity: 3 },
      { id: hidden.id, quantity: 1 },
      { id: soldOut.id, quantity: 1 },
      { id: paused.id, quantity: 1 },
      { id: presale.id, quantity: 2 },
      { id: fullPresale.id, quantity: 2 },
    ]);
    // Since then: one unit of "Quedan pocos" left, one book unpublished, one sold out, one paused, a
    // promotion on the first; the full pre-sale stays full.
    await db.update(books).set({ stock: 1 }).where(eq(books.id, few.id));
    await db.update(books).set({ published: false }).where(eq(books.id, hidden.id));
    await db.update(books).set({ stock: 0 }).where(eq(books.id, soldOut.id));
    await db.update(books).set({ available: false }).where(eq(books.id, paused.id));
    await db.update(books).set({ promotionalPriceCents: 1_000_000 }).where(eq(books.id, plenty.id));

    const answer = (await repeat(placed.number, "repetir@example.com")) as { reorder: Reorder };
    const { reorder } = answer;
    expect(reorder.number).toBe(placed.number);
    expect(reorder.lines.map((line) => [line.title, line.quantity, line.ordered, line.price, line.isPreorder])).toEqual(
      [
        ["Hay muchos", 2, 2, 10_000, false],
        ["Quedan pocos", 1, 3, 15_000, false],
        ["En preventa", 2, 2, 12_000, true],
      ],
    );
    expect(reorder.lines[0]?.taxRate).toBe("exento");
    expect(reorder.skipped).toEqual([
      { title: "Se despublicó", reason: REORDER_REASONS.gone },
      { title: "Se agotó", reason: REORDER_REASONS.soldOut },
      { title: "En pausa", reason: REORDER_REASONS.unavailable },
      { title: "Preventa llena", reason: REORDER_REASONS.preorderFull },
    ]);
    expect(reorderNotice(reorder)).toEqual({
      number: placed.number,
      added: 3,
      problems: [
        "«Se despublicó»: ya no está a la venta.",
        "«Se agotó»: está sin stock por ahora.",
        "«En pausa»: no está disponible en este momento.",
        "«Preventa llena»: se agotaron los lugares de la preventa.",
        "«Quedan pocos»: queda 1 unidad, pediste 3.",
      ],
    });

    // The browser's cart takes them: a book already there keeps the larger quantity, others are added,
    // and pressing the button again changes nothing.
    const inCart: CartItem[] = [
      { id: plenty.id, title: "Hay muchos", author: "", coverUrl: null, priceCents: 1_000_000, quantity: 5 },
      { id: 999_999, title: "Otro", author: "", coverUrl: null, priceCents: 500_000, quantity: 1 },
    ];
    const once = mergeReorder(inCart, reorder.lines);
    expect(once.map((item) => [item.id, item.quantity, item.priceCents])).toEqual([
      [plenty.id, 5, 1_000_000],
      [999_999, 1, 500_000],
      [few.id, 1, 1_500_000],
      [presale.id, 2, 1_200_000],
    ]);
    expect(mergeReorder(once, reorder.lines)).toEqual(once);
    expect(inCart[0]?.quantity).toBe(5);
    // Nothing was reserved: the stock is as it was.
    const [left] = await db.select({ stock: books.stock }).from(books).where(eq(books.id, few.id));
    expect(left?.stock).toBe(1);
  });

  it("answers an empty list (and every reason) when none of the books can be bought now", async () => {
    const gone = await book({ title: "Ya no está", stock: 3 });
    const placed = await place("nada@example.com", [{ id: gone.id, quantity: 1 }]);
    await db.update(books).set({ stock: 0 }).where(eq(books.id, gone.id));
    const { reorder } = (await repeat(placed.number, "nada@example.com")) as { reorder: Reorder };
    expect(reorder.lines).toEqual([]);
    expect(reorder.skipped).toEqual([{ title: "Ya no está", reason: REORDER_REASONS.soldOut }]);
  });
});
