import { describe, expect, it } from "vitest";
import { TERMS_SECTIONS, TERMS_VERSION, termsCanonicalText, termsValue, termsVersionLabel } from "./terms";
import { TERMS, termsHashOf } from "./terms.server";

/**
 * The pin: the terms' text and its version move together. If this fails you changed the terms: set
 * TERMS_VERSION (app/domain/legal/terms.ts) to today's date and paste the new hash here, in one commit.
 * Orders placed before keep the version and hash they were sold under.
 */
const PINNED = {
  version: "2026-11-25",
  hash: "a46d39234c162bfa3f2a1143e286f4560994811332659d9f4b2acc00acb60300",
};

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
});
