import { describe, expect, it } from "vitest";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { seedReportFixtures } from "../../../tests/support/report-fixtures";
import { boxMonths } from "./box.server";
import { CHANNELS, PAYMENT_METHODS, type SaleChannel, type SalePaymentMethod } from "./channels";
import { marginMonths } from "./margin.server";
import { buckets, defaultGrain, parseRange, type ReportRange, rangePresets } from "./range";
import { reorderList, reorderQuery, suggestedQuantity } from "./reorder.server";
import { categoryShares, discountsGiven, salesSeries, topAuthors, topBooks } from "./sales.server";
import { slowMovers, stockValue } from "./stock.server";

/*
 * The fixtures (tests/support/report-fixtures.ts), in pesos. Sales in [2026-03-01, 2026-04-30]:
 *   O1 2026-03-02 transfer  25.500  (A×2; subtotal 30.000 − 15% transfer 4.500)
 *   O2 2026-03-02 MP        29.090  (B×1 16.200 + C×1 10.890 [net 9.000]; subtotal 30.100 − PRIMAVERA 3.010 + 2.000 shipping)
 *       paid 23:30 in Buenos Aires = 02:30 UTC of the 3rd: it is a sale of the 2nd
 *   O3 2026-03-20 transfer  27.540  (B×2; 36.000 − PRIMAVERA 3.600 − transfer 4.860)
 *   O6 2026-04-10 MP        15.000  (A×1; no paid_at: its creation day)
 * Not counted: O4 cancelled (PRIMAVERA 1.500), O5 pending (transfer 2.250), O7 2026-02-10, O8 2026-05-01 00:30.
 */
const { db } = await adminTestDatabase();
const fixtures = await seedReportFixtures(db);
const c = (pesos: number) => pesos * 100;
const range = (from: string, to: string, grain: ReportRange["grain"] = "mes"): ReportRange => ({ from, to, grain });
const MARCH_APRIL = range("2026-03-01", "2026-04-30");
/** A bucket's tallies: the given [sales, cents], every other method or channel at zero. */
const tallies = <K extends string>(keys: readonly K[], given: Partial<Record<K, [number, number]>>) =>
  Object.fromEntries(keys.map((key) => [key, { sales: given[key]?.[0] ?? 0, cents: given[key]?.[1] ?? 0 }]));
const methods = (given: Partial<Record<SalePaymentMethod, [number, number]>>) => tallies(PAYMENT_METHODS, given);
const channels = (given: Partial<Record<SaleChannel, [number, number]>>) => tallies(CHANNELS, given);

describe("sales", () => {
  it("per month: sales and revenue by payment method and channel; cancelled, pending and outside orders left out", async () => {
    const { buckets: months, totals } = await salesSeries(db, MARCH_APRIL);
    // March: O1 + O2 + O3 = 25.500 + 29.090 + 27.540 = 82.130; transfer O1 + O3 = 53.040; MP O2 = 29.090.
    // April: O6 = 15.000 (MP).
    expect(months).toEqual([
      {
        key: "2026-03",
        sales: 3,
        revenueCents: c(82_130),
        methods: methods({ transfer: [2, c(53_040)], mercadopago: [1, c(29_090)] }),
        channels: channels({ online: [3, c(82_130)] }),
      },
      {
        key: "2026-04",
        sales: 1,
        revenueCents: c(15_000),
        methods: methods({ mercadopago: [1, c(15_000)] }),
        channels: channels({ online: [1, c(15_000)] }),
      },
    ]);
    // 4 orders; 82.130 + 15.000 = 97.130; transfer 53.040 (2), MP 29.090 + 15.000 = 44.090 (2).
    expect(totals).toEqual({
      sales: 4,
      revenueCents: c(97_130),
      methods: methods({ transfer: [2, c(53_040)], mercadopago: [2, c(44_090)] }),
      channels: channels({ online: [4, c(97_130)] }),
    });
  });

  it("per day in Buenos Aires time, every day present; per week from Monday", async () => {
    const days = await salesSeries(db, range("2026-03-01", "2026-03-31", "dia"));
    expect(days.buckets).toHaveLength(31);
    // The 2nd: O1 25.500 + O2 29.090 = 54.590; the 3rd (O2's UTC day) has nothing.
    expect(days.buckets[1]).toMatchObject({ key: "2026-03-02", sales: 2, revenueCents: c(54_590) });
    expect(days.buckets[2]).toMatchObject({ key: "2026-03-03", sales: 0, revenueCents: 0 });
    expect(days.buckets[19]).toMatchObject({ key: "2026-03-20", sales: 1, revenueCents: c(27_540) });

    // 2026-03-01 is a Sunday: weeks start on Monday 2026-02-23; ten Mondays up to 2026-04-27.
    const weeks = await salesSeries(db, { ...MARCH_APRIL, grain: "semana" });
    expect(weeks.buckets.map((bucket) => bucket.key)).toEqual([
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
      "2026-03-23",
      "2026-03-30",
      "2026-04-06",
      "2026-04-13",
      "2026-04-20",
      "2026-04-27",
    ]);
    const byWeek = Object.fromEntries(weeks.buckets.map((bucket) => [bucket.key, bucket.revenueCents]));
    expect(byWeek).toMatchObject({ "2026-03-02": c(54_590), "2026-03-16": c(27_540), "2026-04-06": c(15_000) });
    expect(weeks.totals.revenueCents).toBe(c(97_130));
  });

  it("an empty range has zero buckets of sales", async () => {
    const { buckets: none, totals } = await salesSeries(db, range("2025-01-01", "2025-01-31"));
    expect(none).toHaveLength(1);
    expect(totals.sales).toBe(0);
  });

  it("top books and authors by units, then revenue (lines after discounts, without shipping)", async () => {
    // B: 1 (O2) + 2 (O3) = 3 units, 16.200 + 27.540 = 43.740; A: 2 (O1) + 1 (O6) = 3, 25.500 + 15.000 = 40.500;
    // C: 1, 10.890. Equal units: more revenue first.
    expect((await topBooks(db, MARCH_APRIL)).map((book) => [book.title, book.units, book.revenueCents])).toEqual([
      ["Mirar el arte", 3, c(43_740)],
      ["Rayuela", 3, c(40_500)],
      ["Taza Rizoma", 1, c(10_890)],
    ]);
    // The mug has no author; " Julio Cortázar " of O6 is the same author trimmed.
    expect(await topAuthors(db, MARCH_APRIL)).toEqual([
      { author: "John Berger", units: 3, revenueCents: c(43_740) },
      { author: "Julio Cortázar", units: 3, revenueCents: c(40_500) },
    ]);
  });

  it("shares per category: a book in two counts in both; books in none are 'Sin categoría'", async () => {
    // All lines: 25.500 + 16.200 + 10.890 + 27.540 + 15.000 = 95.130.
    // Literatura (A): 40.500 / 95.130 = 42,57 % → 42,6. B (Ensayo, "Arte") is in Filosofía and in Arte:
    // 43.740 / 95.130 = 45,98 % → 46,0 each. The mug: 10.890 / 95.130 = 11,45 % → 11,4.
    expect(
      (await categoryShares(db, MARCH_APRIL)).map((row) => [row.name, row.units, row.revenueCents, row.percent]),
    ).toEqual([
      ["Literatura y Ficción", 3, c(40_500), 42.6],
      ["Filosofía y Pensamiento", 3, c(43_740), 46],
      ["Arte y Diseño", 3, c(43_740), 46],
      ["Peow Studios", 0, 0, 0],
      ["Sin categoría", 1, c(10_890), 11.4],
    ]);
  });

  it("discounts per code (any case) and the transfer discount apart", async () => {
    // PRIMAVERA: O2 3.010 + O3 3.600 = 6.610 in 2 uses (O4's 1.500 was cancelled). Transfer: O1 4.500 + O3 4.860.
    expect(await discountsGiven(db, MARCH_APRIL)).toEqual({
      codes: [{ code: "PRIMAVERA", uses: 2, discountCents: c(6_610) }],
      transfer: { orders: 2, discountCents: c(9_360) },
    });
  });
});

describe("Caja Rizoma", () => {
  it("per month: charges by their Buenos Aires day; new subscribers, pauses and cancellations", async () => {
    // March: p1 + p2 = 2 × 25.000; s1 and s2 become active (gained 2); s3 cancelled (its start was in February).
    // April: p3 + p5 (23:00 of the 30th in Buenos Aires) = 50.000; s1 paused and back (not a new one); s2 cancelled.
    expect(await boxMonths(db, MARCH_APRIL)).toEqual([
      { month: "2026-03", payments: 2, revenueCents: c(50_000), gained: 2, paused: 0, cancelled: 1 },
      { month: "2026-04", payments: 2, revenueCents: c(50_000), gained: 0, paused: 1, cancelled: 1 },
    ]);
  });
});

describe("margin", () => {
  it("is sales without IVA minus the month's expenses", async () => {
    // March net: O1 25.500 + O2 (16.200 + 9.000 of the mug's 10.890) + O3 27.540 = 78.240; expenses 30.000 + 10.000.
    // April net: O6 15.000; expenses 20.000 → −5.000. February's and May's expenses are outside.
    expect(await marginMonths(db, MARCH_APRIL)).toEqual([
      { month: "2026-03", netSalesCents: c(78_240), expensesCents: c(40_000), marginCents: c(38_240) },
      { month: "2026-04", netSalesCents: c(15_000), expensesCents: c(20_000), marginCents: c(-5_000) },
    ]);
  });
});

describe("stock", () => {
  it("values the shelves at list and at selling price", async () => {
    // With stock: A 1 × 15.000, B 3 × 20.000 (promo 18.000), C 10 × 12.100, D 4 × 5.000, E 2 × 8.000, G 2 × no price.
    // Units 1 + 3 + 10 + 4 + 2 + 2 = 22. List 15.000 + 60.000 + 121.000 + 20.000 + 16.000 = 232.000;
    // selling: B at 54.000 instead of 60.000 → 226.000.
    expect(await stockValue(db)).toEqual({
      titles: 6,
      units: 22,
      listCents: c(232_000),
      sellingCents: c(226_000),
      withoutPrice: 1,
    });
  });

  it("lists books with stock and no sale in the range, oldest in the catalogue first", async () => {
    // A, B, C sold in the range. D (2020) never sold; E (2021) last sold on 2026-02-10; G (new) never.
    const { total, books } = await slowMovers(db, MARCH_APRIL);
    expect(total).toBe(3);
    expect(books.map((book) => [book.title, book.stock, book.valueCents, book.lastSoldOn])).toEqual([
      ["Viejo stock", 4, c(20_000), null],
      ["Vendido antes", 2, c(16_000), "2026-02-10"],
      ["Sin precio", 2, 0, null],
    ]);
    expect(books[0]?.addedOn).toBe("2020-01-01");
    expect((await slowMovers(db, MARCH_APRIL, 1)).total).toBe(3);
  });
});

describe("reorder list", () => {
  const TODAY = "2026-04-30";

  it("lists published books at or under the threshold, most awaited then best selling", async () => {
    // Stock ≤ 2 and published: A (1), E (2), G (2), H (0); F is unpublished.
    // Last 90 days = 2026-01-31..04-30: A sold 2 (O1) + 1 (O6) = 3, 1 of them in the last 30 (O6); E 1 (O7).
    // Waiting: H 3; A 1 (the other alert was already sent).
    // Suggested = waiting + ⌈sold90 / 3⌉ − stock: H 3 + 0 − 0 = 3; A 1 + 1 − 1 = 1; E 0 + 1 − 2 → 0; G 0.
    const { books, publishers } = await reorderList(db, { threshold: 2, publisher: null }, TODAY);
    expect(
      books.map((book) => [book.title, book.stock, book.waiting, book.sold30, book.sold90, book.suggested]),
    ).toEqual([
      ["Agotado esperado", 0, 3, 0, 0, 3],
      ["Rayuela", 1, 1, 1, 3, 1],
      ["Vendido antes", 2, 0, 0, 1, 0],
      ["Sin precio", 2, 0, 0, 0, 0],
    ]);
    expect(publishers).toEqual(["Alfaguara", "Caja Negra"]);
    expect(books[0]).toMatchObject({ isbn: "9789871622481", publisher: "Caja Negra", bookId: fixtures.H.id });
  });

  it("filters by publisher and by another threshold", async () => {
    const caja = await reorderList(db, { threshold: 2, publisher: "Caja Negra" }, TODAY);
    expect(caja.books.map((book) => book.title)).toEqual(["Agotado esperado", "Vendido antes"]);
    const none = await reorderList(db, { threshold: 0, publisher: null }, TODAY);
    expect(none.books.map((book) => book.title)).toEqual(["Agotado esperado"]);
  });

  it("reads the threshold from the setting unless the URL overrides it", async () => {
    const query = (search: string) => reorderQuery(db, new URLSearchParams(search));
    expect(await query("")).toEqual({ threshold: 2, publisher: null, setting: 2, overridden: false });
    expect(await query("umbral=5&editorial=%20Alfaguara%20")).toEqual({
      threshold: 5,
      publisher: "Alfaguara",
      setting: 2,
      overridden: true,
    });
    expect((await query("umbral=-1")).threshold).toBe(2);
    expect((await query("umbral=1001")).threshold).toBe(2);
    expect((await query("umbral=tres")).threshold).toBe(2);
  });

  it("suggests never less than zero", () => {
    expect(suggestedQuantity({ stock: 5, waiting: 0, sold90: 0 })).toBe(0);
    expect(suggestedQuantity({ stock: 0, waiting: 2, sold90: 7 })).toBe(5);
  });
});

describe("the range", () => {
  it("defaults to this month and picks the grain by length", () => {
    expect(parseRange(new URLSearchParams(), "2026-11-24")).toEqual({
      range: { from: "2026-11-01", to: "2026-11-24", grain: "dia" },
      problem: null,
    });
    expect(defaultGrain("2026-01-01", "2026-03-03")).toBe("dia"); // 62 days
    expect(defaultGrain("2026-01-01", "2026-03-04")).toBe("semana"); // 63
    expect(defaultGrain("2026-01-01", "2026-07-01")).toBe("semana"); // 182
    expect(defaultGrain("2026-01-01", "2026-07-02")).toBe("mes"); // 183
  });

  it("falls back to this month with a Spanish reason for impossible dates", () => {
    const odd = parseRange(new URLSearchParams("desde=2026-02-30&hasta=2026-03-01"), "2026-11-24");
    expect(odd.problem).toBe("Las fechas tienen que ser días válidos (dd/mm/aaaa).");
    expect(odd.range.from).toBe("2026-11-01");
    const reversed = parseRange(new URLSearchParams("desde=2026-03-01&hasta=2026-02-01"), "2026-11-24");
    expect(reversed.problem).toBe("La fecha «Desde» tiene que ser anterior o igual a «Hasta».");
    const grain = parseRange(new URLSearchParams("desde=2026-01-01&hasta=2026-12-31&agrupar=semana"), "2026-11-24");
    expect(grain).toEqual({ range: { from: "2026-01-01", to: "2026-12-31", grain: "semana" }, problem: null });
  });

  it("offers this month, last month, the last 30 days and this year", () => {
    expect(rangePresets("2026-03-15")).toEqual([
      { label: "Este mes", from: "2026-03-01", to: "2026-03-15" },
      { label: "Mes pasado", from: "2026-02-01", to: "2026-02-28" },
      { label: "Últimos 30 días", from: "2026-02-14", to: "2026-03-15" },
      { label: "Este año", from: "2026-01-01", to: "2026-03-15" },
    ]);
    expect(buckets(range("2025-12-15", "2026-02-01"))).toEqual(["2025-12", "2026-01", "2026-02"]);
  });
});
