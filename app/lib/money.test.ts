import { describe, expect, it } from "vitest";
import { centsToPesos, formatMoney, formatPrice, pesosToCents } from "./money";

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
});
