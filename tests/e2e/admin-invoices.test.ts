import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInBuenosAires } from "~/lib/dates";
import { openPglite, openPostgres } from "~db/connect";
import { startApp } from "../support/app-server";
import { expectAccessible, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";
import { insertInvoice } from "../support/invoice-row";
import { insertOrder } from "../support/order-row";
import { pdfText } from "../support/pdf";
import { until } from "../support/until";

/**
 * /admin/facturas as the admin uses it: this month's vouchers (one issued, one that ARCA refused), the
 * retry without JavaScript, the accountant's CSV and the order's JSON. The vouchers are written straight
 * into the shop's database (the worker that issues them is tested on its own). The PDF download itself is
 * the renderer's to test: here only its link is checked.
 */
const admin = { email: "facturas@rizoma.com.ar", password: "clave-de-prueba-facturas" };
const today = todayInBuenosAires();
const month = today.slice(0, 7);
const vouchers = { orderNumber: "", issuedId: 0, failedId: 0 };

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  {
    async beforeStart(env) {
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      const order = await insertOrder(database.db, {
        firstName: "Julia",
        lastName: "Ortiz",
        email: "julia@example.com",
      });
      // ARCA's test environment and a CUIT of their own, so no sandbox numbering of the demo collides.
      const issued = await insertInvoice(database.db, {
        orderId: order.id,
        environment: "homologacion",
        issuerCuit: "30712345671",
        number: 500,
        issuedOn: today,
        createdAt: new Date(),
        cae: "76000000000500",
        receiverName: "Julia Ortiz",
        totalCents: 1_234_550,
        exemptCents: 1_234_550,
      });
      const failed = await insertInvoice(database.db, {
        environment: "homologacion",
        issuerCuit: "30712345671",
        status: "failed",
        number: null,
        cae: null,
        caeExpiry: null,
        issuedOn: null,
        createdAt: new Date(),
        attempts: 8,
        lastError: "10015: El documento del receptor no es válido",
      });
      Object.assign(vouchers, { orderNumber: order.number, issuedId: issued.id, failedId: failed.id });
      await database.close();
    },
  },
);

async function signedIn(options: PageOptions): Promise<Page> {
  const page = await shop.open(options);
  await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/facturas");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Facturas");
  return page;
}

const row = (page: Page, text: string | RegExp) => page.getByTestId("invoice-row").filter({ hasText: text });

describe("/admin/facturas", () => {
  it("lists the month's vouchers, retries a failed one without JavaScript and links each issued one's PDF", async () => {
    const page = await signedIn({ width: 1280, javaScriptEnabled: false });
    expect(await page.getByRole("link", { name: "Facturas", exact: true }).getAttribute("href")).toBe(
      "/admin/facturas",
    );
    expect(await page.getByTestId("invoice-row").count()).toBe(2);

    const issued = row(page, "00001-00000500");
    expect(await issued.textContent()).toContain("Factura B");
    expect(await issued.textContent()).toContain(`Pedido ${vouchers.orderNumber}`);
    expect(await issued.textContent()).toContain("Julia Ortiz");
    expect(await issued.textContent()).toContain("Emitida");
    expect(await issued.getByRole("link", { name: /Descargar PDF/ }).getAttribute("href")).toBe(
      `/admin/facturas/${vouchers.issuedId}/pdf`,
    );

    const failed = row(page, "Con error");
    expect(await failed.textContent()).toContain("10015: El documento del receptor no es válido");
    await failed.getByRole("button", { name: /Reintentar/ }).click();
    await page.waitForURL(/aviso=reintento/);
    expect(await page.getByRole("status").first().textContent()).toContain("La factura volvió a la cola");
    // The worker takes it at once: in this demo shop the sandbox issues it, and the list shows it issued.
    await until(async () => {
      await page.goto(`${shop.app.baseUrl}/admin/facturas?estado=failed`);
      return (await row(page, "Con error").count()) === 0;
    }, "the retried voucher to be issued");
  });

  it("downloads the month's CSV and answers the order's vouchers as JSON", async () => {
    const page = await signedIn({ width: 1280 });
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Descargar CSV del mes" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`facturas-${month}.csv`);
    const csv = await readFile((await download.path()) ?? "");
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [year, mm, dd] = today.split("-");
    // The voucher ARCA had refused was retried in the test before: the demo's sandbox issued it (Factura C,
    // the demo seller is Monotributo), so the month now holds both.
    expect(csv.subarray(3).toString("utf8")).toMatch(
      new RegExp(
        "^Fecha;Tipo;Punto de venta;Número;Documento del receptor;Neto;IVA;Exento;Total;CAE\\r\\n" +
          `${dd}/${mm}/${year};Factura B;1;500;Consumidor final;"0,00";"0,00";"12345,50";"12345,50";76000000000500\\r\\n` +
          `${dd}/${mm}/${year};Factura C;1;\\d+;Consumidor final;"10000,00";"0,00";"0,00";"10000,00";\\d{14}\\r\\n$`,
      ),
    );

    const pdf = await page.request.get(`${shop.app.baseUrl}/admin/facturas/${vouchers.issuedId}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toContain("Factura-B-00001-00000500.pdf");
    const text = await pdfText(Buffer.from(await pdf.body()));
    expect(text).toContain("76000000000500");
    expect(text).toContain("COMPROBANTE DE PRUEBA — sin validez fiscal");

    const answer = await page.request.get(`${shop.app.baseUrl}/api/admin/invoices?order=${vouchers.orderNumber}`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({
      success: true,
      invoices: [
        {
          type: "Factura B",
          pointOfSale: 1,
          number: 500,
          cae: "76000000000500",
          total: 12345.5,
          status: "issued",
          pdfUrl: `/admin/facturas/${vouchers.issuedId}/pdf`,
        },
      ],
    });
    const unknown = await page.request.get(`${shop.app.baseUrl}/api/admin/invoices?order=RZ-999999`);
    expect(unknown.status()).toBe(404);
  });
});
