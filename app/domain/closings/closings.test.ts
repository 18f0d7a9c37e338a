import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, NotFound } from "~/domain/errors";
import { flaggedSalesCount } from "~/domain/sales/queries.server";
import { addDays, numericDate, todayInBuenosAires } from "~/lib/dates";
import { auditLog, books, cashClosings, fairs, sales } from "~db/schema";
import { addAdmin, adminTestDatabase } from "../../../tests/support/admin-database";
import { recordTestSale } from "../../../tests/support/sale-fixtures";
import { CLOSING_MESSAGES, closeCash, closingFormSchema, reopenCash } from "./close.server";
import { flaggedForReview, reviewFlaggedSale } from "./flagged.server";
import { type ClosingPlace, COUNTER } from "./place";
import { closingDay, placesOfDay } from "./summary.server";

/*
 * A day at the counter three days ago (Buenos Aires: a closed day is never in the future, and a sale synced
 * late must fit the phones' offline window), in pesos; books at 10.000 (Zama) and 5.000 (Facundo):
 *   ana  10:05 cash      20.000  Zama×2
 *   beto 11:00 transfer   5.000  Facundo×1
 *   ana  12:30 card      15.000  Zama×1 + Facundo×1
 *   beto 13:00 QR         5.000  Facundo×1, waiting for Mercado Pago
 *   ana  13:30 cash       5.000  Facundo×1, cancelled afterwards
 * Not of this day or place: a cash sale at the fair the same day (8.000) and a cash sale the day before.
 */
const { database, db, admin: owner } = await adminTestDatabase();
const ana: AdminIdentity = { id: 2, email: "ana@rizoma.com.ar", role: "staff" };
const beto: AdminIdentity = { id: 3, email: "beto@rizoma.com.ar", role: "staff" };
const DAY = addDays(todayInBuenosAires(), -3);
const DAY_BEFORE = addDays(DAY, -1);
const c = (pesos: number) => pesos * 100;
let zama: number;
let facundo: number;
let fair: ClosingPlace & { kind: "fair" };

beforeAll(async () => {
  await addAdmin(db, ana);
  await addAdmin(db, beto);
  const rows = await db
    .insert(books)
    .values([
      { title: "Zama", slug: "zama", author: "Antonio Di Benedetto", priceCents: c(10_000), stock: 20 },
      { title: "Facundo", slug: "facundo", author: "Domingo F. Sarmiento", priceCents: c(5_000), stock: 20 },
    ])
    .returning();
  [zama, facundo] = rows.map((row) => row.id) as [number, number];
  const [created] = await db
    .insert(fairs)
    .values({ name: "Feria de Editores", startsOn: DAY_BEFORE, endsOn: addDays(DAY, 2), status: "open" })
    .returning();
  if (!created) throw new Error("no fair");
  fair = { kind: "fair", fairId: created.id };
  const at = (time: string) => `${DAY}T${time}`;
  await recordTestSale(database, ana, at("10:05"), { items: [{ id: zama, quantity: 2 }], cashReceived: 20_000 });
  await recordTestSale(database, beto, at("11:00"), { payment: "transfer", items: [{ id: facundo, quantity: 1 }] });
  await recordTestSale(database, ana, at("12:30"), {
    payment: "card",
    items: [
      { id: zama, quantity: 1 },
      { id: facundo, quantity: 1 },
    ],
  });
  await recordTestSale(database, beto, at("13:00"), {
    payment: "mercadopago_qr",
    items: [{ id: facundo, quantity: 1 }],
  });
  const cancelled = await recordTestSale(database, ana, at("13:30"), { items: [{ id: facundo, quantity: 1 }] });
  await db.update(sales).set({ status: "cancelled" }).where(eq(sales.id, cancelled.sale.id));
  await recordTestSale(database, ana, at("15:00"), {
    fairId: created.id,
    items: [{ id: zama, quantity: 1, price: 8_000 }],
  });
  await recordTestSale(database, ana, `${DAY_BEFORE}T19:00`, { items: [{ id: zama, quantity: 1 }] });
});

const form = (fields: Record<string, string>) =>
  closingFormSchema.parse({ fecha: DAY, lugar: "local", inicial: "", nota: "", ...fields });
/** Money is written with a no-break space ("$\u00a0500"). */
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, " ");
const closings = async () => (await db.select({ n: count() }).from(cashClosings))[0]?.n;

describe("the day at a place", () => {
  it("totals the paid sales per payment method, says who sold what, and lists the QR sales still waiting", async () => {
    const day = await closingDay(db, DAY, COUNTER);
    expect(day.placeName).toBe("El local");
    expect(day.methods).toEqual({
      cash: { sales: 1, cents: c(20_000) },
      transfer: { sales: 1, cents: c(5_000) },
      card: { sales: 1, cents: c(15_000) },
      mercadopago_qr: { sales: 0, cents: 0 },
    });
    expect(day.paid).toEqual({ sales: 3, cents: c(40_000) });
    expect(day.cancelled).toBe(1);
    expect(day.cashSalesCents).toBe(c(20_000));
    // ana sold 35.000 in two sales, beto 5.000 in one: the best first, with their books.
    expect(
      day.sellers.map((seller) => [seller.sellerName, seller.sales.length, seller.totalCents, seller.books]),
    ).toEqual([
      [
        "ana@rizoma.com.ar",
        2,
        c(35_000),
        [
          { title: "Zama", quantity: 3 },
          { title: "Facundo", quantity: 1 },
        ],
      ],
      ["beto@rizoma.com.ar", 1, c(5_000), [{ title: "Facundo", quantity: 1 }]],
    ]);
    expect(day.pendingQr.map((sale) => [sale.sellerName, sale.totalCents])).toEqual([["beto@rizoma.com.ar", c(5_000)]]);
    expect(day.closing).toBeNull();
  });

  it("keeps a fair's day apart from the counter's, and offers the fairs running that day", async () => {
    const atFair = await closingDay(db, DAY, fair);
    expect(atFair.placeName).toBe("Feria de Editores");
    expect(atFair.paid).toEqual({ sales: 1, cents: c(8_000) });
    expect(await placesOfDay(db, DAY)).toEqual([{ fairId: fair.fairId, name: "Feria de Editores" }]);
    expect(await placesOfDay(db, addDays(DAY, 5))).toEqual([]);
    await expect(closingDay(db, DAY, { kind: "fair", fairId: 999 })).rejects.toBeInstanceOf(NotFound);
  });
});

describe("closing the cash", () => {
  it("reads what the seller typed in es-AR and refuses what is not money, a future day or an unknown place", () => {
    expect(form({ inicial: "5.000", contado: "24.500,50" })).toMatchObject({ inicial: c(5_000), contado: 2_450_050 });
    expect(form({ contado: "0" })).toMatchObject({ inicial: 0, contado: 0, lugar: COUNTER });
    const problems = (fields: Record<string, string>) =>
      closingFormSchema
        .safeParse({ fecha: DAY, lugar: "local", inicial: "", ...fields })
        .error?.issues.map((issue) => issue.message);
    expect(problems({ contado: "" })).toEqual([CLOSING_MESSAGES.counted]);
    expect(problems({ contado: "12,500" })).toEqual([CLOSING_MESSAGES.counted]);
    expect(problems({ contado: "100", inicial: "-5" })).toEqual([CLOSING_MESSAGES.float]);
    expect(problems({ contado: "100", fecha: "2999-01-01" })).toEqual([CLOSING_MESSAGES.future]);
    expect(problems({ contado: "100", lugar: "kiosco" })).toEqual([CLOSING_MESSAGES.place]);
  });

  it("saves expected (float + cash sales) against counted, once: the second closing is told who closed it", async () => {
    // Expected 5.000 + 20.000 = 25.000; counted 24.500 → 500 missing.
    const saved = await closeCash(db, ana, form({ inicial: "5.000", contado: "24.500", nota: "Faltan 500" }));
    expect(saved).toMatchObject({
      day: DAY,
      fairId: null,
      openingFloatCents: c(5_000),
      cashSalesCents: c(20_000),
      salesCount: 3,
      expectedCents: c(25_000),
      countedCents: c(24_500),
      differenceCents: c(-500),
      note: "Faltan 500",
      closedByName: "ana@rizoma.com.ar",
    });
    const second = closeCash(db, beto, form({ contado: "30.000" }));
    await expect(second).rejects.toBeInstanceOf(Conflict);
    await expect(second).rejects.toThrow(/^Esta caja ya la cerró ana@rizoma\.com\.ar a las \d\d:\d\d/);
    expect((await closingDay(db, DAY, COUNTER)).closing).toMatchObject({ countedCents: c(24_500) });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "cash.close"));
    expect(plain(audit?.summary)).toBe(
      `Cerró la caja del local del ${numericDate(DAY)}: esperado $ 25.000, contado $ 24.500 (faltan $ 500)`,
    );
  });

  it("shows a sale synced after the closing as a change since", async () => {
    // The phone sold at 18:00 without signal and synced now, after the closing.
    await recordTestSale(database, beto, new Date(), {
      soldAt: new Date(`${DAY}T18:00:00-03:00`).toISOString(),
      offline: true,
      items: [{ id: facundo, quantity: 1 }],
    });
    expect((await closingDay(db, DAY, COUNTER)).sinceClosing).toEqual({ sales: 1, cashCents: c(5_000) });
  });

  it("lets two people close one place at once and keeps one closing; a fair closes apart", async () => {
    const day = DAY_BEFORE;
    const results = await Promise.allSettled([
      closeCash(db, ana, form({ fecha: day, contado: "10.000" })),
      closeCash(db, beto, form({ fecha: day, contado: "9.000" })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    expect((await db.select({ n: count() }).from(cashClosings).where(eq(cashClosings.day, day)))[0]?.n).toBe(1);
    const atFair = await closeCash(db, ana, form({ lugar: `feria-${fair.fairId}`, contado: "8.000" }));
    expect(atFair).toMatchObject({ fairId: fair.fairId, expectedCents: c(8_000), differenceCents: 0 });
  });

  it("reopens a closing (the row goes, the audit keeps its numbers) so it can be closed again", async () => {
    const before = await closings();
    await reopenCash(db, owner, DAY, COUNTER);
    expect(await closings()).toBe((before ?? 0) - 1);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "cash.reopen"));
    expect(plain(audit?.summary)).toBe(
      `Reabrió la caja del local del ${numericDate(DAY)} (la había cerrado ana@rizoma.com.ar: faltan $ 500)`,
    );
    expect(audit?.details).toMatchObject({ countedCents: c(24_500), expectedCents: c(25_000) });
    await expect(reopenCash(db, owner, DAY, COUNTER)).rejects.toThrow(CLOSING_MESSAGES.notClosed);
    // Closed again with the late sale in: 5.000 + 25.000.
    expect(await closeCash(db, beto, form({ inicial: "5.000", contado: "30.000" }))).toMatchObject({
      salesCount: 4,
      expectedCents: c(30_000),
      differenceCents: 0,
    });
  });
});

describe("sales sold beyond the stock", () => {
  it("lists them until someone marks them reviewed, once, in the audit log", async () => {
    const [scarce] = await db
      .insert(books)
      .values({ title: "Los siete locos", slug: "los-siete-locos", priceCents: c(7_000), stock: 1 })
      .returning();
    if (!scarce) throw new Error("no book");
    const flaggedBefore = await flaggedSalesCount(db);
    const short = await recordTestSale(database, ana, `${DAY}T17:00`, { items: [{ id: scarce.id, quantity: 3 }] });
    expect(await flaggedSalesCount(db)).toBe(flaggedBefore + 1);
    expect((await flaggedForReview(db)).find((sale) => sale.number === short.sale.number)).toMatchObject({
      placeName: "El local",
      sellerName: "ana@rizoma.com.ar",
      shortages: [{ bookId: scarce.id, title: "Los siete locos", requested: 3, available: 1 }],
    });
    expect((await closingDay(db, DAY, COUNTER)).sellers[0]?.sales.some((sale) => sale.flagged)).toBe(true);

    expect(await reviewFlaggedSale(db, beto, short.sale.number.toLowerCase())).toBe(true);
    expect(await reviewFlaggedSale(db, beto, short.sale.number)).toBe(false);
    expect(await flaggedSalesCount(db)).toBe(flaggedBefore);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sale.short_reviewed"), eq(auditLog.entityId, short.sale.number)));
    expect(audits.map((row) => [row.adminEmail, row.summary])).toEqual([
      [
        "beto@rizoma.com.ar",
        `Revisó la venta ${short.sale.number}, hecha sin stock suficiente («Los siete locos»: se vendieron 3, había 1)`,
      ],
    ]);
    // A sale that was never flagged is not something to review.
    const plain = await db.select({ number: sales.number }).from(sales).where(eq(sales.status, "paid")).limit(1);
    await expect(reviewFlaggedSale(db, beto, plain[0]?.number ?? "")).rejects.toBeInstanceOf(NotFound);
  });
});
