import type { Cents } from "~/lib/money";

/**
 * The card instalments the shop advertises. The spec's wording comes first, as written; the financing
 * cost follows it wherever instalments are named (Ley 24.240 art. 36; Res. SC 51-E/2017; Res. SIC 4/2025
 * art. 2: with a price, the cash price, the number and amount of each instalment and the CFTEA). "Sin
 * interés" is only true while the shop absorbs what Mercado Pago charges for the instalments
 * (docs/decisions/0024-transfer-discount.md). Client-safe.
 */
export const INSTALMENTS = "Hasta 3 cuotas sin interés";
/** The most card instalments Checkout Pro offers (place.server.ts sends it to Mercado Pago). */
export const MAX_INSTALLMENTS = 3;
/** The total financing cost of those instalments, effective yearly, as the rule names it. */
export const INSTALMENTS_CFT = "CFTEA 0,00%";
/** Interest-free: the nominal and effective yearly rates are zero too. */
export const INSTALMENTS_RATES = "TNA 0,00% · TEA 0,00%";
/** "Hasta 3 cuotas sin interés — CFTEA 0,00%" */
export const INSTALMENTS_OFFER = `${INSTALMENTS} — ${INSTALMENTS_CFT}`;

export interface InstalmentOption {
  count: number;
  /** Each instalment: the cash price split evenly, to the nearest centavo (Mercado Pago settles the last centavo). */
  amountCents: Cents;
}

/** 2 and 3 instalments of a cash price (1 is the cash price itself): what the buyer can choose at Mercado Pago. */
export function instalmentOptions(cashCents: Cents): InstalmentOption[] {
  const options: InstalmentOption[] = [];
  for (let count = 2; count <= MAX_INSTALLMENTS; count++) {
    options.push({ count, amountCents: Math.round(cashCents / count) });
  }
  return options;
}
