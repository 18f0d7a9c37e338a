import { describe, expect, it, vi } from "vitest";
import { invoiceDownloadUrl } from "~/domain/invoices/links.server";
import type { InvoicePdfInput } from "~/domain/invoices/pdf.server";
import { orderSigner } from "~/domain/orders/shared.server";
import { adminTestDatabase } from "../../tests/support/admin-database";
import { insertInvoice } from "../../tests/support/invoice-row";
import { insertOrder } from "../../tests/support/order-row";
import { routeArgs } from "../../tests/support/route-context";
import * as buyerPage from "./pedido";
import * as downloadRoute from "./pedido-factura";

/*
 * The PDF renderer is another part of issue 19 (its own tests check the document); here it stands in with
 * known bytes, so what is tested is who may download which voucher, and how it is served.
 */
const rendered: InvoicePdfInput[] = [];
vi.mock("~/domain/invoices/pdf.server", () => ({
  renderInvoicePdf: async (input: InvoicePdfInput) => {
    rendered.push(input);
    return Buffer.from(`%PDF-1.7 comprobante ${input.invoice.id}`);
  },
}));

const { database, db } = await adminTestDatabase();
const ctx = { db, configuredSecret: null, siteUrl: "http://localhost:3000" };

/** An issued Factura B 00001-00000012 in production by default; `status: "pending"` is one not issued yet. */
const voucher = (values: Parameters<typeof insertInvoice>[1]) =>
  insertInvoice(db, {
    environment: "produccion",
    number: 12,
    issuedOn: "2026-11-25",
    ...(values?.status === "pending" ? { number: null, cae: null, issuedOn: null, caeExpiry: null } : {}),
    ...values,
  });

const order = await insertOrder(db);
const other = await insertOrder(db);
const invoice = await voucher({ orderId: order.id });
const creditNote = await voucher({
  kind: "credit_note",
  originalInvoiceId: invoice.id,
  voucherType: 8,
  number: 3,
  reason: "refund",
});
const otherInvoice = await voucher({ orderId: other.id, number: 13 });
const unpaid = await insertOrder(db);
const pending = await voucher({ orderId: unpaid.id, status: "pending" });

const signer = await orderSigner(ctx);

async function download(url: string, params: { number: string; invoiceId: string }) {
  const response = await downloadRoute.loader(routeArgs(url, database, { params }) as never);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

const downloadOf = async (number: string, invoiceId: number | string, token: string | null) =>
  download(`/pedido/${number}/factura/${invoiceId}${token === null ? "" : `?token=${token}`}`, {
    number,
    invoiceId: String(invoiceId),
  });

async function expectNotFound(result: Awaited<ReturnType<typeof download>>) {
  expect(result.response.status).toBe(404);
  expect(result.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(result.response.headers.get("cache-control")).toBe("private, no-store");
  expect(result.body.toString()).toContain("No encontramos esa factura");
  expect(result.body.toString()).toContain('lang="es-AR"');
}

describe("invoiceDownloadUrl", () => {
  it("is the order page's signed link plus the voucher, from a context or a signer made beforehand", async () => {
    const expected = `http://localhost:3000/pedido/${order.number}/factura/${invoice.id}?token=${signer.token(order.number)}`;
    expect(await invoiceDownloadUrl(ctx, order.number, invoice.id)).toBe(expected);
    expect(await invoiceDownloadUrl(signer, order.number, invoice.id)).toBe(expected);
  });
});

describe("GET /pedido/{number}/factura/{invoiceId}", () => {
  it("serves the order's issued invoice and its credit note as PDF downloads with the order's token", async () => {
    const url = new URL(await invoiceDownloadUrl(signer, order.number, invoice.id));
    const got = await download(url.pathname + url.search, { number: order.number, invoiceId: String(invoice.id) });
    expect(got.response.status).toBe(200);
    expect(got.response.headers.get("content-type")).toBe("application/pdf");
    expect(got.response.headers.get("content-disposition")).toBe('attachment; filename="Factura-B-00001-00000012.pdf"');
    expect(got.response.headers.get("cache-control")).toBe("private, no-store");
    expect(got.body.toString()).toBe(`%PDF-1.7 comprobante ${invoice.id}`);
    expect(rendered.at(-1)).toMatchObject({ invoice: { id: invoice.id }, reference: `Pedido ${order.number}` });

    const note = await downloadOf(order.number, creditNote.id, signer.token(order.number));
    expect(note.response.status).toBe(200);
    expect(note.response.headers.get("content-disposition")).toBe(
      'attachment; filename="Nota-de-credito-B-00001-00000003.pdf"',
    );
    expect(rendered.at(-1)).toMatchObject({ invoice: { id: creditNote.id }, original: { id: invoice.id } });
  });

  it("answers the same Spanish 404 page to a wrong, missing or other order's token", async () => {
    const before = rendered.length;
    await expectNotFound(await downloadOf(order.number, invoice.id, null));
    await expectNotFound(await downloadOf(order.number, invoice.id, "x".repeat(43)));
    await expectNotFound(await downloadOf(order.number, invoice.id, signer.token(other.number)));
    await expectNotFound(await downloadOf(other.number, invoice.id, signer.token(order.number)));
    expect(rendered.length).toBe(before);
  });

  it("answers 404 for another order's voucher, one not issued yet, and ids that are no voucher", async () => {
    const before = rendered.length;
    await expectNotFound(await downloadOf(order.number, otherInvoice.id, signer.token(order.number)));
    await expectNotFound(await downloadOf(unpaid.number, pending.id, signer.token(unpaid.number)));
    for (const id of ["0", "999999", "abc", "1e3", "99999999999999999999"]) {
      await expectNotFound(await downloadOf(order.number, id, signer.token(order.number)));
    }
    expect(rendered.length).toBe(before);
  });
});

describe("the buyer's order page", () => {
  const page = async (number: string) =>
    (
      await buyerPage.loader(
        routeArgs(`/pedido/${number}?token=${signer.token(number)}`, database, { params: { number } }) as never,
      )
    ).invoicing;

  it("lists the issued vouchers with their download links", async () => {
    expect(await page(order.number)).toEqual({
      request: null,
      vouchers: [
        {
          id: invoice.id,
          kind: "invoice",
          title: "Factura B 00001-00000012",
          issuedOn: "2026-11-25",
          test: false,
          url: await invoiceDownloadUrl(signer, order.number, invoice.id),
        },
        {
          id: creditNote.id,
          kind: "credit_note",
          title: "Nota de crédito B 00001-00000003",
          issuedOn: "2026-11-25",
          test: false,
          url: await invoiceDownloadUrl(signer, order.number, creditNote.id),
        },
      ],
      issuing: null,
    });
  });

  it("says the invoice is on its way while it is pending, and marks a sandbox voucher as a test", async () => {
    expect(await page(unpaid.number)).toEqual({
      request: null,
      vouchers: [],
      issuing: "Estamos emitiendo tu factura; te la mandamos por email.",
    });
    const demo = await insertOrder(db);
    const demoInvoice = await voucher({ orderId: demo.id, environment: "sandbox", number: 1 });
    await voucher({ kind: "credit_note", originalInvoiceId: demoInvoice.id, voucherType: 8, status: "issuing" });
    const listed = await page(demo.number);
    expect(listed.vouchers.map((item) => [item.title, item.test])).toEqual([["Factura B 00001-00000001", true]]);
    expect(listed.issuing).toBe("Estamos emitiendo la nota de crédito; te la mandamos por email.");
  });
});
