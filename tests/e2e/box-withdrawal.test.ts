import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boxSubscriptions } from "~db/schema";
import { openMigratedDatabase } from "../../server/open-database";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { notifyShop } from "../support/mercadopago-notify";
import { boxSubscription } from "../support/shop";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

// The Caja Rizoma's own botón de arrepentimiento (issue 33, decision 0047): a box subscribed 3 days ago is
// withdrawn through /arrepentimiento, cancelled at the fake Mercado Pago, and its first charge refunded once.
const root = path.resolve(import.meta.dirname, "../..");
const WEBHOOK_SECRET = "e2e-webhook-secret";
const admin = { email: "caja-arrepentimientos@rizoma.com.ar", password: "clave-de-prueba-caja-arrepentimientos" };
const SHOTS = process.env.SCREENSHOT_DIR;
let smtp: TestSmtpServer;
let fake: FakeMercadoPago;

beforeAll(async () => {
  smtp = await startSmtpServer();
  fake = await startFakeMercadoPago();
});
const shop = browserSuite(() => ({
  NODE_ENV: "test",
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SMTP_URL: smtp.url,
  MAIL_FROM: "Rizoma <hola@rizoma.test>",
  MP_API_BASE: fake.url,
  MP_ACCESS_TOKEN: fake.token,
  MP_WEBHOOK_SECRET: WEBHOOK_SECRET,
}));
afterAll(async () => {
  await smtp?.close();
  await fake?.close();
});

const mailsTo = (to: string, subject: RegExp) =>
  smtp.received.filter((mail) => mail.to === to && subject.test(mail.parsed.subject ?? ""));

/** A visitor subscribes, authorizes at Mercado Pago, is charged, and Mercado Pago tells the shop both. */
async function paidSubscription(email: string, overrides: Partial<typeof boxSubscription> = {}) {
  const response = await fetch(`${shop.app.baseUrl}/api/caja/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...boxSubscription, ...overrides, email }),
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: number };
  const preapproval = [...fake.preapprovals.values()].find((p) => p.external_reference === String(id));
  if (!preapproval) throw new Error("no preapproval at the fake");
  const preapprovalId = String(preapproval.id);
  const chargeId = fake.authorize(preapprovalId);
  for (const [type, dataId] of [
    ["subscription_preapproval", preapprovalId],
    ["subscription_authorized_payment", chargeId],
  ] as const) {
    const notified = await notifyShop(shop.app.baseUrl, WEBHOOK_SECRET, { type, action: "updated", dataId });
    expect(notified.status).toBeLessThan(300);
  }
  return { id, preapprovalId, chargeId };
}

/** While the server is stopped (PGlite has one owner): the subscription was made `days` days ago. */
async function subscribedDaysAgo(id: number, days: number) {
  await shop.app.stop();
  const { database, close } = await openMigratedDatabase(
    { databaseUrl: shop.env.DATABASE_URL, dataDir: path.resolve(root, shop.env.DATA_DIR ?? "") },
    root,
  );
  await database.db
    .update(boxSubscriptions)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(boxSubscriptions.id, id));
  await close();
  shop.app = await startApp(shop.env);
}

describe("the Caja Rizoma's botón de arrepentimiento", () => {
  it("withdraws a box subscribed 3 days ago: cancelled at Mercado Pago, one refund, the code on the page and by e-mail", async () => {
    const email = "caja-arrepentida@example.com";
    const { id, preapprovalId, chargeId } = await paidSubscription(email);
    const number = `CR-${String(id).padStart(6, "0")}`;
    const welcome = await until(() => mailsTo(email, /Bienvenida/)[0], "the welcome e-mail");
    expect(welcome.parsed.text).toContain(`Tu número de suscripción es ${number}.`);
    expect(welcome.parsed.text).toContain("10 días corridos desde que te suscribiste");
    const link = /Ver o cambiar mi suscripción \(pausar o cancelar\): (\S+)/.exec(welcome.parsed.text ?? "")?.[1] ?? "";
    // The signed link to the subscriber's own page, opened on this shop.
    expect(link).toMatch(/\/caja-rizoma\/mi-suscripcion\?token=\S+$/);
    // On the shop as it runs when opened (subscribedDaysAgo restarts it on another port).
    const manage = () => new URL(new URL(link).pathname + new URL(link).search, shop.app.baseUrl).href;
    await until(() => mailsTo(email, /Recibimos el pago/)[0], "the payment e-mail");
    await subscribedDaysAgo(id, 3);

    // The subscriber's page names the number and the last day to withdraw, at both widths.
    const { page, errors } = await shop.watch({ width: 390, height: 844 });
    await page.goto(manage());
    await hydrated(page);
    expect(await page.getByTestId("own-number").textContent()).toBe(number);
    expect(await page.getByTestId("own-net").textContent()).toMatch(/^PRECIO SIN IMPUESTOS NACIONALES: \$/);
    expect(await page.locator("main").textContent()).toMatch(/Si te arrepentiste, tenés hasta el \d+ de \w+ de \d{4}/);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mi-suscripcion-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mi-suscripcion-1280.png`, fullPage: true });

    await page.locator("main").getByRole("link", { name: "Botón de arrepentimiento" }).click();
    await page.waitForURL(/\/arrepentimiento\?pedido=CR-/);
    await hydrated(page);
    expect(await page.getByLabel("Número de pedido o de suscripción").inputValue()).toBe(number);
    await page.getByLabel("Email").fill(email);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/arrepentimiento-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "ARREPENTIRME DE LA COMPRA" }).click();
    await page.waitForURL(/\/arrepentimiento\/listo\?/);
    const code = new URL(page.url()).searchParams.get("codigo") ?? "";
    expect(code).toMatch(/^ARR-[2-9A-HJ-NP-Z]{8}$/);
    const status = page.getByRole("status");
    await expect.poll(() => status.textContent()).toContain(`Suscripción ${number} a la Caja Rizoma`);
    expect(await status.textContent()).toContain(code);
    expect(await page.locator("main").textContent()).toContain("Ya te devolvimos el primer cobro");
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/arrepentimiento-listo-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/arrepentimiento-listo-390.png`, fullPage: true });

    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("cancelled");
    expect(fake.requests.filter((r) => r.method === "PUT" && r.path === `/preapproval/${preapprovalId}`)).toHaveLength(
      1,
    );
    const refunds = () => [...fake.refunds.values()].filter((refund) => String(refund.payment_id) === chargeId);
    expect(refunds()).toHaveLength(1);
    const mail = await until(() => mailsTo(email, /Recibimos tu arrepentimiento/)[0], "the withdrawal e-mail");
    expect(mail.parsed.text).toContain(`Código de gestión: ${code}`);

    // Sent again through the API: the same code, still one refund; the page shows it withdrawn.
    const again = await fetch(`${shop.app.baseUrl}/api/arrepentimiento`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNumber: number, email }),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true, code });
    expect(refunds()).toHaveLength(1);
    await page.goto(manage());
    expect(await page.locator("main").textContent()).toContain(`Código de gestión: ${code}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the admin marks a box picked up at the shop (then no automatic refund), sees every box withdrawal and retries a failed refund", async () => {
    const picked = await paidSubscription("caja-retirada@example.com", { deliveryMethod: "pickup" });
    const pickedNumber = `CR-${String(picked.id).padStart(6, "0")}`;
    const { page, errors } = await shop.watch({ width: 1280, height: 900 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/caja");
    await hydrated(page);
    const pickups = page.getByRole("region", { name: /^Retiros en la librería de / });
    const row = pickups.getByRole("listitem").filter({ hasText: pickedNumber });
    await row.getByRole("button", { name: "Marcar entregada la caja de Lucía Pérez" }).click();
    await expect.poll(() => page.getByText("Quedó registrada la entrega de la caja de").count()).toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/Entregada el \d/);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-caja-retiros-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-caja-retiros-390.png`, fullPage: true });

    // Its withdrawal: cancelled, no refund (the box was handed over), the return to arrange.
    const withdraw = (orderNumber: string, email: string) =>
      fetch(`${shop.app.baseUrl}/api/arrepentimiento`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderNumber, email }),
      });
    const answer = await withdraw(pickedNumber, "caja-retirada@example.com");
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { message: string }).message).toContain("Ya retiraste tu primera caja");
    const refundsOf = (chargeId: string) =>
      [...fake.refunds.values()].filter((refund) => String(refund.payment_id) === chargeId);
    expect(refundsOf(picked.chargeId)).toHaveLength(0);

    // A refund Mercado Pago refuses (the preapproval's PUT and the charge's GET answer 400, not retried).
    const failing = await paidSubscription("caja-reembolso-fallido@example.com");
    const failingNumber = `CR-${String(failing.id).padStart(6, "0")}`;
    fake.failNext(2, 400);
    expect((await withdraw(failingNumber, "caja-reembolso-fallido@example.com")).status).toBe(201);
    expect(refundsOf(failing.chargeId)).toHaveLength(0);

    await page.goto(`${shop.app.baseUrl}/admin/arrepentimientos#caja`);
    await hydrated(page);
    const box = page.getByRole("region", { name: /^Caja Rizoma/ });
    const listed = (number: string) => box.getByTestId("box-withdrawal-row").filter({ hasText: number });
    expect(await listed(pickedNumber).textContent()).toContain("Caja retirada: coordinar devolución");
    const failed = listed(failingNumber);
    expect(await failed.textContent()).toContain("Reembolso pendiente");
    expect(await failed.textContent()).toContain("Mercado Pago no hizo el reembolso");
    expect(await box.getByTestId("box-withdrawal-row").filter({ hasText: "Reembolsado" }).count()).toBe(1);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-arrepentimientos-caja-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-arrepentimientos-caja-1280.png`, fullPage: true });

    await failed.getByRole("button", { name: `Reintentar el reembolso de ${failingNumber}` }).click();
    await expect.poll(() => page.getByText("Reembolso hecho").count()).toBe(1);
    await expect.poll(() => listed(failingNumber).textContent()).toContain("Reembolsado");
    expect(refundsOf(failing.chargeId)).toHaveLength(1);
    expect(await listed(failingNumber).getByRole("button").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
