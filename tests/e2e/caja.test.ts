import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

const admin = { email: "caja@rizoma.com.ar", password: "clave-de-prueba-caja" };
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
// NODE_ENV=test: no MP_ACCESS_TOKEN outside production, so payments go through the built-in sandbox.
const shop = browserSuite(() => ({
  NODE_ENV: "test",
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SMTP_URL: smtp.url,
  MAIL_FROM: "Rizoma <hola@rizoma.test>",
}));
afterAll(async () => {
  await smtp?.close();
});

/** Text as people read it: es-AR money has a no-break space after "$". */
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");
const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to === to);

async function fillForm(page: Page, email: string) {
  const form = page.locator("form:visible").last();
  await form.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await form.getByLabel("Apellido").fill("Pérez");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("WhatsApp").fill("+54 9 11 5555-1234");
  await form.getByLabel("Dirección").fill("Av. Corrientes 1234");
  await form.getByLabel("Ciudad o partido").fill("CABA");
}

describe("/caja-rizoma", () => {
  it("shows every section and the plans from box_plans, with no axe violation at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      const { page, errors } = await shop.watch({ width });
      const response = await page.goto(`${shop.app.baseUrl}/caja-rizoma`);
      expect(response?.status()).toBe(200);
      for (const heading of [
        "Caja Rizoma",
        "La sorpresa",
        "Qué incluye la caja",
        "Cómo funciona",
        "Por qué suscribirte",
        "Envíos",
        "Planes",
      ]) {
        await expect.poll(() => page.getByRole("heading", { name: heading, exact: true }).count()).toBe(1);
      }
      const text = plain(await page.locator("main").textContent());
      expect(text).toContain("$ 54.000");
      expect(text).toContain("$ 270.000");
      expect(text).toContain("$ 324.000");
      expect(text).toContain("17% OFF");
      expect(text).toContain("MÁS POPULAR");
      expect(text).toContain("6 meses - ahorrás $ 54.000");
      expect(text).toContain("Cancelación libre, sin permanencia mínima");
      expect(await page.locator("link[rel=canonical]").getAttribute("href")).toMatch(/\/caja-rizoma$/);
      expect(text).toMatch(/antes del día 10/);
      expect(text).toMatch(/entre el 15 y el 25/i);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/caja-landing-${width}.png`, fullPage: true });
      // Before hydration the link leads to /caja-rizoma/suscribirme instead of opening the dialog.
      await hydrated(page);
      await page.getByRole("link", { name: /SUSCRIBIRME al plan Semestral/ }).click();
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(plain(await dialog.textContent())).toMatch(/Ahorrás \$ 54\.000 \(17% menos\)/);
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/caja-modal-${width}.png` });
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await page.goto(`${shop.app.baseUrl}/caja-rizoma/suscribirme?plan=monthly`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("subscribes with JavaScript: validation toasts, sandbox approval, webhook, active, welcome mail", async () => {
    const { page, errors } = await shop.watch({ width: 390 });
    await page.goto(`${shop.app.baseUrl}/caja-rizoma`);
    await hydrated(page);
    await page.getByRole("link", { name: /SUSCRIBIRME al plan Mensual/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Pagar Suscripción" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("El nombre es requerido");
    await fillForm(page, "lucia@example.com");
    await dialog.getByRole("button", { name: "Pagar Suscripción" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Debes aceptar los términos y condiciones");
    // Outside CABA/GBA the shipping is shown before paying.
    await dialog.getByLabel("Provincia").selectOption("X");
    await dialog.getByLabel("Ciudad o partido").fill("Córdoba");
    await expect.poll(() => dialog.getByTestId("shipping-cost").textContent()).toMatch(/por caja/);
    await dialog.getByLabel("Ciudad o partido").fill("CABA");
    await dialog.getByLabel("Provincia").selectOption("C");
    await expect.poll(() => dialog.getByTestId("shipping-cost").textContent()).toBe("Incluido (CABA y GBA)");
    await dialog.getByLabel(/Acepto los/).check();
    await dialog.getByRole("button", { name: "Pagar Suscripción" }).click();
    await page.waitForURL(/\/pagos\/sandbox\//);
    expect(plain(await page.getByTestId("sandbox-amount").textContent())).toBe("$ 54.000 por mes");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Aprobar pago" }).click();
    await page.waitForURL(/\/caja-rizoma\/gracias\?preapproval_id=/);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("¡Ya sos parte de la Caja Rizoma!");
    await expectAccessible(page);
    const welcome = await until(
      () => mailsTo("lucia@example.com").find((m) => m.parsed.subject === "¡Bienvenida/o a la Caja Rizoma!"),
      "the welcome mail",
    );
    expect(welcome.parsed.text).toContain("Mensual");
    await until(
      () =>
        mailsTo("lucia@example.com").find((m) => m.parsed.subject?.startsWith("Recibimos el pago de tu Caja Rizoma")),
      "the payment mail",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("subscribes without JavaScript (/caja-rizoma/suscribirme) and a rejected payment ends cancelled", async () => {
    const { page, errors } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await page.goto(`${shop.app.baseUrl}/caja-rizoma`);
    await page.getByRole("link", { name: /SUSCRIBIRME al plan Semestral/ }).click();
    await page.waitForURL(/\/caja-rizoma\/suscribirme\?plan=semiannual/);
    await page.getByRole("button", { name: "Pagar Suscripción" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("El nombre es requerido");
    await fillForm(page, "sinjs@example.com");
    await page.getByLabel(/Acepto los/).check();
    await page.getByRole("button", { name: "Pagar Suscripción" }).click();
    await page.waitForURL(/\/pagos\/sandbox\//);
    expect(plain(await page.getByTestId("sandbox-amount").textContent())).toBe("$ 270.000 cada 6 meses");
    await page.getByRole("button", { name: "Rechazar pago" }).click();
    await page.waitForURL(/\/caja-rizoma\/gracias/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("El pago no se completó");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("answers the API's errors and refuses an unsigned webhook", async () => {
    const bad = await fetch(`${shop.app.baseUrl}/api/caja/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Ana", planType: "monthly" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: "El apellido es requerido" });
    const unsigned = await fetch(
      `${shop.app.baseUrl}/api/webhooks/mercadopago?data.id=1&type=subscription_preapproval`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": "ts=1,v1=00", "x-request-id": "x" },
        body: JSON.stringify({ type: "subscription_preapproval", data: { id: "1" } }),
      },
    );
    expect(unsigned.status).toBe(401);
  });
});

describe("/admin/caja", () => {
  it("shows the stats and subscriptions, pauses and reactivates, and sends a bulk email to active subscribers", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await page.goto(`${shop.app.baseUrl}/admin/caja`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/caja`);
    await hydrated(page);
    expect(await page.getByTestId("stat-Activas").textContent()).toBe("1");
    expect(await page.getByTestId("stat-Total").textContent()).toBe("2");
    expect(plain(await page.getByTestId("stat-Ingreso mensual").textContent())).toBe("$ 54.000");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/caja-admin-1280.png", fullPage: true });

    const row = page.getByRole("row").filter({ hasText: "lucia@example.com" });
    await row.getByRole("button", { name: /Ver detalle/ }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.textContent()).toContain("lucia@example.com");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cerrar" }).click();

    await row.getByRole("button", { name: "Pausar la suscripción de Lucía Pérez" }).click();
    await expect.poll(() => page.getByText("Estado actualizado correctamente").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("stat-Pausadas").textContent()).toBe("1");
    await row.getByRole("button", { name: "Reactivar la suscripción de Lucía Pérez" }).click();
    await expect.poll(() => page.getByTestId("stat-Activas").textContent()).toBe("1");

    await page.getByRole("tab", { name: "Comunicaciones" }).click();
    const send = page.getByRole("button", { name: "Enviar email" });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel("Asunto").fill("Llega la caja de diciembre");
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel("Contenido").fill("Hola.\n\nEsta semana sale tu caja.");
    await send.click();
    await expect.poll(() => page.getByText("Emails enviados correctamente").count()).toBeGreaterThan(0);
    // The toast and the emptied form are two renders (the toast's store updates first): wait for the form.
    await expect.poll(() => page.getByLabel("Asunto").inputValue()).toBe("");
    await expectAccessible(page);
    const bulk = await until(
      () => mailsTo("lucia@example.com").find((m) => m.parsed.subject === "Llega la caja de diciembre"),
      "the bulk mail",
    );
    expect(bulk.parsed.text).toContain("Esta semana sale tu caja.");
    expect(bulk.parsed.text).toContain("/caja-rizoma/mi-suscripcion?token=");
    expect(smtp.received.filter((m) => m.parsed.subject === "Llega la caja de diciembre")).toHaveLength(1);
    // The form follows the send until the worker has delivered it.
    await expect
      .poll(() => page.getByTestId("bulk-progress").getByRole("status").textContent(), { timeout: 15_000 })
      .toBe("Envío terminado: 1 enviado de 1. Ver correos");

    // One source of box prices: the plan editor changes the home, the landing and the terms at once.
    await page.getByLabel("Precio (pesos)").first().fill("60000");
    await page.getByRole("button", { name: "Guardar" }).first().click();
    await expect.poll(() => page.getByText("Plan Mensual actualizado").count()).toBeGreaterThan(0);
    for (const [path, where] of [
      ["/", "[data-testid=box-price]"],
      ["/caja-rizoma", "#planes"],
      ["/terminos", "main"],
    ] as const) {
      await page.goto(`${shop.app.baseUrl}${path}`);
      expect(plain(await page.locator(where).first().textContent()), path).toContain("$ 60.000");
    }
    await page.goto(`${shop.app.baseUrl}/admin/caja`);
    await page.getByLabel("Precio (pesos)").first().fill("54000");
    await page.getByRole("button", { name: "Guardar" }).first().click();
    await expect.poll(() => page.getByText("Plan Mensual actualizado").count()).toBeGreaterThan(0);

    await page.goto(`${shop.app.baseUrl}/admin`);
    expect(await page.locator("main").textContent()).toContain("Suscripciones a la Caja Rizoma");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("lets the subscriber cancel from the link in the welcome e-mail, and tells the shop", async () => {
    const welcome = mailsTo("lucia@example.com").find((m) => m.parsed.subject === "¡Bienvenida/o a la Caja Rizoma!");
    const link = /(http\S+\/caja-rizoma\/mi-suscripcion\?token=\S+)/.exec(welcome?.parsed.text || "")?.[1] ?? "";
    expect(link).not.toBe("");
    const url = link.replace(/^http:\/\/localhost:\d+/, shop.app.baseUrl);
    const checked = await shop.watch({ width: 390 });
    await checked.page.goto(url);
    await expectAccessible(checked.page);
    await checked.page.screenshot({ path: "/tmp/caja-mi-suscripcion-390.png", fullPage: true });
    expect(checked.errors).toEqual([]);
    await checked.page.context().close();
    const { page, errors } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await page.goto(url);
    expect(await page.getByTestId("own-status").textContent()).toBe("Activa");
    await page.getByRole("button", { name: "Cancelar suscripción" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("Tu suscripción quedó cancelada. No se te va a cobrar más.");
    expect(await page.getByTestId("own-status").textContent()).toBe("Cancelada");
    await until(
      () => smtp.received.find((m) => m.parsed.subject === "Caja Rizoma: Lucía Pérez canceló su suscripción"),
      "the shop's notice",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
