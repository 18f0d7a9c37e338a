import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { insertInvoice } from "../../../../tests/support/invoice-row";
import { insertOrder } from "../../../../tests/support/order-row";
import { routeArgs } from "../../../../tests/support/route-context";
import * as exportRoute from "../../admin/facturas/exportar";
import * as listPage from "../../admin/facturas/list";
import * as pdfRoute from "../../admin/facturas/pdf";
import * as retryRoute from "./invoice-retry";
import * as listRoute from "./invoices";

const { database, db, admin, call } = await adminTestDatabase();

describe("GET /api/admin/invoices?order=", () => {
  it("answers the order's vouchers in pesos, 400 without a valid order number, 404 for an unknown one", async () => {
    const order = await insertOrder(db);
    const invoice = await insertInvoice(db, {
      orderId: order.id,
      number: 21,
      totalCents: 1_999_999,
      exemptCents: 1_999_999,
    });
    const found = await call(listRoute.loader, `/api/admin/invoices?order=${order.number.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      success: true,
      invoices: [
        expect.objectContaining({
          type: "Factura B",
          pointOfSale: 1,
          number: 21,
          cae: "76451234567890",
          caeExpiry: "2026-11-20",
          total: 19999.99,
          status: "issued",
          pdfUrl: `/admin/facturas/${invoice.id}/pdf`,
          qrUrl: expect.stringMatching(/^https:\/\/www\.afip\.gob\.ar\/fe\/qr\/\?p=/),
        }),
      ],
    });

    expect(await call(listRoute.loader, "/api/admin/invoices")).toEqual({
      status: 400,
      body: { success: false, error: "Indicá el número de pedido: ?order=RZ-000123" },
    });
    expect(await call(listRoute.loader, "/api/admin/invoices?order=123")).toEqual({
      status: 400,
      body: { success: false, error: "El número de pedido no es válido: usá el formato RZ-000123" },
    });
    expect(await call(listRoute.loader, "/api/admin/invoices?order=RZ-999999")).toEqual({
      status: 404,
      body: { success: false, error: "No encontramos el pedido RZ-999999" },
    });
    const anonymous = await call(listRoute.loader, `/api/admin/invoices?order=${order.number}`, { asAdmin: false });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/admin/invoices/{id}/retry", () => {
  it("requeues a failed voucher once; a second retry is a 409, an unknown id a 404", async () => {
    const failed = await insertInvoice(db, {
      status: "failed",
      number: null,
      cae: null,
      issuedOn: null,
      lastError: "x",
    });
    const url = `/api/admin/invoices/${failed.id}/retry`;
    const post = { method: "POST", params: { id: String(failed.id) } };
    const [first, second] = await Promise.all([call(retryRoute.action, url, post), call(retryRoute.action, url, post)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((first.status === 200 ? first : second).body).toEqual({
      success: true,
      message: "La factura volvió a la cola: se emite en unos instantes",
    });
    expect((first.status === 409 ? first : second).body.error).toBe(
      "Esa factura no tiene error: no hace falta reintentarla",
    );
    const [row] = await db.select().from(invoices).where(eq(invoices.id, failed.id));
    expect(row?.status).toBe("pending");
    const unknown = await call(retryRoute.action, "/api/admin/invoices/abc/retry", {
      method: "POST",
      params: { id: "abc" },
    });
    expect(unknown).toEqual({ status: 404, body: { success: false, error: "No encontramos esa factura" } });
    expect((await call(retryRoute.loader, url, { params: { id: String(failed.id) } })).status).toBe(405);
  });
});

describe("the admin's downloads", () => {
  it("serves the month's CSV as facturas-YYYY-MM.csv and refuses a malformed month", async () => {
    await insertInvoice(db, { number: 300, issuedOn: "2024-06-14", cae: "70000000000300" });
    const response = await exportRoute.loader(
      routeArgs("/admin/facturas/exportar?mes=2024-06", database, { context: { admin } }) as never,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="facturas-2024-06.csv"');
    const text = await response.text();
    expect(text.split("\r\n")[1]).toBe(
      '14/06/2024;Factura B;1;300;Consumidor final;"0,00";"0,00";"10000,00";"10000,00";70000000000300',
    );

    const bad = await exportRoute.loader(
      routeArgs("/admin/facturas/exportar?mes=2024-13", database, { context: { admin } }) as never,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/El mes no es válido/);
  });

  it("answers a voucher that is not issued yet with a 404 in words, not a PDF", async () => {
    const pending = await insertInvoice(db, { status: "pending", number: null, cae: null, issuedOn: null });
    const response = await pdfRoute.loader(
      routeArgs(`/admin/facturas/${pending.id}/pdf`, database, {
        params: { id: String(pending.id) },
        context: { admin },
      }) as never,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Esa factura no existe o todavía no fue emitida");
  });

  it("sends a visitor without a session to the sign-in", async () => {
    const attempt = exportRoute.loader(routeArgs("/admin/facturas/exportar", database) as never);
    await expect(attempt).rejects.toMatchObject({ status: 303 });
  });
});

describe("/admin/facturas", () => {
  it("says invoicing is off until it is configured, and retries a failed voucher from a plain form", async () => {
    const failed = await insertInvoice(db, {
      status: "failed",
      number: null,
      cae: null,
      issuedOn: null,
      lastError: "10015: El documento del receptor no es válido",
      createdAt: new Date("2026-11-18T10:00:00-03:00"),
    });
    const page = (await listPage.loader(
      routeArgs("/admin/facturas?mes=2026-11&estado=failed", database, { context: { admin } }) as never,
    )) as Awaited<ReturnType<typeof listPage.loader>>;
    expect(page.rows.map((row) => row.id)).toEqual([failed.id]);
    expect(page.rows[0]).toMatchObject({ voucher: "Factura B", numberText: "00001-—", status: "failed" });
    expect(page.problems).toEqual([
      expect.stringContaining("La emisión automática está apagada"),
      expect.stringContaining("Sin conexión con ARCA"),
    ]);

    // The dashboard's link names only the state: failures of every month, an old one too.
    const old = await insertInvoice(db, {
      status: "failed",
      number: null,
      cae: null,
      issuedOn: null,
      createdAt: new Date("2025-08-01T10:00:00-03:00"),
    });
    const everyMonth = (await listPage.loader(
      routeArgs("/admin/facturas?estado=failed", database, { context: { admin } }) as never,
    )) as Awaited<ReturnType<typeof listPage.loader>>;
    expect(everyMonth).toMatchObject({ everyMonth: true, monthName: "todos los meses" });
    expect(everyMonth.rows.map((row) => row.id)).toEqual(expect.arrayContaining([failed.id, old.id]));

    const form = new URLSearchParams({ id: String(failed.id) }).toString();
    const posted = (await listPage.action(
      routeArgs("/admin/facturas?mes=2026-11&estado=failed", database, {
        method: "POST",
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        context: { admin },
      }) as never,
    )) as Response;
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/admin/facturas?mes=2026-11&estado=failed&aviso=reintento");
  });
});
