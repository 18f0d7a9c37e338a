import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fairStock, fairs, sales } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { seedReportFixtures } from "../../../tests/support/report-fixtures";
import { recordTestSale } from "../../../tests/support/sale-fixtures";
import { CHANNELS, PAYMENT_METHODS } from "./channels";
import { marginMonths } from "./margin.server";
import { parseRange, type ReportRange, rangeQuery } from "./range";
import { reorderList } from "./reorder.server";
import { reportCsv } from "./reports.server";
import {
  categoryShares,
  discountsGiven,
  fairSales,
  inPersonDiscounts,
  salesSeries,
  topAuthors,
  topBooks,
} from "./sales.server";
import { slowMovers, stockValue } from "./stock.server";

/*
 * "A sale is a sale" (DESIGN §9): the online orders of tests/support/report-fixtures.ts (see reports.test.ts)
 * plus counter and fair sales recorded as POST /api/admin/ventas records them. In pesos:
 *   S1 2026-03-02 counter cash   15.000  (A×1 at its list price)
 *   S2 2026-03-20 counter card   21.780  (C×2 at 12.100 with 10 % off the line: 24.200 − 2.420; IVA 21 %: net 18.000)
 *   S3 2026-04-25 fair    cash   28.800  (B×2 at a fair price of 16.000, the fair's 10 %: 32.000 − 3.200)
 * Not sales: S4 2026-04-25 fair QR 14.400 waiting for Mercado Pago; S5 2026-03-21 counter transfer, cancelled.
 * The fair got 5 copies of B (the shop's 3 stay in the shop).
 */
const { database, db, admin } = await adminTestDatabase();
const { A, B, C, D } = await seedReportFixtures(db);
let fair: typeof fairs.$inferSelect;
// The sales need their seller's row, which the database's own beforeAll writes.
beforeAll(async () => {
  const [created] = await db
    .insert(fairs)
    .values({
      name: "Feria del Libro",
      place: "La Rural",
      startsOn: "2026-04-23",
      endsOn: "2026-05-12",
      discountPercent: 10,
      status: "open",
    })
    .returning();
  if (!created) throw new Error("no fair");
  fair = created;
  await db.insert(fairStock).values({ fairId: fair.id, bookId: B.id, quantity: 5, sentQuantity: 5 });
  await recordTestSale(database, admin, "2026-03-02T15:00", { items: [{ id: A.id, quantity: 1 }] });
  await recordTestSale(database, admin, "2026-03-20T11:00", {
    payment: "card",
    items: [{ id: C.id, quantity: 2, discountPercent: 10 }],
  });
  await recordTestSale(database, admin, "2026-04-25T18:00", {
    fairId: fair.id,
    items: [{ id: B.id, quantity: 2, price: 16_000 }],
  });
  await recordTestSale(database, admin, "2026-04-25T19:00", {
    fairId: fair.id,
    payment: "mercadopago_qr",
    items: [{ id: B.id, quantity: 1, price: 16_000 }],
  });
  const cancelled = await recordTestSale(database, admin, "2026-03-21T10:00", {
    payment: "transfer",
    items: [{ id: D.id, quantity: 1 }],
  });
  await db.update(sales).set({ status: "cancelled" }).where(eq(sales.id, cancelled.sale.id));
});

const c = (pesos: number) => pesos * 100;
const MARCH_APRIL: ReportRange = { from: "2026-03-01", to: "2026-04-30", grain: "mes" };
const only = (channel: ReportRange["channel"]): ReportRange => ({ ...MARCH_APRIL, channel });
const tally = (sales: number, pesos: number) => ({ sales, cents: c(pesos) });

describe("the sales series over every channel", () => {
  it("counts counter and fair sales with the online orders, by payment method and by channel", async () => {
    const { buckets, totals } = await salesSeries(db, MARCH_APRIL);
    // March: online 82.130 (3) + counter 15.000 + 21.780 (2) = 118.910; April: online 15.000 + fair 28.800.
    expect(buckets.map((bucket) => [bucket.key, bucket.sales, bucket.revenueCents])).toEqual([
      ["2026-03", 5, c(118_910)],
      ["2026-04", 2, c(43_800)],
    ]);
    expect(totals.methods).toEqual({
      transfer: tally(2, 53_040),
      mercadopago: tally(2, 44_090),
      cash: tally(2, 43_800),
      card: tally(1, 21_780),
      mercadopago_qr: tally(0, 0),
    });
    expect(totals.channels).toEqual({
      online: tally(4, 97_130),
      counter: tally(2, 36_780),
      fair: tally(1, 28_800),
    });
    expect(Object.keys(totals.methods)).toEqual([...PAYMENT_METHODS]);
    expect(Object.keys(totals.channels)).toEqual([...CHANNELS]);
  });

  it("filters by channel, and online alone is what the reports showed before", async () => {
    expect((await salesSeries(db, only("counter"))).totals).toMatchObject({ sales: 2, revenueCents: c(36_780) });
    expect((await salesSeries(db, only("fair"))).totals).toMatchObject({ sales: 1, revenueCents: c(28_800) });
    expect((await salesSeries(db, only("online"))).totals).toMatchObject({ sales: 4, revenueCents: c(97_130) });
    expect(await fairSales(db, MARCH_APRIL)).toEqual([
      { fairId: fair.id, name: "Feria del Libro", sales: 1, units: 2, revenueCents: c(28_800) },
    ]);
    expect(await fairSales(db, only("counter"))).toEqual([]);
  });

  it("reads the channel from the URL and writes it back", () => {
    const { range } = parseRange(new URLSearchParams("desde=2026-03-01&hasta=2026-04-30&canal=local"));
    expect(range).toEqual({ from: "2026-03-01", to: "2026-04-30", grain: "dia", channel: "counter" });
    expect(rangeQuery(range)).toBe("desde=2026-03-01&hasta=2026-04-30&agrupar=dia&canal=local");
    expect(parseRange(new URLSearchParams("canal=feria")).range.channel).toBe("fair");
    // An unknown channel is every channel.
    expect(parseRange(new URLSearchParams("canal=kiosco")).range.channel).toBeUndefined();
  });
});

describe("books, authors, categories and discounts", () => {
  it("ranks books and authors with the units sold at the counter and at fairs", async () => {
    // B: 3 online (43.740) + 2 at the fair (28.800); A: 3 online (40.500) + 1 at the counter (15.000);
    // C: 1 online (10.890) + 2 at the counter (21.780).
    expect((await topBooks(db, MARCH_APRIL)).map((book) => [book.title, book.units, book.revenueCents])).toEqual([
      ["Mirar el arte", 5, c(72_540)],
      ["Rayuela", 4, c(55_500)],
      ["Taza Rizoma", 3, c(32_670)],
    ]);
    expect((await topBooks(db, only("counter"))).map((book) => [book.title, book.units])).toEqual([
      ["Taza Rizoma", 2],
      ["Rayuela", 1],
    ]);
    expect(await topAuthors(db, MARCH_APRIL)).toEqual([
      { author: "John Berger", units: 5, revenueCents: c(72_540) },
      { author: "Julio Cortázar", units: 4, revenueCents: c(55_500) },
    ]);
  });

  it("shares per category over every channel's lines", async () => {
    // Lines: 95.130 online + 15.000 + 21.780 + 28.800 = 160.710. A 55.500 → 34,5 %; B 72.540 → 45,1 %;
    // the mug 32.670 → 20,3 %.
    expect(
      (await categoryShares(db, MARCH_APRIL)).map((row) => [row.name, row.units, row.revenueCents, row.percent]),
    ).toEqual([
      ["Literatura y Ficción", 4, c(55_500), 34.5],
      ["Filosofía y Pensamiento", 5, c(72_540), 45.1],
      ["Arte y Diseño", 5, c(72_540), 45.1],
      ["Peow Studios", 0, 0, 0],
      ["Sin categoría", 3, c(32_670), 20.3],
    ]);
  });

  it("keeps the online codes apart and adds the counter's and the fairs' discounts", async () => {
    expect(await discountsGiven(db, MARCH_APRIL)).toEqual({
      codes: [{ code: "PRIMAVERA", uses: 2, discountCents: c(6_610) }],
      transfer: { orders: 2, discountCents: c(9_360) },
    });
    // S2's line discount 2.420; S3's fair discount 3.200 (S4 is not paid yet).
    expect(await inPersonDiscounts(db, MARCH_APRIL)).toEqual({
      counter: { sales: 1, discountCents: c(2_420) },
      fair: { sales: 1, discountCents: c(3_200) },
    });
    expect(await discountsGiven(db, only("fair"))).toEqual({ codes: [], transfer: { orders: 0, discountCents: 0 } });
  });
});

describe("margin, stock and reorder", () => {
  it("nets every channel's sales against the expenses, whatever channel the page shows", async () => {
    // March net: 78.240 online + 15.000 (A, exempt) + 18.000 (the mugs without IVA); April: 15.000 + 28.800.
    const expected = [
      { month: "2026-03", netSalesCents: c(111_240), expensesCents: c(40_000), marginCents: c(71_240) },
      { month: "2026-04", netSalesCents: c(43_800), expensesCents: c(20_000), marginCents: c(23_800) },
    ];
    expect(await marginMonths(db, MARCH_APRIL)).toEqual(expected);
    expect(await marginMonths(db, only("counter"))).toEqual(expected);
  });

  it("values the copies at the fair with the shop's, and a cancelled sale leaves its book asleep", async () => {
    // Shop: B 3, C 10 − 2 = 8, D 4 − 1 = 3 (the cancelled sale took it; stock is the fairs' pages' and
    // the sale's business), E 2, G 2; A sold its last copy. The fair: B 5 − 2 − 1 = 2.
    expect(await stockValue(db)).toEqual({
      titles: 5,
      units: 20,
      listCents: c(5 * 20_000 + 8 * 12_100 + 3 * 5_000 + 2 * 8_000),
      sellingCents: c(5 * 18_000 + 8 * 12_100 + 3 * 5_000 + 2 * 8_000),
      withoutPrice: 1,
    });
    const { books } = await slowMovers(db, MARCH_APRIL);
    expect(books.map((book) => [book.title, book.lastSoldOn])).toEqual([
      ["Viejo stock", null],
      ["Vendido antes", "2026-02-10"],
      ["Sin precio", null],
    ]);
  });

  it("counts the counter's units in the reorder list's recent sales", async () => {
    // A: 3 online + 1 at the counter in the last 90 days, 1 in the last 30 (O6); no stock left, 1 waiting:
    // 1 + ⌈4 / 3⌉ − 0 = 3.
    const { books } = await reorderList(db, { threshold: 2, publisher: null }, "2026-04-30");
    expect(books.find((book) => book.title === "Rayuela")).toMatchObject({
      stock: 0,
      waiting: 1,
      sold30: 1,
      sold90: 4,
      suggested: 3,
    });
  });
});

describe("CSV", () => {
  it("downloads the sales per channel and the discounts with the counter's and the fair's", async () => {
    expect(await reportCsv(db, "canales", MARCH_APRIL)).toBe(
      "\uFEFFPeríodo;Desde;Ventas online;Online;Ventas en el local;En el local;Ventas en ferias;En ferias;Total\r\n" +
        'mar 2026;2026-03;3;"82130,00";2;"36780,00";0;"0,00";"118910,00"\r\n' +
        'abr 2026;2026-04;1;"15000,00";0;"0,00";1;"28800,00";"43800,00"\r\n',
    );
    expect(await reportCsv(db, "ventas", MARCH_APRIL)).toBe(
      "\uFEFFPeríodo;Desde;Ventas;Transferencia;Mercado Pago;Efectivo;Tarjeta;QR de Mercado Pago;Total\r\n" +
        'mar 2026;2026-03;5;"53040,00";"29090,00";"15000,00";"21780,00";"0,00";"118910,00"\r\n' +
        'abr 2026;2026-04;2;"0,00";"15000,00";"28800,00";"0,00";"0,00";"43800,00"\r\n',
    );
    expect(await reportCsv(db, "descuentos", MARCH_APRIL)).toBe(
      '\uFEFFDescuento;Usos;Total descontado\r\nPRIMAVERA;2;"6610,00"\r\nTransferencia;2;"9360,00"\r\n' +
        'Descuentos en el local;1;"2420,00"\r\nDescuentos en ferias;1;"3200,00"\r\n',
    );
  });
});
