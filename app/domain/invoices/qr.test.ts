import { describe, expect, it } from "vitest";
import { ARCA_QR_BASE, invoiceQrUrl, type QrVoucher, qrPayload } from "./qr";

const voucher: QrVoucher = {
  issuedOn: "2026-11-24",
  issuerCuit: "30-71654321-4",
  pointOfSale: 3,
  voucherType: 6,
  number: 1234,
  totalCents: 1_839_567,
  receiverDocType: 96,
  receiverDocNumber: "30.123.456",
  cae: "76123456789012",
};

describe("qrPayload", () => {
  it("writes RG 4892's fields in its order, numbers as numbers and the total in pesos", () => {
    const payload = qrPayload(voucher);
    expect(payload).toEqual({
      ver: 1,
      fecha: "2026-11-24",
      cuit: 30716543214,
      ptoVta: 3,
      tipoCmp: 6,
      nroCmp: 1234,
      importe: 18395.67,
      moneda: "PES",
      ctz: 1,
      tipoDocRec: 96,
      nroDocRec: 30123456,
      tipoCodAut: "E",
      codAut: 76123456789012,
    });
    expect(Object.keys(payload)).toEqual([
      "ver",
      "fecha",
      "cuit",
      "ptoVta",
      "tipoCmp",
      "nroCmp",
      "importe",
      "moneda",
      "ctz",
      "tipoDocRec",
      "nroDocRec",
      "tipoCodAut",
      "codAut",
    ]);
  });

  it("gives an anonymous final consumer document number 0", () => {
    expect(qrPayload({ ...voucher, receiverDocType: 99, receiverDocNumber: "0" })).toMatchObject({
      tipoDocRec: 99,
      nroDocRec: 0,
    });
    expect(qrPayload({ ...voucher, receiverDocType: 99, receiverDocNumber: "" }).nroDocRec).toBe(0);
  });
});

describe("invoiceQrUrl", () => {
  it("is ARCA's address plus the base64 of the JSON", () => {
    const url = invoiceQrUrl(voucher);
    expect(ARCA_QR_BASE).toBe("https://www.afip.gob.ar/fe/qr/?p=");
    expect(url.startsWith(ARCA_QR_BASE)).toBe(true);
    const encoded = url.slice(ARCA_QR_BASE.length);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(Buffer.from(encoded, "base64").toString("utf8"))).toEqual(qrPayload(voucher));
  });
});
