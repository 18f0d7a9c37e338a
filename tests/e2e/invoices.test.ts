import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arcaTestCredentials } from "../support/arca-cert";
import { signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { type FakeArca, startFakeArca } from "../support/fake-arca";
import { pdfQrCodes, pdfText } from "../support/pdf";
import { saleBooks, setStock } from "../support/shop";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

/**
 * Issue 19, "Done when": a transfer order confirmed by the admin gets one invoice with a CAE from (the fake)
 * ARCA; its PDF downloads from the buyer's order page and comes attached to the buyer's e-mail; its QR
 * decodes to the voucher's data; a cancellation after payment gets its Nota de crédito linked to it.
 */
const CUIT = "30716543214";
const admin = { email: "facturacion@rizoma.com.ar", password: "clave-de-prueba-facturacion" };
const buyer = "lectora@example.com";
let smtp: TestSmtpServer;
let arca: FakeArca;

beforeAll(async () => {
  smtp = await startSmtpServer();
  arca = await startFakeArca({ certificatePem: arcaTestCredentials().certificatePem, cuit: CUIT });
});
const shop = browserSuite(() => {
  const { certificatePem, privateKeyPem } = arcaTestCredentials();
  return {
    NODE_ENV: "test",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Rizoma <hola@rizoma.test>",
    ARCA_ENV: "homologacion",
    ARCA_CUIT: CUIT,
    ARCA_CERT: certificatePem,
    ARCA_KEY: privateKeyPem,
    ARCA_WSAA_URL: arca.wsaaUrl,
    ARCA_WSFE_URL: arca.wsfeUrl,
    ARCA_TIMEOUT_MS: "3000",
  };
});
afterAll(async () => {
  await smtp?.close();
  await arca?.close();
});

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${shop.app.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return { response, json: JSON.parse(text) };
}

/** yyyymmdd (as ARCA stores it) → yyyy-mm-dd (as the QR's JSON carries it). */
const isoDay = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

describe("an invoice with ARCA", () => {
  let order = { number: "", token: "", total: 0 };

  it("is issued once when the admin confirms a transfer: the buyer downloads it, the QR checks, the e-mail carries it", async () => {
    // The admin's setup: a Responsable Inscripto with ARCA's CUIT, point of sale 1, invoicing on.
    const login = await api("/api/auth/login", { body: admin });
    const cookie = (login.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { settings } = (await api("/api/admin/settings", { cookie })).json;
    await api("/api/admin/settings/fiscal", {
      method: "PUT",
      cookie,
      body: {
        ...settings.fiscal,
        legalName: "Rizoma Libros SRL",
        cuit: "30-71654321-4",
        taxCondition: "responsable_inscripto",
        legalAddress: "Thames 1234, CABA",
      },
    });
    await api("/api/admin/settings/invoicing", { method: "PUT", cookie, body: { enabled: true, pointOfSale: 1 } });
    const [book] = await saleBooks(shop.app, 1);
    if (!book) throw new Error("no book");
    await setStock(shop.app, cookie, book.id, 10);

    const placed = await api("/api/orders", {
      body: {
        items: [{ id: book.id, quantity: 2 }],
        customer: { firstName: "Lucía", lastName: "Pérez", email: buyer, phone: "+54 9 11 5555-1234" },
        delivery: { method: "pickup" },
        paymentMethod: "transfer",
      },
    });
    order = placed.json.order;
    expect(arca.requests.FECAESolicitar ?? 0).toBe(0);

    // The admin confirms the payment on the order's page.
    const adminPage = await shop.open({ width: 1280 });
    await signInAsAdmin(adminPage, shop.app.baseUrl, admin, `/admin/pedidos/${order.number}`);
    await adminPage.getByRole("button", { name: "Confirmar pago de la transferencia" }).click();
    await expect.poll(() => adminPage.getByRole("button", { name: "Marcar listo para retirar" }).count()).toBe(1);

    const voucher = await until(() => arca.vouchers.get("1-6-1"), "ARCA to authorise Factura B 1", 60_000);
    expect(voucher).toMatchObject({ docType: 99, docNumber: "0" });
    expect(Number(voucher.total)).toBe(order.total);

    // The buyer's order page lists it, with its download.
    const buyerPage = await shop.open({ width: 390 });
    const listed = buyerPage.getByTestId("order-vouchers").getByRole("listitem");
    await until(
      async () => {
        await buyerPage.goto(`${shop.app.baseUrl}/pedido/${order.number}?token=${order.token}`);
        return (await listed.count()) === 1;
      },
      "the invoice on the buyer's order page",
      30_000,
    );
    const item = (await listed.textContent()) ?? "";
    expect(item).toContain("Factura B 00001-00000001");
    expect(item).toContain("COMPROBANTE DE PRUEBA — sin validez fiscal");
    const link = listed.getByRole("link", { name: "Descargar PDF de la Factura B 00001-00000001" });
    const href = (await link.getAttribute("href")) ?? "";
    // The shop's public address (PUBLIC_URL) + the order's signed path.
    const signed = new URL(href, shop.app.baseUrl);
    expect(signed.pathname).toMatch(new RegExp(`^/pedido/${order.number}/factura/\\d+$`));
    // The order page's own token: whoever holds the order's link may download its vouchers.
    expect(signed.searchParams.get("token")).toBe(order.token);
    const download = await buyerPage.request.get(`${shop.app.baseUrl}${signed.pathname}${signed.search}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    const pdf = await download.body();
    const text = await pdfText(pdf);
    expect(text).toContain(voucher.cae);
    expect(text).toContain("COMPROBANTE DE PRUEBA — sin validez fiscal");

    // The QR of RG 4892: ARCA's address and the voucher's data.
    const [qr] = await pdfQrCodes(pdf);
    expect(qr).toMatch(/^https:\/\/www\.afip\.gob\.ar\/fe\/qr\/\?p=/);
    const payload = JSON.parse(Buffer.from(new URL(qr ?? "").searchParams.get("p") ?? "", "base64").toString("utf8"));
    expect(payload).toEqual({
      ver: 1,
      fecha: isoDay(voucher.date),
      cuit: Number(CUIT),
      ptoVta: 1,
      tipoCmp: 6,
      nroCmp: 1,
      importe: order.total,
      moneda: "PES",
      ctz: 1,
      tipoDocRec: 99,
      nroDocRec: 0,
      tipoCodAut: "E",
      codAut: Number(voucher.cae),
    });

    // The buyer's e-mail carries the same PDF.
    const mail = await until(
      () => smtp.received.find((entry) => entry.to === buyer && entry.parsed.attachments.length > 0),
      "the invoice e-mail with its PDF",
      60_000,
    );
    const [attachment] = mail.parsed.attachments;
    expect(attachment?.contentType).toBe("application/pdf");
    expect(await pdfText(attachment?.content ?? Buffer.alloc(0))).toContain(voucher.cae);

    // One login, one authorisation: nothing asked twice.
    expect(arca.requests.FECAESolicitar).toBe(1);
    expect(arca.requests.loginCms).toBe(1);
  });

  it("a cancellation after payment gets its Nota de crédito B, linked to the invoice and listed for the buyer", async () => {
    const adminPage = await shop.open({ width: 1280 });
    await signInAsAdmin(adminPage, shop.app.baseUrl, admin, `/admin/pedidos/${order.number}`);
    await adminPage.getByLabel("Motivo de la cancelación").fill("La lectora se arrepintió");
    await adminPage.getByRole("button", { name: "Cancelar pedido" }).click();
    await expect.poll(() => adminPage.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0);

    const note = await until(() => arca.vouchers.get("1-8-1"), "ARCA to authorise the Nota de crédito B 1", 60_000);
    expect(note.associated).toEqual([expect.objectContaining({ type: 6, pointOfSale: 1, number: 1 })]);
    expect(note.total).toBe(arca.vouchers.get("1-6-1")?.total);

    const buyerPage = await shop.open({ width: 390 });
    const listed = buyerPage.getByTestId("order-vouchers").getByRole("listitem");
    await until(
      async () => {
        await buyerPage.goto(`${shop.app.baseUrl}/pedido/${order.number}?token=${order.token}`);
        return (await listed.count()) === 2;
      },
      "the credit note on the buyer's order page",
      30_000,
    );
    expect(await listed.nth(1).textContent()).toContain("Nota de crédito B 00001-00000001");
    const href = (await listed.nth(1).getByRole("link").getAttribute("href")) ?? "";
    const signed = new URL(href, shop.app.baseUrl);
    const download = await buyerPage.request.get(`${shop.app.baseUrl}${signed.pathname}${signed.search}`);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(await pdfText(await download.body())).toContain(note.cae);
    expect(arca.requests.FECAESolicitar).toBe(2);
  });
});
