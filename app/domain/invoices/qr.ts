/**
 * The QR every electronic voucher carries (RG 4892/2020): ARCA's address plus the base64 of a JSON with the
 * voucher's data, so anyone can check it at ARCA. Built from the stored invoice, never recomputed amounts.
 */

export const ARCA_QR_BASE = "https://www.afip.gob.ar/fe/qr/?p=";

export interface QrVoucher {
  /** yyyy-mm-dd (CbteFch). */
  issuedOn: string;
  issuerCuit: string;
  pointOfSale: number;
  voucherType: number;
  number: number;
  totalCents: number;
  receiverDocType: number;
  receiverDocNumber: string;
  cae: string;
}

/** The JSON ARCA's QR specification lists, in its order; numbers as numbers, the total in pesos. */
export function qrPayload(voucher: QrVoucher) {
  return {
    ver: 1,
    fecha: voucher.issuedOn,
    cuit: Number(voucher.issuerCuit.replace(/\D/g, "")),
    ptoVta: voucher.pointOfSale,
    tipoCmp: voucher.voucherType,
    nroCmp: voucher.number,
    importe: voucher.totalCents / 100,
    moneda: "PES",
    ctz: 1,
    tipoDocRec: voucher.receiverDocType,
    nroDocRec: Number(voucher.receiverDocNumber.replace(/\D/g, "") || "0"),
    tipoCodAut: "E",
    codAut: Number(voucher.cae),
  };
}

export function invoiceQrUrl(voucher: QrVoucher): string {
  // The JSON is ASCII (numbers, a date, "PES", "E"), so btoa is exact, on the server and in the browser.
  return ARCA_QR_BASE + btoa(JSON.stringify(qrPayload(voucher)));
}
