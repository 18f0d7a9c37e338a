import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { book, creditNoteB, facturaA, facturaB, facturaC, invoiceRow, taxed } from "../../../tests/support/invoice-row";
import { pdfInfo, pdfQrCodes, pdfText } from "../../../tests/support/pdf";
import { type InvoiceRow, renderInvoicePdf } from "./pdf.server";
import { MONOTRIBUTO_LEGEND, TEST_NOTICE } from "./pdf-content";
import { ARCA_QR_BASE, invoiceQrUrl } from "./qr";

const render = (
  invoice: InvoiceRow,
  original: InvoiceRow | null = null,
  reference: string | null = "Pedido RZ-000123",
) => renderInvoicePdf({ invoice, original, reference });

const lines = (text: string) => text.split("\n");
/** The text with wrapped lines joined again, to find a sentence wherever the width broke it. */
const flowing = (text: string) => text.replaceAll("\n", " ");

describe("renderInvoicePdf", () => {
  it("prints a Factura B with the letter, both parties, the lines, the totals, the transparency block and the CAE", async () => {
    const text = await pdfText(await render(facturaB));
    expect(lines(text)).toEqual(expect.arrayContaining(["B", "COD. 006", "FACTURA", "ORIGINAL"]));
    for (const expected of [
      "Rizoma Libros S.R.L.",
      "Condición frente al IVA: Responsable Inscripto",
      "Punto de venta: 00001  Comp. Nro: 00000012",
      "Fecha de emisión: 24/11/2026",
      "CUIT: 30-71654321-4",
      "Inicio de actividades: 01/03/2019",
      "Apellido y nombre / Razón social: Ana Pérez",
      "Documento: Consumidor final",
      "Condición frente al IVA: Consumidor Final",
      "Rayuela — Julio Cortázar",
      "Señalador de cuero",
      `Subtotal:`,
      "Importe total:",
      "Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)",
      `IVA contenido: ${formatMoney(105_000)}`,
      `Otros impuestos nacionales indirectos: ${formatMoney(0)}`,
      "Pedido RZ-000123",
      "CAE N°: 76123456789012",
      "Fecha de vencimiento del CAE: 04/12/2026",
      "Comprobante autorizado por ARCA",
      "Página 1 de 1",
    ]) {
      expect(lines(text)).toContain(expected);
    }
    expect(flowing(text)).toContain("Domicilio comercial: Av. Corrientes 1234, C1043 Ciudad Autónoma de Buenos Aires");
    // Tax included on a B: the lines' prices as paid, and the total.
    expect(lines(text)).toEqual(expect.arrayContaining([formatMoney(1_234_567), formatMoney(605_000)]));
    expect(lines(text).filter((line) => line === formatMoney(1_839_567))).toHaveLength(2); // subtotal and total
    expect(formatMoney(1_839_567)).toBe("$\u00a018.395,67");
    expect(text).not.toContain("Importe neto gravado");
    expect(text).not.toContain("Comprobante asociado");
  });

  it("shows a line's share of the order's discount beside its price, and no such column when there is none", async () => {
    const discounted = invoiceRow({
      lines: [
        { ...book("Rayuela — Julio Cortázar", 1_234_567), totalCents: 1_111_110, netCents: 1_111_110 },
        { ...taxed("Señalador de cuero", 605_000, 500_000), totalCents: 544_500, netCents: 450_000, taxCents: 94_500 },
      ],
      totalCents: 1_655_610,
      netCents: 450_000,
      vatCents: 94_500,
      exemptCents: 1_111_110,
      vat: [{ id: 5, baseCents: 450_000, amountCents: 94_500 }],
    });
    const text = lines(await pdfText(await render(discounted)));
    expect(text).toEqual(
      expect.arrayContaining(["Ajuste", formatMoney(1_234_567), formatMoney(-123_457), formatMoney(1_111_110)]),
    );
    expect(text).toEqual(expect.arrayContaining([formatMoney(605_000), formatMoney(-60_500), formatMoney(544_500)]));
    expect(lines(await pdfText(await render(facturaB)))).not.toContain("Ajuste");
  });

  it("discriminates IVA on a Factura A: net unit prices, each line's rate, net, IVA per rate, exempt and total", async () => {
    const text = await pdfText(await render(facturaA));
    for (const expected of [
      "A",
      "COD. 001",
      "Punto de venta: 00001  Comp. Nro: 00000003",
      "Apellido y nombre / Razón social: Editorial Sur S.A.",
      "CUIT: 20-26756539-3",
      "CUIT: 30-71654321-4",
      "Condición frente al IVA: IVA Responsable Inscripto",
      "Domicilio: Viamonte 494, Ciudad Autónoma de Buenos Aires",
      "Precio unit. neto",
      "Alícuota",
      "Subtotal neto",
      "Exento de IVA",
      "IVA 21%",
      formatMoney(1_000_000), // the lamp's unit price without IVA
      formatMoney(2_000_000), // its net subtotal (2 lamps), and the taxed net
      "Importe neto gravado:",
      "IVA 21%:",
      formatMoney(420_000),
      "Importe exento:",
      formatMoney(1_234_567),
      "Importe total:",
      formatMoney(3_654_567),
    ]) {
      expect(lines(text)).toContain(expected);
    }
    expect(lines(text)).not.toContain(formatMoney(1_210_000)); // no tax-included price on an A
    expect(text).not.toContain("Transparencia Fiscal");
  });

  it("prints a Factura C of a Monotributo seller to a DNI, without IVA", async () => {
    const text = await pdfText(await render(facturaC, null, null));
    for (const expected of [
      "C",
      "COD. 011",
      "Marta Gómez",
      "Condición frente al IVA: Monotributo",
      "CUIT: 20-26756539-3",
      "DNI: 30123456",
      "Domicilio: San Martín 1500, Córdoba",
      "Subtotal:",
      formatMoney(1_500_050),
    ]) {
      expect(lines(text)).toContain(expected);
    }
    expect(text).not.toContain("IVA contenido");
    expect(text).not.toContain("Inicio de actividades");
    expect(text).not.toContain("Pedido");
  });

  it("links a Nota de crédito B to the invoice it cancels", async () => {
    const text = await pdfText(await render(creditNoteB, facturaB));
    expect(lines(text)).toEqual(
      expect.arrayContaining([
        "B",
        "COD. 008",
        "NOTA DE CRÉDITO",
        "Punto de venta: 00001  Comp. Nro: 00000002",
        "Fecha de emisión: 30/11/2026",
        "Comprobante asociado: Factura B 00001-00000012 del 24/11/2026",
        "CAE N°: 76123456789099",
        "Fecha de vencimiento del CAE: 10/12/2026",
      ]),
    );
    expect(text).not.toContain("FACTURA\n");
  });

  it("marks every voucher outside production as a test, and none in production", async () => {
    for (const invoice of [facturaB, facturaC]) {
      const text = await pdfText(await render(invoice));
      // The band at the top and the diagonal watermark.
      expect(lines(text).filter((line) => line === TEST_NOTICE)).toHaveLength(2);
    }
    expect(TEST_NOTICE).toBe("COMPROBANTE DE PRUEBA — sin validez fiscal");
    for (const invoice of [facturaA, creditNoteB]) {
      expect(await pdfText(await render(invoice, facturaB))).not.toContain("COMPROBANTE DE PRUEBA");
    }
  });

  it("carries the RG 4892 QR of the voucher", async () => {
    const codes = await pdfQrCodes(await render(facturaA));
    const url = invoiceQrUrl({
      issuedOn: "2026-11-24",
      issuerCuit: "30716543214",
      pointOfSale: 1,
      voucherType: 1,
      number: 3,
      totalCents: 3_654_567,
      receiverDocType: 80,
      receiverDocNumber: "20267565393",
      cae: "76123456789012",
    });
    expect(codes).toEqual([url]);
    const json = JSON.parse(Buffer.from((codes[0] ?? "").slice(ARCA_QR_BASE.length), "base64").toString("utf8"));
    expect(json).toEqual({
      ver: 1,
      fecha: "2026-11-24",
      cuit: 30716543214,
      ptoVta: 1,
      tipoCmp: 1,
      nroCmp: 3,
      importe: 36545.67,
      moneda: "PES",
      ctz: 1,
      tipoDocRec: 80,
      nroDocRec: 20267565393,
      tipoCodAut: "E",
      codAut: 76123456789012,
    });
  });

  it("puts a final consumer's QR with document 99 and number 0", async () => {
    const [code] = await pdfQrCodes(await render(facturaB));
    const json = JSON.parse(Buffer.from((code ?? "").slice(ARCA_QR_BASE.length), "base64").toString("utf8"));
    expect(json).toMatchObject({ tipoCmp: 6, nroCmp: 12, importe: 18395.67, tipoDocRec: 99, nroDocRec: 0 });
  });

  it("flows 60 lines onto a second page, repeating the header and numbering the pages", async () => {
    const many = Array.from({ length: 60 }, (_, i) => book(`Libro número ${i + 1}`, 100_000 + i));
    const total = many.reduce((sum, line) => sum + line.totalCents, 0);
    const pdf = await render(
      invoiceRow({ lines: many, totalCents: total, netCents: 0, vatCents: 0, exemptCents: total, vat: [] }),
    );
    const text = await pdfText(pdf);
    const pages = lines(text).filter((line) => /^Página \d+ de \d+$/.test(line));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages).toEqual(pages.map((_, i) => `Página ${i + 1} de ${pages.length}`));
    expect(lines(text).filter((line) => line === "ORIGINAL")).toHaveLength(pages.length);
    expect(lines(text).filter((line) => line === "Punto de venta: 00001  Comp. Nro: 00000012")).toHaveLength(
      pages.length,
    );
    for (let i = 1; i <= 60; i++) expect(lines(text)).toContain(`Libro número ${i}`);
    expect(lines(text)).toContain(formatMoney(total));
    expect(await pdfQrCodes(pdf)).toHaveLength(1);
  });

  it("wraps a long description and prints what the font cannot as close as it can", async () => {
    const long =
      "Obras completas en edición crítica anotada, con prólogo, cronología, bibliografía y un apéndice de cartas inéditas — tomo II";
    const text = await pdfText(
      await render(
        invoiceRow({
          lines: [book(long, 1_234_567), taxed("Taza “Rizoma” de Čapek 📚", 605_000, 500_000)],
        }),
      ),
    );
    const descriptionLines = lines(text).filter((line) => long.includes(line.trim()) && line.trim().length > 10);
    expect(descriptionLines.length).toBeGreaterThanOrEqual(2);
    expect(descriptionLines.join(" ")).toBe(long);
    expect(lines(text)).toContain("Taza “Rizoma” de Capek ?");
  });

  it("names the document and its seller in the metadata, and renders the same voucher to the same bytes", async () => {
    const pdf = await render(facturaB);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfInfo(pdf)).toMatchObject({ Title: "Factura B 00001-00000012", Author: "Rizoma Libros S.R.L." });
    expect(await pdfInfo(await render(creditNoteB, facturaB))).toMatchObject({
      Title: "Nota de crédito B 00001-00000002",
    });
    expect((await render(facturaB)).equals(pdf)).toBe(true);
  });

  it("refuses a voucher without its CAE", async () => {
    await expect(render(invoiceRow({ status: "pending", cae: null, number: null }))).rejects.toThrow(/CAE/);
  });
});

describe("Ley 27.618's legend", () => {
  it("is printed on a Factura A to a Monotributo buyer, with the buyer's condition, and on no other voucher", async () => {
    const toMonotributo = { ...facturaA, receiverTaxCondition: 6 };
    const text = flowing(await pdfText(await render(toMonotributo)));
    expect(text).toContain(MONOTRIBUTO_LEGEND);
    expect(MONOTRIBUTO_LEGEND).toBe(
      "El crédito fiscal discriminado en el presente comprobante, sólo podrá ser computado a efectos del Régimen de Sostenimiento e Inclusión Fiscal para Pequeños Contribuyentes de la Ley Nº 27.618",
    );
    expect(text).toContain("Condición frente al IVA: Responsable Monotributo");
    for (const other of [facturaA, facturaB, facturaC]) {
      expect(await pdfText(await render(other))).not.toContain("27.618");
    }
  });
});
