import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Conflict, NotFound } from "~/domain/errors";
import { auditLog, boxPayments, boxSubscriptions, invoices } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { insertOrder } from "../../../tests/support/order-row";
import {
  arcaStatus,
  invoiceCounts,
  invoiceDashboard,
  invoicesCsv,
  invoicesForOrder,
  invoicingProblems,
  listInvoices,
  retryInvoice,
  sourceText,
} from "./admin.server";
import { ARCA_QR_BASE } from "./qr";

const { db, admin } = await adminTestDatabase();

/** A box charge of November 2026, for a box invoice. */
async function insertBoxPayment() {
  const [subscription] = await db
    .insert(boxSubscriptions)
    .values({
      planId: "monthly",
      priceCents: 5_400_000,
      frequencyMonths: 1,
      status: "active",
      firstName: "Mara",
      lastName: "Gómez",
      email: "mara@example.com",
      whatsapp: "1155551234",
      deliveryMethod: "pickup",
    })
    .returning();
  const [payment] = await db
    .insert(boxPayments)
    .values({
      subscriptionId: subscription?.id ?? 0,
      providerPaymentId: `pay-${Math.random()}`,
      amountCents: 5_400_000,
      status: "approved",
      boxDate: "2026-11-15",
    })
    .returning();
  if (!payment) throw new Error("payment not written");
  return payment;
}

describe("the list of /admin/facturas", () => {
  it("shows a month's vouchers newest first, with what each is for, filtered by state", async () => {
    const order = await insertOrder(db);
    const invoice = await insertInvoice(db, { orderId: order.id, number: 101, issuedOn: "2026-11-03" });
    const note = await insertInvoice(db, {
      kind: "credit_note",
      originalInvoiceId: invoice.id,
      number: 7,
      issuedOn: "2026-11-20",
      createdAt: new Date("2026-11-20T10:00:00-03:00"),
    });
    // Written on the last evening of November in Buenos Aires (already December in UTC), not issued yet.
    const failed = await insertInvoice(db, {
      status: "failed",
      number: null,
      cae: null,
      caeExpiry: null,
      issuedOn: null,
      lastError: "10016: El número o fecha del comprobante no se corresponde",
      createdAt: new Date("2026-11-30T23:30:00-03:00"),
    });
    const payment = await insertBoxPayment();
    const box = await insertInvoice(db, {
      orderId: null,
      boxPaymentId: payment.id,
      number: 102,
      issuedOn: "2026-11-16",
      createdAt: new Date("2026-11-16T09:00:00-03:00"),
    });
    // Other months: dated in October; written in December.
    await insertInvoice(db, { number: 90, issuedOn: "2026-10-31", createdAt: new Date("2026-10-31T20:00:00-03:00") });
    await insertInvoice(db, {
      status: "pending",
      number: null,
      cae: null,
      caeExpiry: null,
      issuedOn: null,
      createdAt: new Date("2026-12-01T00:10:00-03:00"),
    });

    const november = await listInvoices(db, { month: "2026-11", page: 1 });
    expect(november.total).toBe(4);
    expect(november.rows.map((row) => row.id)).toEqual([failed.id, note.id, box.id, invoice.id]);
    expect(november.rows.map(sourceText)).toEqual([
      expect.stringMatching(/^Pedido RZ-\d{6}$/),
      `Pedido ${order.number}`,
      "Caja Rizoma de noviembre de 2026",
      `Pedido ${order.number}`,
    ]);
    expect(november.rows[0]).toMatchObject({ status: "failed", lastError: expect.stringContaining("10016") });

    const failedOnly = await listInvoices(db, { month: "2026-11", status: "failed", page: 1 });
    expect(failedOnly.rows.map((row) => row.id)).toEqual([failed.id]);
    expect(await invoiceCounts(db, "2026-11")).toEqual({ pending: 0, issuing: 0, issued: 3, failed: 1, cancelled: 0 });
    expect((await invoiceCounts(db, "2026-12")).pending).toBe(1);

    const paged = await listInvoices(db, { month: "2026-11", page: 2, pageSize: 3 });
    expect(paged).toMatchObject({ total: 4, rows: [{ id: invoice.id }] });

    expect(await invoiceDashboard(db, new Date("2026-11-25T12:00:00-03:00"))).toEqual({
      issuedThisMonth: 3,
      failed: 1,
      pending: 1,
    });
  });
});

describe("the accountant's CSV", () => {
  it("lists the month's issued vouchers, credit notes negative, in the admin's CSV format", async () => {
    const cuitBuyer = await insertOrder(db, { buyerCuit: "30-71234567-1", buyerLegalName: "Biblioteca Popular SA" });
    const consumer = await insertInvoice(db, {
      pointOfSale: 3,
      number: 11,
      issuedOn: "2025-03-02",
      cae: "75011111111111",
      receiverDocType: 96,
      receiverDocNumber: "30123456",
      totalCents: 1_234_567,
      exemptCents: 1_234_567,
    });
    await insertInvoice(db, {
      orderId: cuitBuyer.id,
      voucherType: 1,
      pointOfSale: 3,
      number: 4,
      issuedOn: "2025-03-05",
      cae: "75022222222222",
      receiverDocType: 80,
      receiverDocNumber: "30712345671",
      receiverName: "Biblioteca Popular SA",
      receiverTaxCondition: 1,
      netCents: 826_446,
      vatCents: 173_554,
      exemptCents: 500_000,
      totalCents: 1_500_000,
      vat: [{ id: 5, baseCents: 826_446, amountCents: 173_554 }],
    });
    await insertInvoice(db, {
      kind: "credit_note",
      originalInvoiceId: consumer.id,
      pointOfSale: 3,
      number: 1,
      issuedOn: "2025-03-31",
      cae: "75033333333333",
      totalCents: 1_234_567,
      exemptCents: 1_234_567,
    });
    // Not in the file: a failed one of the month, one of April, one of February.
    await insertInvoice(db, { status: "failed", number: 12, pointOfSale: 3, cae: null, issuedOn: "2025-03-06" });
    await insertInvoice(db, { pointOfSale: 3, number: 13, issuedOn: "2025-04-01" });
    await insertInvoice(db, { pointOfSale: 3, number: 10, issuedOn: "2025-02-28" });

    expect(await invoicesCsv(db, "2025-03")).toBe(
      "\uFEFFFecha;Tipo;Punto de venta;Número;Documento del receptor;Neto;IVA;Exento;Total;CAE\r\n" +
        '02/03/2025;Factura B;3;11;DNI 30123456;"0,00";"0,00";"12345,67";"12345,67";75011111111111\r\n' +
        '05/03/2025;Factura A;3;4;CUIT 30-71234567-1;"8264,46";"1735,54";"5000,00";"15000,00";75022222222222\r\n' +
        '31/03/2025;Nota de crédito B;3;1;Consumidor final;"0,00";"0,00";"-12345,67";"-12345,67";75033333333333\r\n',
    );
    expect(await invoicesCsv(db, "2025-05")).toBe(
      "\uFEFFFecha;Tipo;Punto de venta;Número;Documento del receptor;Neto;IVA;Exento;Total;CAE\r\n",
    );
  });
});

describe("an order's vouchers (GET /api/admin/invoices?order=)", () => {
  it("gives its invoice and credit note in pesos, with the admin's PDF link and ARCA's QR once issued", async () => {
    const order = await insertOrder(db);
    const invoice = await insertInvoice(db, {
      orderId: order.id,
      pointOfSale: 5,
      number: 33,
      issuedOn: "2026-11-12",
      cae: "76000000000033",
      caeExpiry: "2026-11-22",
      totalCents: 1_250_050,
      exemptCents: 1_250_050,
    });
    const note = await insertInvoice(db, {
      kind: "credit_note",
      originalInvoiceId: invoice.id,
      pointOfSale: 5,
      status: "pending",
      number: null,
      cae: null,
      caeExpiry: null,
      issuedOn: null,
      totalCents: 1_250_050,
      exemptCents: 1_250_050,
    });
    const found = await invoicesForOrder(db, order.number);
    expect(found).toEqual([
      {
        id: invoice.id,
        kind: "invoice",
        type: "Factura B",
        pointOfSale: 5,
        number: 33,
        issuedOn: "2026-11-12",
        cae: "76000000000033",
        caeExpiry: "2026-11-22",
        total: 12500.5,
        status: "issued",
        pdfUrl: `/admin/facturas/${invoice.id}/pdf`,
        qrUrl: expect.stringMatching(`^${ARCA_QR_BASE.replace(/[?.]/g, "\\$&")}`),
      },
      {
        id: note.id,
        kind: "credit_note",
        type: "Nota de crédito B",
        pointOfSale: 5,
        number: null,
        issuedOn: null,
        cae: null,
        caeExpiry: null,
        total: 12500.5,
        status: "pending",
        pdfUrl: null,
        qrUrl: null,
      },
    ]);
    const payload = JSON.parse(atob((found[0]?.qrUrl ?? "").slice(ARCA_QR_BASE.length)));
    expect(payload).toEqual({
      ver: 1,
      fecha: "2026-11-12",
      cuit: 20000000001,
      ptoVta: 5,
      tipoCmp: 6,
      nroCmp: 33,
      importe: 12500.5,
      moneda: "PES",
      ctz: 1,
      tipoDocRec: 99,
      nroDocRec: 0,
      tipoCodAut: "E",
      codAut: 76000000000033,
    });
    // An order without vouchers yet: an empty list. An unknown one: NotFound in Spanish.
    expect(await invoicesForOrder(db, (await insertOrder(db)).number)).toEqual([]);
    await expect(invoicesForOrder(db, "RZ-999999")).rejects.toThrow(new NotFound("No encontramos el pedido RZ-999999"));
  });
});

describe("retrying a failed voucher", () => {
  it("puts it back in the queue once, keeps its number, and records who did it", async () => {
    const order = await insertOrder(db);
    const failed = await insertInvoice(db, {
      orderId: order.id,
      status: "failed",
      number: 57,
      cae: null,
      caeExpiry: null,
      attempts: 8,
      lastError: "ARCA no respondió",
      requestedAt: new Date("2026-11-10T15:00:00-03:00"),
      nextAttemptAt: new Date("2030-01-01T00:00:00Z"),
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => retryInvoice(db, admin, failed.id)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    }
    const [row] = await db.select().from(invoices).where(eq(invoices.id, failed.id));
    expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null, number: 57, lockedUntil: null });
    expect(row?.requestedAt).toEqual(new Date("2026-11-10T15:00:00-03:00"));
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "invoice.retry"));
    expect(audit).toEqual([
      expect.objectContaining({
        adminEmail: admin.email,
        entity: "invoice",
        entityId: String(failed.id),
        summary: `Reintentó emitir la Factura B (Pedido ${order.number})`,
      }),
    ]);

    const issued = await insertInvoice(db);
    await expect(retryInvoice(db, admin, issued.id)).rejects.toThrow(
      new Conflict("Esa factura no tiene error: no hace falta reintentarla"),
    );
    await expect(retryInvoice(db, admin, 999_999)).rejects.toThrow(new NotFound("No encontramos esa factura"));
  });
});

describe("what the admin is told about the ARCA link", () => {
  const api = (environment: "homologacion" | "produccion") =>
    ({ environment, cuit: "20267565393" }) as unknown as NonNullable<Parameters<typeof arcaStatus>[0]>["api"];

  it("names the environment and CUIT when live, the demo when sandboxed, and the reason when off", () => {
    expect(arcaStatus({ mode: "live", api: api("produccion"), reason: null }).text).toBe(
      "Conectado a ARCA (producción), CUIT 20-26756539-3",
    );
    expect(arcaStatus({ mode: "live", api: api("homologacion"), reason: null }).text).toBe(
      "Conectado a ARCA (homologación), CUIT 20-26756539-3",
    );
    expect(arcaStatus({ mode: "sandbox", api: null, reason: null })).toEqual({
      mode: "sandbox",
      text: "Modo demo: comprobantes de prueba sin validez fiscal",
    });
    expect(arcaStatus({ mode: "off", api: null, reason: "Falta ARCA_KEY" })).toEqual({
      mode: "off",
      text: "Falta ARCA_KEY",
    });
    expect(arcaStatus(null).mode).toBe("off");
  });

  it("lists what to configure while invoices are not being issued", () => {
    const live = arcaStatus({ mode: "live", api: api("produccion"), reason: null });
    expect(invoicingProblems({ enabled: true, pointOfSale: 2 }, live)).toEqual([]);
    expect(invoicingProblems({ enabled: false, pointOfSale: 2 }, live)).toEqual([
      expect.stringContaining("La emisión automática está apagada"),
    ]);
    expect(invoicingProblems({ enabled: true, pointOfSale: 2 }, arcaStatus(null))).toEqual([
      expect.stringContaining("ARCA_CERT"),
    ]);
  });
});
