import type { AuthorizedVoucher, CaeRequest } from "~/integrations/arca/types";

/**
 * Whether the voucher ARCA holds under a number is the one we asked for (issue 32, docs/decisions/0026).
 * Pure. Every field that identifies a voucher is compared, not only the total: many sales share a total
 * and an anonymous buyer's DocNro 0, so a voucher issued by hand in ARCA's portal may match on those alone.
 */

const digits = (text: string) => text.replace(/\D/g, "").replace(/^0+/, "") || "0";

const associatedKey = (list: readonly { voucherType: number; pointOfSale: number; number: number }[]) =>
  list
    .map((voucher) => `${voucher.voucherType}-${voucher.pointOfSale}-${voucher.number}`)
    .sort()
    .join(",");

/** The fields (in the admin's words) in which ARCA's voucher differs from what we sent; empty: it is ours. */
export function voucherDifferences(sent: CaeRequest, found: AuthorizedVoucher): string[] {
  const differences: string[] = [];
  const check = (same: boolean, field: string) => {
    if (!same) differences.push(field);
  };
  check(found.voucherType === sent.voucherType, "tipo");
  check(found.pointOfSale === sent.pointOfSale, "punto de venta");
  check(found.number === sent.number, "número");
  check(found.date === sent.date, "fecha");
  check(found.docType === sent.docType, "tipo de documento");
  check(digits(found.docNumber) === digits(sent.docNumber), "documento");
  check(found.totalCents === sent.totalCents, "total");
  check(found.netCents === sent.netCents, "neto");
  check(found.exemptCents === sent.exemptCents, "exento");
  check(found.vatCents === sent.vatCents, "IVA");
  check(associatedKey(found.associated) === associatedKey(sent.associated ?? []), "comprobantes asociados");
  return differences;
}

/** ARCA takes a products voucher (Concepto 1) dated up to this many days before the day it is asked for. */
export const ARCA_DATE_WINDOW_DAYS = 5;

/** "2026-11-03" → "03/11/2026". */
export const dayMonthYear = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
