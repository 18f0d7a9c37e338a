import { createHash } from "node:crypto";
import { TERMS_VERSION, type TermsEdition, termsCanonicalText, termsVersionLabel } from "./terms";

/** SHA-256 (hex) of a terms text. */
export function termsHashOf(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A version's full SHA-256, as its orders store it. */
export const termsEditionHash = (edition: TermsEdition): string => termsHashOf(termsCanonicalText(edition));

/**
 * The terms in force, computed once per process: the version (the day they last changed), the full
 * SHA-256 of their canonical text (what an order stores with `termsVersion`) and the version in words.
 */
export const TERMS = {
  version: TERMS_VERSION,
  hash: termsHashOf(termsCanonicalText()),
  label: termsVersionLabel(TERMS_VERSION),
} as const;
