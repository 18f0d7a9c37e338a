import { describe, expect, it } from "vitest";
import { leaveDemoMode } from "~/domain/demo/demo-mode.server";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { demoFiscal } from "~db/demo/fiscal";
import { seedDemoCatalogue } from "~db/seed";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { cuitCheckDigit, normaliseCuit } from "./argentina";
import { EMPTY_FISCAL, FISCAL_MESSAGES, fiscalLines, fiscalSchema, missingFiscalFields } from "./fiscal";
import { fiscalQrSvg, footerFiscal, qrVersion } from "./fiscal.server";
import { DEFAULT_SETTINGS } from "./schema";
import { getSection, seedSettings, updateSection } from "./settings.server";

const { db, admin } = await adminTestDatabase();

const refusal = (input: unknown) => {
  const parsed = fiscalSchema.safeParse(input);
  return parsed.success ? null : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("CUIT check digit", () => {
  it.each([
    ["2026756539", 3],
    ["3071654321", 4],
    ["2000000000", 1], // 2*5 = 10; 11 - 10 = 1
    ["3000000000", 7], // 3*5 = 15; 15 mod 11 = 4; 11 - 4 = 7
    ["2300000000", 0], // 2*5 + 3*4 = 22; 22 mod 11 = 0; 11 - 0 = 11 -> 0
  ])("%s -> %i", (firstTen, digit) => {
    expect(cuitCheckDigit(firstTen)).toBe(digit);
  });

  it("maps a remainder of 1 (11 - 1 = 10) to 9", () => {
    // 2*5 + 0*4 + ... + 1*2 (last weight) = 12; 12 mod 11 = 1; 11 - 1 = 10 -> 9.
    expect(cuitCheckDigit("2000000001")).toBe(9);
  });

  it("accepts a CUIT with or without dashes or spaces and writes it XX-XXXXXXXX-X", () => {
    expect(normaliseCuit("20-00000000-1")).toBe("20-00000000-1");
    expect(normaliseCuit("20000000001")).toBe("20-00000000-1");
    expect(normaliseCuit(" 30 71654321 4 ")).toBe("30-71654321-4");
    expect(normaliseCuit("20.26756539.3")).toBe("20-26756539-3");
  });

  it("refuses a wrong check digit, a wrong length or letters", () => {
    for (const bad of ["20-00000000-2", "20000000002", "2000000000", "200000000011", "20-0000000A-1", "CUIT"]) {
      expect(normaliseCuit(bad), bad).toBeNull();
    }
  });
});

describe("the fiscal section's rules", () => {
  it("saves partially: any field may be empty or absent, a filled one is normalised", () => {
    expect(fiscalSchema.parse({})).toEqual(EMPTY_FISCAL);
    expect(fiscalSchema.parse({ legalName: "  ", cuit: "", taxCondition: null })).toEqual(EMPTY_FISCAL);
    expect(
      fiscalSchema.parse({ cuit: "20267565393", email: " Fiscal@Rizoma.com.ar ", phone: "11  5555-1234" }),
    ).toEqual({
      ...EMPTY_FISCAL,
      cuit: "20-26756539-3",
      email: "fiscal@rizoma.com.ar",
      phone: "11 5555-1234",
    });
  });

  it("refuses a CUIT whose check digit is wrong, in Spanish", () => {
    expect(refusal({ cuit: "20-26756539-2" })).toEqual({ cuit: FISCAL_MESSAGES.cuit });
    expect(refusal({ cuit: "123" })).toEqual({ cuit: FISCAL_MESSAGES.cuit });
    expect(FISCAL_MESSAGES.cuit).toContain("XX-XXXXXXXX-X");
  });

  it("takes the three IVA conditions by their keys and nothing else", () => {
    for (const key of ["monotributo", "responsable_inscripto", "exento"]) {
      expect(refusal({ taxCondition: key }), key).toBeNull();
    }
    expect(refusal({ taxCondition: "Monotributo" })).toEqual({ taxCondition: FISCAL_MESSAGES.taxCondition });
  });

  it("refuses a start of activities in the future or that is no date; today is fine", () => {
    const today = todayInBuenosAires();
    expect(refusal({ activityStart: today })).toBeNull();
    expect(refusal({ activityStart: addDays(today, 1) })).toEqual({
      activityStart: FISCAL_MESSAGES.activityStartFuture,
    });
    expect(refusal({ activityStart: "2015-02-30" })).toEqual({ activityStart: FISCAL_MESSAGES.activityStartFormat });
    expect(refusal({ activityStart: "01/03/2015" })).toEqual({ activityStart: FISCAL_MESSAGES.activityStartFormat });
  });

  it("takes ARCA's QR URL on afip.gob.ar or arca.gob.ar over https, and no other", () => {
    for (const url of [
      "https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=abc123",
      "https://afip.gob.ar/f960",
      "https://servicios1.arca.gob.ar/clavefiscal/qr/response.aspx?qr=abc123",
    ]) {
      expect(refusal({ qrUrl: url }), url).toBeNull();
    }
    for (const url of [
      "http://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=abc",
      "https://afip.gob.ar.ejemplo.com/qr",
      "https://evilafip.gob.ar/qr",
      "https://ejemplo.com/?afip.gob.ar",
      "servicios1.afip.gob.ar/clavefiscal",
      "javascript:alert(1)",
    ]) {
      expect(refusal({ qrUrl: url }), url).toEqual({ qrUrl: FISCAL_MESSAGES.qrUrl });
    }
  });

  it("takes as QR image only an upload's path", () => {
    expect(refusal({ qrImage: "/uploads/12.png" })).toBeNull();
    expect(refusal({ qrImage: "https://ejemplo.com/qr.png" })).toEqual({ qrImage: FISCAL_MESSAGES.qrImage });
  });

  it("refuses a bad email or phone and fields it does not know", () => {
    expect(refusal({ email: "no-es-un-email" })).toEqual({ email: FISCAL_MESSAGES.email });
    expect(refusal({ phone: "123" })).toEqual({ phone: FISCAL_MESSAGES.phone });
    expect(refusal({ razonSocial: "x" })).not.toBeNull();
  });
});

describe("what is missing and what the footer shows", () => {
  it("names the required fields still empty, in the form's order", () => {
    expect(missingFiscalFields(EMPTY_FISCAL)).toEqual([
      "razón social",
      "CUIT",
      "condición frente al IVA",
      "domicilio legal",
    ]);
    expect(
      missingFiscalFields({ ...EMPTY_FISCAL, legalName: "Rizoma", cuit: "20-26756539-3", taxCondition: "exento" }),
    ).toEqual(["domicilio legal"]);
  });

  it("makes a line only of a filled field", () => {
    expect(fiscalLines(EMPTY_FISCAL)).toEqual([]);
    expect(fiscalLines({ ...EMPTY_FISCAL, cuit: "20-26756539-3", activityStart: "2015-03-01" })).toEqual([
      { label: "CUIT", value: "20-26756539-3" },
      { label: "Inicio de actividades", value: "1 de marzo de 2015" },
    ]);
  });

  it("draws the QR of ARCA's URL when no image was uploaded, and links the uploaded one", async () => {
    const qrUrl = "https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=abc123";
    const drawn = footerFiscal({ ...EMPTY_FISCAL, qrUrl });
    expect(drawn.qr?.href).toBe(qrUrl);
    // An image of its own, whose address changes with the URL.
    expect(drawn.qr?.src).toBe(`/datos-fiscales-qr.svg?v=${qrVersion(qrUrl)}`);
    expect(qrVersion(`${qrUrl}x`)).not.toBe(qrVersion(qrUrl));
    expect(await fiscalQrSvg(qrUrl)).toContain("<svg");
    expect(footerFiscal({ ...EMPTY_FISCAL, qrImage: "/uploads/3.png" }).qr).toEqual({
      src: "/uploads/3.png",
      href: null,
    });
    expect(footerFiscal(EMPTY_FISCAL).qr).toBeNull();
  });
});

describe("demo and production", () => {
  it("the demo's example passes the rules and says it is an example", () => {
    expect(fiscalSchema.parse(demoFiscal)).toEqual(demoFiscal);
    expect(demoFiscal.legalName).toContain("datos de ejemplo");
    expect(demoFiscal.legalAddress).toContain("(ejemplo)");
    expect(missingFiscalFields(fiscalSchema.parse(demoFiscal))).toEqual([]);
  });

  it("a shop without the demo invents nothing; the demo brings the example; going live removes it, keeping the admin's own", async () => {
    expect(DEFAULT_SETTINGS.fiscal).toEqual(EMPTY_FISCAL);
    await seedSettings(db);
    expect(await getSection(db, "fiscal")).toEqual(EMPTY_FISCAL);

    await seedDemoCatalogue(db);
    expect(await getSection(db, "fiscal")).toEqual(demoFiscal);

    await updateSection(db, admin, "fiscal", { ...demoFiscal, cuit: "20-26756539-3" });
    await leaveDemoMode(db, admin, { deleteDemoData: false, confirmation: "PRODUCCION" });
    expect(await getSection(db, "fiscal")).toEqual({ ...EMPTY_FISCAL, cuit: "20-26756539-3" });
  });
});
