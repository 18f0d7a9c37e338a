import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centsToPesos,
  formatMoney,
  formatMoneyCsv,
  formatMoneyInput,
  formatNumberInput,
  formatPrice,
  fromPesos,
  lineCents,
  parseMoney,
  percentOf,
  pesosToCents,
  sumCents,
} from "./money";

/** Up to $ 999.999.999.999,99: every amount the parsers accept. */
const anyCents = fc.integer({ min: 0, max: 99_999_999_999_999 });

describe("money", () => {
  it("formats pesos the es-AR way, with centavos only when there are some", () => {
    expect(formatMoney(5_400_000)).toBe("$\u00a054.000");
    expect(formatMoney(1_234_550)).toBe("$\u00a012.345,50");
  });

  it("uses the spec's words for a missing price", () => {
    expect(formatPrice(null)).toBe("Consultar precio");
    expect(formatPrice(null, "CONSULTAR")).toBe("CONSULTAR");
  });

  it("converts between pesos and centavos exactly", () => {
    expect(centsToPesos(1_234_550)).toBe(12345.5);
    expect(pesosToCents("25.00")).toBe(2500);
    expect(pesosToCents("0,1")).toBe(10);
    expect(pesosToCents(54000)).toBe(5_400_000);
    expect(pesosToCents("-5")).toBeNull();
    expect(pesosToCents("1e9")).toBeNull();
    expect(pesosToCents("12.345")).toBeNull();
  });

  it("writes inputs, number inputs and the CSV each its own way", () => {
    expect(formatMoneyInput(1_250_000)).toBe("12.500");
    expect(formatMoneyInput(1_250_050)).toBe("12.500,50");
    expect(formatMoneyInput(5)).toBe("0,05");
    expect(formatNumberInput(1_250_050)).toBe("12500.5");
    expect(formatNumberInput(0)).toBe("0");
    expect(formatMoneyCsv(1_250_000)).toBe("12500,00");
    expect(formatMoneyCsv(150)).toBe("1,50");
    expect(formatMoneyCsv(-1_234_567)).toBe("-12345,67");
  });
});

describe("parseMoney: es-AR money as people type it", () => {
  it.each([
    ["12345,50", 1234550],
    ["12.345,50", 1234550],
    ["12345.50", 1234550],
    ["12345.5", 1234550],
    ["12,5", 1250],
    ["1.234", 123400],
    ["1.23", 123],
    ["1.234.567,89", 123456789],
    ["$ 12.500", 1250000],
    ["$ 1.234.567,5", 123_456_750],
    ["$\u00a012.345,50", 1234550],
    ["12.500", 1_250_000],
    ["12500", 1_250_000],
    ["12 500", 1_250_000],
    [" 7 ", 700],
    ["0", 0],
    [12345.5, 1234550],
    [19.99, 1999],
    [0.1, 10],
    ["12,345", null],
    ["12,500", null],
    ["1,234.50", null],
    ["12.34.56", null],
    ["12.5000", null],
    ["0.500", null],
    ["-5", null],
    ["1e3", null],
    [1e21, null],
    [0.001, null],
    ["0.001", null],
    [1.234, null],
    [-5, null],
    [Number.NaN, null],
    ["", null],
    ["$", null],
    ["doce", null],
    ["1234567890123", null],
  ] as const)("%j -> %j centavos", (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it("reads back what the input and the page show", () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        expect(parseMoney(formatMoneyInput(cents))).toBe(cents);
        expect(parseMoney(formatMoney(cents))).toBe(cents);
        expect(parseMoney(formatNumberInput(cents))).toBe(cents);
        expect(pesosToCents(formatNumberInput(cents))).toBe(cents);
        expect(parseMoney(formatMoneyCsv(cents))).toBe(cents);
        expect(parseMoney(centsToPesos(cents))).toBe(cents);
        expect(fromPesos(centsToPesos(cents))).toBe(cents);
      }),
    );
  });

  it("is idempotent: what it reads, written again, reads the same", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,$ -") }), (text) => {
        const cents = parseMoney(text);
        if (cents === null) return;
        expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
        expect(parseMoney(formatMoneyInput(cents))).toBe(cents);
      }),
    );
  });

  it("reads every text the machine parser reads, to the same amount", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,") }), (text) => {
        const machine = pesosToCents(text);
        if (machine !== null) expect(parseMoney(text)).toBe(machine);
      }),
    );
  });

  it("never reads a grouped amount as a fraction, nor a fraction as thousands", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), (thousands, units) => {
        const grouped = `${thousands}.${String(units).padStart(3, "0")}`;
        expect(parseMoney(grouped)).toBe((thousands * 1000 + units) * 100);
        expect(parseMoney(`${thousands},${String(units).padStart(3, "0")}`)).toBeNull();
      }),
    );
  });
});

describe("centavos arithmetic", () => {
  it("sums lines; a missing price counts as 0", () => {
    expect(lineCents(10_050, 3)).toBe(30_150);
    expect(lineCents(null, 2)).toBe(0);
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 10, 20])).toBe(40);
  });

  it("takes percentages in integer maths, rounding once, half up", () => {
    expect(percentOf(10_000, 15)).toBe(1500);
    expect(percentOf(1999, 90, 85)).toBe(1529);
    expect(percentOf(50, 1)).toBe(1);
    expect(percentOf(49, 1)).toBe(0);
  });

  it("keeps sums and percentages whole and within bounds", () => {
    const prices = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 });
    fc.assert(
      fc.property(prices, fc.integer({ min: 0, max: 100 }), (amounts, percent) => {
        const total = sumCents(amounts);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
        const part = percentOf(total, percent);
        expect(Number.isInteger(part)).toBe(true);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(total);
        expect(percentOf(total, 100)).toBe(total);
        expect(Math.abs(part - (total * percent) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
