import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { boxSubscription, subscribeInSandbox } from "../support/shop";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
// NODE_ENV=test: no MP_ACCESS_TOKEN outside production, so the box is paid in the built-in sandbox.
const shop = browserSuite(() => ({
  NODE_ENV: "test",
  SMTP_URL: smtp.url,
  MAIL_FROM: "Rizoma <hola@rizoma.test>",
}));
afterAll(async () => {
  await smtp?.close();
});

const email = boxSubscription.email;

/** Signs in on /cuenta/ingresar with the code read from the e-mail (works with or without JavaScript). */
async function signIn(page: Page, back: string, javaScript = true) {
  const before = smtp.received.length;
  await page.goto(`${shop.app.baseUrl}/cuenta/ingresar?volver=${encodeURIComponent(back)}`);
  if (javaScript) await hydrated(page);
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByRole("button", { name: "Enviarme el código" }).click();
  const mail = await until(
    () => smtp.received.slice(before).find((m) => m.to === email && /código para entrar/.test(m.parsed.subject ?? "")),
    "the sign-in code e-mail",
  );
  const code = /Tu código para entrar a Rizoma: (\d{6})\./.exec(mail.parsed.text ?? "")?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await main.getByLabel("Código", { exact: true }).fill(code);
  await main.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL(`${shop.app.baseUrl}${back}`);
}

const boxStatus = (page: Page) => page.getByTestId("account-box-status").textContent();

describe("the Caja Rizoma and Mis datos in Mi cuenta", () => {
  it("a subscriber signs in and pauses then resumes the box from /cuenta/caja (390 px, axe)", async () => {
    const { page } = await shop.watch({ width: 390, height: 844 });
    await subscribeInSandbox(page, shop.app.baseUrl);
    await signIn(page, "/cuenta/caja");
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mi Caja Rizoma");
    await expect.poll(() => boxStatus(page)).toBe("Activa");
    // Its price carries the price without national taxes (the box sells books: exento, the same amount).
    expect(await page.getByTestId("account-box-net").textContent()).toMatch(/^PRECIO SIN IMPUESTOS NACIONALES: \$/);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Pausar" }).click();
    await expect
      .poll(() => page.locator("main").getByRole("status").textContent())
      .toBe("Tu suscripción quedó pausada.");
    await expect.poll(() => boxStatus(page)).toBe("Pausada");
    await page.getByRole("button", { name: "Reanudar" }).click();
    await expect.poll(() => boxStatus(page)).toBe("Activa");
    await expect
      .poll(() => page.locator("main").getByRole("status").textContent())
      .toBe("Tu suscripción está activa otra vez.");
    await expectAccessible(page);
  });

  it("pauses without JavaScript (plain form posts)", async () => {
    const { page } = await shop.watch({ width: 1280, javaScriptEnabled: false });
    await signIn(page, "/cuenta/caja", false);
    expect(await boxStatus(page)).toBe("Activa");
    await page.getByRole("button", { name: "Pausar" }).click();
    await expect.poll(() => boxStatus(page)).toBe("Pausada");
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Tu suscripción quedó pausada.");
    await page.getByRole("button", { name: "Reanudar" }).click();
    await expect.poll(() => boxStatus(page)).toBe("Activa");
  });

  it("saves a profile with two addresses and finds the checkout filled with the default one (1280 px, axe)", async () => {
    const { page } = await shop.watch({ width: 1280 });
    await signIn(page, "/cuenta/perfil");
    await hydrated(page);
    await expectAccessible(page);

    const details = page.locator("form", { has: page.getByRole("heading", { name: "Tus datos" }) });
    await details.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await details.getByLabel("Apellido").fill("Pérez");
    await details.getByLabel("Teléfono").fill("+54 9 11 5555-1234");
    await details.getByRole("button", { name: "Guardar mis datos" }).click();
    await expect.poll(() => page.locator("main").getByRole("status").textContent()).toBe("Guardamos tus datos.");

    const add = () => page.locator("form", { has: page.getByRole("heading", { name: "Agregar una dirección" }) });
    // A wrong postal code first: said next to the field, what was typed kept.
    await add().getByLabel("Nombre de la dirección").fill("Casa");
    await add().getByLabel("Dirección", { exact: true }).fill("Av. Corrientes 1234");
    await add().getByLabel("Ciudad o barrio").fill("Balvanera");
    await add().getByLabel("Provincia").selectOption("C");
    await add().getByLabel("Código postal").fill("12");
    await add().getByRole("button", { name: "Agregar la dirección" }).click();
    await expect
      .poll(() => add().getByRole("alert").textContent())
      .toBe("El código postal debe ser un CPA (C1425ABC) o de 4 dígitos");
    // The refusal (400) is the page's data request: Chromium logs its status.
    shop.acknowledge(page, /status of 400/);
    expect(await add().getByLabel("Ciudad o barrio").inputValue()).toBe("Balvanera");
    await add().getByLabel("Código postal").fill("C1043AAZ");
    await add().getByRole("button", { name: "Agregar la dirección" }).click();
    await expect.poll(() => page.locator("main").getByRole("status").textContent()).toBe("Guardamos la dirección.");
    // The form is ready for the next one.
    await expect.poll(() => add().getByLabel("Nombre de la dirección").inputValue()).toBe("");

    await add().getByLabel("Nombre de la dirección").fill("Trabajo");
    await add().getByLabel("Dirección", { exact: true }).fill("San Martín 50");
    await add().getByLabel("Ciudad o barrio").fill("Córdoba");
    await add().getByLabel("Provincia").selectOption("X");
    await add().getByLabel("Código postal").fill("5000");
    await add().getByLabel("Usar como predeterminada").check();
    await add().getByRole("button", { name: "Agregar la dirección" }).click();
    const trabajo = page.locator("li", { has: page.getByRole("heading", { name: /^Trabajo/ }) });
    await expect.poll(() => trabajo.getByText("Predeterminada", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Predeterminada", { exact: true }).count()).toBe(1);
    await expectAccessible(page);

    // A book in the cart, then the checkout: the saved details and the default address are there.
    await page.goto(`${shop.app.baseUrl}/tienda`);
    await hydrated(page);
    await page
      .getByTestId("book-card")
      .first()
      .getByRole("button", { name: /^COMPRAR/ })
      .click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await hydrated(page);
    await page.getByLabel("Nombre", { exact: true }).waitFor();
    expect(await page.getByLabel("Nombre", { exact: true }).inputValue()).toBe("Lucía");
    expect(await page.getByLabel("Apellido").inputValue()).toBe("Pérez");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Teléfono").inputValue()).toBe("+54 9 11 5555-1234");
    expect(await page.getByRole("radio", { name: /Envío a todo el país/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Dirección", { exact: true }).inputValue()).toBe("San Martín 50");
    expect(await page.getByLabel("Provincia", { exact: true }).inputValue()).toBe("X");
    expect(await page.getByLabel("Código postal", { exact: true }).inputValue()).toBe("5000");
    // The other saved address is one choice away.
    await page.getByLabel("Tus direcciones guardadas").selectOption({ label: "Casa: Av. Corrientes 1234, Balvanera" });
    expect(await page.getByRole("radio", { name: /Envío en CABA/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Dirección", { exact: true }).inputValue()).toBe("Av. Corrientes 1234");
    await expectAccessible(page);
  });
});
