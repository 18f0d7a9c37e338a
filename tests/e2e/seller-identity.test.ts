import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/browser";
import { browserSuite } from "../support/e2e";

const admin = { email: "fiscal@rizoma.com.ar", password: "clave-de-prueba-fiscal" };
const ARCA = "https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=RIZOMA123";
// A 1x1 PNG: the QR image the admin uploads.
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

async function signIn(page: Page) {
  await page.goto(`${shop.app.baseUrl}/admin/ajustes`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Contraseña").fill(admin.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`${shop.app.baseUrl}/admin/ajustes`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Ajustes");
}

const fiscalBlock = (page: Page) => page.locator("footer").getByRole("region", { name: "DATOS FISCALES" });

describe("the seller's identity", () => {
  it("the demo's footer shows the example fiscal data and the two consumer-law links, on a phone", async () => {
    const { page } = await shop.visit("/", { width: 390 });
    const footer = page.locator("footer");
    const text = await fiscalBlock(page).textContent();
    expect(text).toContain("Razón social: Rizoma Libros (datos de ejemplo)");
    expect(text).toContain("CUIT: 20-00000000-1");
    expect(text).toContain("Condición frente al IVA: Monotributo");
    expect(text).toContain("Domicilio legal: Av. Ejemplo 1234, CABA (ejemplo)");
    expect(await fiscalBlock(page).getByRole("link", { name: "Data Fiscal" }).getAttribute("href")).toMatch(
      /^https:\/\/servicios1\.afip\.gob\.ar\//,
    );
    expect(await footer.getByRole("link", { name: "Botón de arrepentimiento" }).getAttribute("href")).toBe(
      "/arrepentimiento",
    );
    expect(await footer.getByRole("link", { name: "Botón de baja" }).getAttribute("href")).toBe("/caja-rizoma/baja");
    // Nothing of the footer overflows a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  it("the admin fills Datos fiscales with the QR image and ARCA's URL; the footer shows them, the QR linked", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await signIn(page);
    const fiscal = page.getByRole("region", { name: "Datos fiscales" });

    // A CUIT with a wrong check digit is refused next to its field, in Spanish.
    await fiscal.getByLabel("CUIT").fill("30-71654321-5");
    await fiscal.getByRole("button", { name: "Guardar datos fiscales" }).click();
    await expect
      .poll(() => fiscal.locator("#fiscal-cuit-error").textContent())
      .toBe("El CUIT no es válido: revisá los 11 dígitos y el dígito verificador (XX-XXXXXXXX-X)");
    expect(await fiscal.getByLabel("CUIT").getAttribute("aria-invalid")).toBe("true");
    shop.acknowledge(page, /status of 400/);

    await fiscal.getByLabel("Razón social").fill("Rizoma Libros S.R.L.");
    await fiscal.getByLabel("CUIT").fill("30716543214");
    await fiscal.getByLabel("Condición frente al IVA").selectOption("responsable_inscripto");
    await fiscal.getByLabel("Domicilio legal").fill("Thames 1234, Palermo, CABA");
    await fiscal.getByLabel("Email").fill("administracion@rizoma.com.ar");
    await fiscal.getByLabel("Teléfono").fill("11 4777-1234");
    await fiscal.getByLabel("Inicio de actividades").fill("2019-04-01");
    await fiscal
      .getByLabel("Imagen del QR")
      .setInputFiles({ name: "data-fiscal.png", mimeType: "image/png", buffer: png });
    await fiscal.getByLabel("Dirección del QR en ARCA").fill(ARCA);
    await fiscal.getByRole("button", { name: "Guardar datos fiscales" }).click();
    await page.waitForURL(/guardado=fiscal/);
    await expect.poll(() => fiscal.getByRole("status").textContent()).toContain("Ajustes guardados");
    expect(await fiscal.getByLabel("CUIT").inputValue()).toBe("30-71654321-4");
    await expectAccessible(page);

    await page.goto(`${shop.app.baseUrl}/tienda`);
    const text = await fiscalBlock(page).textContent();
    for (const line of [
      "Razón social: Rizoma Libros S.R.L.",
      "CUIT: 30-71654321-4",
      "Condición frente al IVA: Responsable Inscripto",
      "Domicilio legal: Thames 1234, Palermo, CABA",
      "Email: administracion@rizoma.com.ar",
      "Teléfono: 11 4777-1234",
      "Inicio de actividades: 1 de abril de 2019",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain("ejemplo");
    const qr = fiscalBlock(page).getByRole("link", { name: "Data Fiscal" });
    expect(await qr.getAttribute("href")).toBe(ARCA);
    const src = await qr.getByRole("img").getAttribute("src");
    expect(src).toMatch(/^\/uploads\/\d+\.png$/);
    expect((await page.request.get(`${shop.app.baseUrl}${src}`)).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it("an empty section: the footer has no fiscal line at all and the dashboard warns", async () => {
    const { page, errors } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await signIn(page);
    const fiscal = page.getByRole("region", { name: "Datos fiscales" });
    for (const label of [
      "Razón social",
      "CUIT",
      "Domicilio legal",
      "Email",
      "Teléfono",
      "Inicio de actividades",
      "Dirección del QR en ARCA",
    ]) {
      await fiscal.getByLabel(label, { exact: true }).fill("");
    }
    await fiscal.getByLabel("Condición frente al IVA").selectOption("");
    await fiscal.getByLabel("Quitar la imagen").check();
    await fiscal.getByRole("button", { name: "Guardar datos fiscales" }).click();
    await page.waitForURL(/guardado=fiscal/);

    await page.goto(`${shop.app.baseUrl}/`);
    const footer = page.locator("footer");
    expect(await fiscalBlock(page).count()).toBe(0);
    const text = (await footer.textContent()) ?? "";
    for (const absent of ["DATOS FISCALES", "CUIT", "Razón social", "Domicilio legal", "Condición frente al IVA"]) {
      expect(text, absent).not.toContain(absent);
    }
    expect(await footer.getByRole("img", { name: "Data Fiscal" }).count()).toBe(0);
    expect(await footer.getByRole("link", { name: "Botón de arrepentimiento" }).count()).toBe(1);
    expect(await footer.getByRole("link", { name: "Botón de baja" }).count()).toBe(1);

    // The dashboard, with JavaScript this time (axe runs in the page, and a page without JavaScript runs no timers).
    const { page: withJs, errors: jsErrors } = await shop.watch({ width: 390 });
    await signIn(withJs);
    await withJs.goto(`${shop.app.baseUrl}/admin`);
    const warning = withJs.getByRole("region", { name: "Te faltan datos fiscales obligatorios" });
    expect(await warning.textContent()).toContain("razón social, CUIT, condición frente al IVA, domicilio legal");
    expect(await warning.getByRole("link", { name: "Completar los datos fiscales" }).getAttribute("href")).toBe(
      "/admin/ajustes#fiscal",
    );
    await expectAccessible(withJs);
    expect(jsErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
