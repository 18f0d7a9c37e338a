import { describe, expect, it } from "vitest";
import {
  TERMS_ARCHIVE,
  TERMS_CURRENT,
  TERMS_SECTIONS,
  TERMS_VERSION,
  termsCanonicalText,
  termsEdition,
  termsValue,
  termsVersionLabel,
} from "./terms";
import { TERMS, termsEditionHash, termsHashOf } from "./terms.server";

/**
 * The pin: the terms' text and its version move together. If this fails you changed the terms: set
 * TERMS_VERSION (app/domain/legal/terms.ts) to today's date, move the text it replaces to its own frozen
 * file in TERMS_ARCHIVE, and paste the new hash here (the old one joins ARCHIVED), in one commit. Orders
 * placed before keep the version and hash they were sold under, and that text stays readable.
 */
const PINNED = {
  version: "2026-11-29",
  hash: "eae8e1446672e6d82739da61ca95fe662e0d392163dc6c3f58194e487169a468",
};

/** Every earlier version, with the hash its orders stored: these never change. */
const ARCHIVED = [{ version: "2026-11-25", hash: "a46d39234c162bfa3f2a1143e286f4560994811332659d9f4b2acc00acb60300" }];

describe("the terms' version", () => {
  it("is pinned to the text: changing a word without a new version and hash fails here", () => {
    expect({ version: TERMS_VERSION, hash: termsHashOf(termsCanonicalText()) }).toEqual(PINNED);
    expect(TERMS).toMatchObject({ version: PINNED.version, hash: PINNED.hash });
  });

  it("hashes every visible word, both variants of the transfer text included", () => {
    const text = termsCanonicalText();
    for (const section of TERMS_SECTIONS) {
      expect(text).toContain(section.title);
      for (const entry of [...(section.paragraphs ?? []), ...(section.items ?? [])]) {
        expect(text).toContain(typeof entry === "string" ? entry : entry.text);
      }
    }
    expect(termsHashOf(text.replace("10 días", "15 días"))).not.toBe(PINNED.hash);
    expect(TERMS.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is named by its date in words, and its placeholders all have values", () => {
    expect(termsVersionLabel("2026-11-25")).toBe("del 25 de noviembre de 2026");
    expect(TERMS.label).toBe(termsVersionLabel(TERMS_VERSION));
    const values = { transferDiscountPercent: 15, boxMonthlyPrice: "$ 54.000" };
    for (const [, name] of termsCanonicalText().matchAll(/\{(\w+)\}/g)) {
      expect(termsValue(name as string, values), name).not.toBeNull();
    }
    expect(termsValue("transferDiscount", values)).toBe("15%");
  });

  it("keeps every earlier version readable, each with the hash its orders stored", () => {
    expect(TERMS_ARCHIVE.map((edition) => ({ version: edition.version, hash: termsEditionHash(edition) }))).toEqual(
      ARCHIVED,
    );
    for (const { version } of ARCHIVED) expect(termsEdition(version)?.version).toBe(version);
    expect(termsEdition(TERMS_VERSION)).toBe(TERMS_CURRENT);
    expect(termsEdition("2020-01-01")).toBeNull();
    expect(termsEdition(null)).toBeNull();
    // Every version is older than the one in force, and each names a day once.
    const versions = [...ARCHIVED.map((edition) => edition.version), TERMS_VERSION];
    expect([...versions].sort()).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("2026-11-29 states the instalments' CFTEA as the rest of the site, and the box's withdrawal", () => {
    const now = termsCanonicalText();
    expect(now).toContain(
      "hasta 3 cuotas sin interés: **CFTEA 0,00%** (costo financiero total efectivo anual; TNA 0,00%, TEA 0,00%)",
    );
    expect(now).not.toContain("CFT: 0%");
    expect(now).toContain("[Botón de arrepentimiento](/arrepentimiento) y el número de tu suscripción (CR-…)");
    expect(now).toContain("la retiraste en la librería");
    const before = termsCanonicalText(termsEdition("2026-11-25") ?? TERMS_CURRENT);
    expect(before).toContain("(costo financiero total, CFT: 0%)");
  });
});
