import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { invoiceIssuedMail, TEST_VOUCHER_NOTICE } from "./mail.server";
import type { InvoiceRow } from "./pdf.server";

const siteUrl = "https://rizoma.test";

/** An issued Factura B of an order, as the core stores it. */
function invoice(values: Partial<InvoiceRow> = {}): InvoiceRow {
  const now = new Date("2026-11-25T15:00:00Z");
  return {
    id: 12,
    kind: "invoice",
    orderId: 7,
    boxPaymentId: null,
    saleId: null,
    originalInvoiceId: null,
    reason: null,
    environment: "produccion",
    issuerCuit: "30-71654321-4",
    issuerTaxCondition: "responsable_inscripto",
    issuer: { legalName: "Rizoma SRL", legalAddress: "Av. Corrientes 1234, CABA", activityStart: "2020-03-01" },
    pointOfSale: 1,
    voucherType: 6,
    number: 12,
    issuedOn: "2026-11-25",
    cae: "76123456789012",
    caeExpiry: "2026-12-05",
    receiverDocType: 99,
    receiverDocNumber: "0",
    receiverName: "Ana Pérez",
    receiverTaxCondition: 5,
    receiverAddress: null,
    receiverEmail: "ana@example.com",
    totalCents: 2_500_050,
    netCents: 0,
    vatCents: 0,
    exemptCents: 2_500_050,
    vat: [],
    lines: [],
    status: "issued",
    attempts: 1,
    nextAttemptAt: now,
    lockedUntil: null,
    requestedAt: now,
    arcaRequest: null,
    reviewNote: null,
    lastError: null,
    observations: null,
    createdAt: now,
    issuedAt: now,
    updatedAt: now,
    ...values,
  };
}

const downloadUrl = `${siteUrl}/pedido/RZ-000123/factura/12?token=abc`;

describe("invoiceIssuedMail", () => {
  it("sends an order's invoice: the voucher, its total and CAE, the PDF attached and the download link", () => {
    const mail = invoiceIssuedMail({ siteUrl, invoice: invoice(), reference: "Pedido RZ-000123", downloadUrl });
    expect(mail.template).toBe("invoice-issued");
    expect(mail.subject).toBe("Tu factura del pedido RZ-000123");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Factura B 00001-00000012");
      expect(body).toContain(formatMoney(2_500_050));
      expect(body).toContain("76123456789012");
      expect(body).toContain("5 de diciembre de 2026");
      expect(body).toContain("Te la adjuntamos en PDF");
      expect(body).toContain(downloadUrl.replace("&", "&amp;"));
      expect(body).not.toContain("PRUEBA");
    }
    expect(mail.text).toContain("Ya emitimos la Factura B 00001-00000012 del pedido RZ-000123.");
  });

  it("names a box charge's invoice by its box and has no link (box charges have no order page)", () => {
    const mail = invoiceIssuedMail({
      siteUrl,
      invoice: invoice({ orderId: null, boxPaymentId: 3, voucherType: 11 }),
      reference: "Caja Rizoma de noviembre de 2026",
      downloadUrl: null,
    });
    expect(mail.subject).toBe("Tu factura de la Caja Rizoma de noviembre de 2026");
    expect(mail.text).toContain("Factura C 00001-00000012");
    expect(mail.text).toContain("Te la adjuntamos en PDF.");
    expect(mail.text).not.toContain("http");
    expect(mail.html).not.toContain("Descargar");
  });

  it("sends a credit note with what it cancels and why", () => {
    const mail = invoiceIssuedMail({
      siteUrl,
      invoice: invoice({ kind: "credit_note", voucherType: 8, number: 3, originalInvoiceId: 12, reason: "withdrawal" }),
      reference: "Pedido RZ-000123",
      downloadUrl,
    });
    expect(mail.subject).toBe("Nota de crédito del pedido RZ-000123");
    expect(mail.text).toContain(
      "Emitimos la Nota de crédito B 00001-00000003 por tu arrepentimiento de la compra del pedido RZ-000123",
    );
  });

  it("says plainly, in the subject and first in the body, that a sandbox or homologación voucher is a test", () => {
    for (const environment of ["sandbox", "homologacion"] as const) {
      const mail = invoiceIssuedMail({
        siteUrl,
        invoice: invoice({ environment }),
        reference: "Pedido RZ-000123",
        downloadUrl,
      });
      expect(mail.subject).toBe("Tu factura del pedido RZ-000123 (de prueba)");
      expect(mail.text.split("\n")[2]).toContain(TEST_VOUCHER_NOTICE);
      expect(mail.html).toContain("COMPROBANTE DE PRUEBA — sin validez fiscal");
    }
  });
});
