import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settings } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { isValidCbu, normaliseCuit, PROVINCE_CODES, whatsappDigits } from "./argentina";
import { bankSchema, DEFAULT_SETTINGS, SECTION_KEYS, sectionSchemas } from "./schema";
import { getSection, getSettings, seedSettings } from "./settings.server";

const { db } = await adminTestDatabase();

const storedRows = () => db.select().from(settings).orderBy(settings.key);

describe("defaults", () => {
  it("are valid and survive their own schema unchanged", () => {
    for (const key of SECTION_KEYS) {
      expect(sectionSchemas[key].parse(DEFAULT_SETTINGS[key]), key).toEqual(DEFAULT_SETTINGS[key]);
    }
  });

  it("cover the 24 provinces, with CABA free, and a pickup point in CABA", () => {
    expect(Object.keys(DEFAULT_SETTINGS.shipping.rates).sort()).toEqual([...PROVINCE_CODES].sort());
    expect(PROVINCE_CODES).toHaveLength(24);
    expect(DEFAULT_SETTINGS.shipping.rates.C).toEqual({ standardCents: 0, fastCents: 0 });
    expect(DEFAULT_SETTINGS.shipping.rates.B.standardCents).toBeGreaterThan(0);
    expect(DEFAULT_SETTINGS.pickup.points.some((point) => point.address.includes("CABA"))).toBe(true);
    expect(DEFAULT_SETTINGS.rateLimits).toEqual({
      loginMaxFailures: 5,
      loginWindowMinutes: 15,
      newsletterPerIpPerHour: 10,
      mailPerSecond: 5,
      qrChecksPerMinute: 60,
      qrClaimsPerMinute: 10,
      withdrawalsPerIpPerHour: 10,
      boxSubscribePerIpPerHour: 10,
      boxCancelPerIpPerHour: 20,
      discountValidatePerIpPerMinute: 20,
      specialOrdersPerIpPerHour: 10,
      ordersPerIpPerHour: 30,
      accountCodesPerIpPerHour: 20,
      stockAlertsPerIpPerHour: 20,
      shippingQuotesPerIpPerMinute: 60,
    });
  });

  it("list books for reorder at 2 copies or fewer", () => {
    expect(DEFAULT_SETTINGS.reorder).toEqual({ threshold: 2 });
  });

  it("are what an empty database reads, and seeding writes them once without overwriting", async () => {
    expect(await getSettings(db)).toEqual(DEFAULT_SETTINGS);
    await seedSettings(db);
    expect((await storedRows()).map((row) => row.key)).toEqual([...SECTION_KEYS].sort());
    await db
      .update(settings)
      .set({ value: { ...DEFAULT_SETTINGS.store, externalUrl: "https://x.example" } })
      .where(eq(settings.key, "store"));
    await seedSettings(db);
    expect((await getSection(db, "store")).externalUrl).toBe("https://x.example");
    await db.update(settings).set({ value: DEFAULT_SETTINGS.store }).where(eq(settings.key, "store"));
  });

  it("fill in fields a stored section does not have yet", async () => {
    await db
      .update(settings)
      .set({ value: { loginMaxFailures: 7 } })
      .where(eq(settings.key, "rateLimits"));
    expect(await getSection(db, "rateLimits")).toEqual({ ...DEFAULT_SETTINGS.rateLimits, loginMaxFailures: 7 });
    await db.update(settings).set({ value: DEFAULT_SETTINGS.rateLimits }).where(eq(settings.key, "rateLimits"));
  });
});

describe("Argentine data", () => {
  it.each([
    ["2850590940090418135201", true],
    ["0000003100012345678907", true], // a CVU
    ["0720123988000012345678", true],
    ["2850590840090418135201", false], // block 1 check digit
    ["2850590940090418135202", false], // block 2 check digit
    ["0000003100012345678906", false],
    ["285059094009041813520", false], // 21 digits
    ["28505909400904181352011", false],
    ["28505909400904181352a1", false],
  ])("CBU/CVU %s valid: %s", (cbu, valid) => {
    expect(isValidCbu(cbu)).toBe(valid);
  });

  it("CUIT: check digit, any punctuation, shown as XX-XXXXXXXX-X", () => {
    expect(normaliseCuit("20-05536168-2")).toBe("20-05536168-2");
    expect(normaliseCuit("20267565393")).toBe("20-26756539-3");
    expect(normaliseCuit("20 26756539 3")).toBe("20-26756539-3");
    for (const bad of ["20267565392", "2026756539", "202675653933", "20-2675653X-3", ""]) {
      expect(normaliseCuit(bad), bad).toBeNull();
    }
  });

  const bank = DEFAULT_SETTINGS.bank;
  it.each([
    [{ cbu: "2850590 940090418135201" }, null],
    [{ cbu: "123" }, "El CBU/CVU debe tener 22 dígitos"],
    [{ cbu: "2850590940090418135202" }, "El CBU/CVU no es válido: revisá los dígitos verificadores"],
    [{ alias: "rizoma.libros-2" }, null],
    [{ alias: "corto" }, "El alias debe tener entre 6 y 20 letras, números, puntos o guiones"],
    [{ alias: "alias con espacios" }, "El alias debe tener entre 6 y 20 letras, números, puntos o guiones"],
    [{ alias: "a".repeat(21) }, "El alias debe tener entre 6 y 20 letras, números, puntos o guiones"],
    [{ cuit: "20267565392" }, "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)"],
    [{ holder: "  " }, "Titular: completá este campo"],
  ])("bank %o -> %s", (change, message) => {
    const result = bankSchema.safeParse({ ...bank, ...change });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it("WhatsApp: an Argentine mobile in international form", () => {
    expect(whatsappDigits("+54 9 11 1234-5678")).toBe("5491112345678");
    expect(whatsappDigits("+54 9 351 123-4567")).toBe("5493511234567");
    for (const bad of ["011 15-1234-5678", "+54 11 1234-5678", "+54 9 11 1234-567", "+1 202 555 0100"]) {
      expect(whatsappDigits(bad), bad).toBeNull();
    }
  });
});
