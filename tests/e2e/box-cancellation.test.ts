import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { notifyShop } from "../support/mercadopago-notify";
import { boxSubscription } from "../support/shop";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

const admin = { email: "bajas@rizoma.com.ar", password: "clave-de-prueba-bajas" };
const WEBHOOK_SECRET = "e2e-webhook-secret";
let smtp: TestSmtpServer;
let fake: FakeMercadoPago;

beforeAll(async () => {
  smtp = await startSmtpServer();
  fake = await startFakeMercadoPago();
});
// Credentials set: the shop talks to the fake Mercado Pago as it would to the real one.
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

/** A visitor subscribes (the API the subscribe form calls), pays at Mercado Pago, and the shop is notified. */
async function activeSubscription(email: string): Promise<{ id: number; preapprovalId: string }> {
  const response = await fetch(`${shop.app.baseUrl}/api/caja/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...boxSubscription, email }),
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: number };
  const preapproval = [...fake.preapprovals.values()].find((p) => p.external_reference === String(id));
  if (!preapproval) throw new Error("no preapproval at the fake");
  const preapprovalId = String(preapproval.id);
  fake.authorize(preapprovalId);
  const notified = await notifyShop(shop.app.baseUrl, WEBHOOK_SECRET, {
    type: "subscription_preapproval",
    action: "updated",
    dataId: preapprovalId,
  });
  expect(notified.status).toBeLessThan(300);
  expect(await statusOf(id)).toBe("active");
  return { id, preapprovalId };
}

let cookie = "";
async function statusOf(id: number): Promise<string | undefined> {
  if (!cookie) {
    const login = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }
  const response = await fetch(`${shop.app.baseUrl}/api/caja/subscriptions`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const list = (await response.json()) as { id: number; status: string }[];
  return list.find((s) => s.id === id)?.status;
}

const mailsTo = (to: string, subject: RegExp) =>
  smtp.received.filter((mail) => mail.to === to && subject.test(mail.parsed.subject ?? ""));

/**
 * The botón de baja from the landing page to the cancellation code, reading the code from the e-mail.
 * (axe runs as a script in the page, so only where JavaScript is on.)
 */
async function cancelThroughThePage(page: Page, email: string, javaScript: boolean): Promise<string> {
  await page.goto(`${shop.app.baseUrl}/caja-rizoma`);
  if (javaScript) await hydrated(page);
  const link = page.getByRole("link", { name: "Botón de baja" }).first();
  expect(await link.isVisible()).toBe(true);
  await link.click();
  await page.waitForURL(/\/caja-rizoma\/baja$/);
  // With JavaScript the URL changes before the new page paints.
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botón de baja");
  if (javaScript) await hydrated(page);
  if (javaScript) await expectAccessible(page);

  const main = page.locator("main");
  await main.getByLabel("Email").fill(` ${email.toUpperCase()} `);
  await main.getByRole("button", { name: "Enviarme el código" }).click();
  const codeField = main.getByLabel("Código", { exact: true });
  await codeField.waitFor();
  expect(await codeField.getAttribute("inputmode")).toBe("numeric");
  expect(await codeField.getAttribute("autocomplete")).toBe("one-time-code");
  if (javaScript) await expectAccessible(page);

  const mail = await until(() => mailsTo(email, /código para dar de baja/).at(-1), "the code e-mail");
  const code = /Tu código para dar de baja la Caja Rizoma: (\d{6})\. Vence en 15 minutos\./.exec(
    mail.parsed.text ?? "",
  )?.[1];
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code first: the page says so next to the field and keeps what was typed.
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await codeField.fill(wrongCode);
  await main.getByRole("button", { name: "Confirmar la baja" }).click();
  await expect
    .poll(() => main.getByRole("alert").textContent())
    .toBe("El código no es correcto. Te quedan 4 intentos.");
  expect(await main.getByLabel("Código", { exact: true }).inputValue()).toBe(wrongCode);

  await main.getByLabel("Código", { exact: true }).fill(code ?? "");
  await main.getByRole("button", { name: "Confirmar la baja" }).click();
  await page.getByRole("heading", { name: "Código de baja" }).waitFor();
  const shown = (await page.getByTestId("baja-code").textContent()) ?? "";
  expect(shown).toMatch(/^BAJA-[2-9A-Z]{8}$/);
  expect(await main.getByRole("status").textContent()).toContain("Te mandamos el código de baja por email");
  if (javaScript) await expectAccessible(page);
  return shown;
}

describe("the botón de baja of the Caja Rizoma", () => {
  it("cancels a subscription from /caja-rizoma on a phone, here and at Mercado Pago, with the code from the e-mail", async () => {
    const email = "baja-e2e@example.com";
    const subscription = await activeSubscription(email);
    const { page, errors } = await shop.watch({ width: 390, height: 844 });

    const cancellationCode = await cancelThroughThePage(page, email, true);
    // The wrong code's answer (422) is the page's data request: Chromium logs its status.
    shop.acknowledge(page, /status of 422/);

    expect(fake.preapprovals.get(subscription.preapprovalId)?.status).toBe("cancelled");
    expect(
      fake.requests.filter((r) => r.method === "PUT" && r.path === `/preapproval/${subscription.preapprovalId}`),
    ).toHaveLength(1);
    expect(await statusOf(subscription.id)).toBe("cancelled");
    const done = await until(() => mailsTo(email, /baja de la Caja Rizoma quedó registrada/)[0], "the baja e-mail");
    expect(done.parsed.text).toContain(
      `Tu baja de la Caja Rizoma quedó registrada. Código de baja: ${cancellationCode}; no se te va a cobrar más.`,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("works without JavaScript, and answers an unknown email like a known one", async () => {
    const email = "baja-sin-js@example.com";
    const subscription = await activeSubscription(email);
    const { page, errors } = await shop.watch({ width: 1280, javaScriptEnabled: false });
    await cancelThroughThePage(page, email, false);
    expect(fake.preapprovals.get(subscription.preapprovalId)?.status).toBe("cancelled");
    expect(await statusOf(subscription.id)).toBe("cancelled");

    const ask = async (address: string) => {
      const response = await fetch(`${shop.app.baseUrl}/api/caja/baja`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: address }),
      });
      return { status: response.status, body: await response.json() };
    };
    await activeSubscription("baja-e2e-conocida@example.com");
    const known = await ask("baja-e2e-conocida@example.com");
    expect(known.status).toBe(200);
    expect(await ask("baja-e2e-desconocida@example.com")).toEqual(known);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
