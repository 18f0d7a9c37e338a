/**
 * The card instalments the shop advertises. The spec's wording comes first, as written; the financing
 * cost follows it wherever instalments are named (Ley 24.240 art. 36; Res. SC 51-E/2017: the CFT next to
 * the instalments, highlighted). "Sin interés" is only true while the shop absorbs what Mercado Pago
 * charges for the instalments (docs/decisions/0024-transfer-discount.md).
 */
export const INSTALMENTS = "Hasta 3 cuotas sin interés";
/** The total financing cost of those instalments. */
export const INSTALMENTS_CFT = "CFT 0%";
/** "Hasta 3 cuotas sin interés — CFT 0%" */
export const INSTALMENTS_OFFER = `${INSTALMENTS} — ${INSTALMENTS_CFT}`;
