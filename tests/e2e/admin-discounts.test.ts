import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { discountCodes } from "~db/schema";
import { openMigratedDatabase } from "../../server/open-database";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

const root = path.resolve(import.meta.dirname, "../..");
const admin = { email: "descuentos@rizoma.com.ar", password: "clave-de-prueba-descuentos" };
const CONFIRM_DELETE = "¿Estás seguro de que quieres eliminar este código?";
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

async function signedIn(options: PageOptions): Promise<Page> {
  const page = await shop.open(options);
  await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/descuentos");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Códigos de Descuento");
  // With JavaScript, the tests drive the enhanced page (dialogs, confirm()): before hydration a click would
  // take the no-JavaScript path instead.
  if (options?.javaScriptEnabled !== false) await hydrated(page);
  return page;
}

/** While the server is stopped (PGlite has one owner): an order used the code. */
async function markUsed(code: string) {
  await shop.app.stop();
  const { database, close } = await openMigratedDatabase(
    { databaseUrl: shop.env.DATABASE_URL, dataDir: path.resolve(root, shop.env.DATA_DIR ?? "") },
    root,
  );
  await database.db.update(discountCodes).set({ usedCount: 1 }).where(eq(discountCodes.code, code));
  await close();
  shop.app = await startApp(shop.env);
}

const codeInput = (page: Page) => page.getByLabel("Código (opcional)", { exact: true });
const card = (page: Page, code: string) => page.getByTestId(`codigo-${code}`);
const badge = (page: Page, code: string) => card(page, code).locator("span.rounded-full").textContent();
const toast = (page: Page) => page.getByTestId("toast").textContent();
const stat = (page: Page, label: string) =>
  page
    .getByRole("list", { name: "Resumen de los códigos" })
    .getByRole("listitem")
    .filter({ hasText: label })
    .textContent();

describe("/admin/descuentos", () => {
  it("creates, toggles, edits and deletes codes in the dialog; a used code cannot be deleted", async () => {
    let page = await signedIn({ width: 1280 });
    expect(await page.getByText("Todavía no hay códigos de descuento").count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Nuevo código" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo código de descuento" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.getByText("Solo letras y números, 3-20 caracteres").count()).toBe(1);
    await codeInput(page).pressSequentially("verano25");
    expect(await codeInput(page).inputValue()).toBe("VERANO25");
    expect(await codeInput(page).getAttribute("maxlength")).toBe("20");
    // Setting one kind of discount clears the other.
    await page.getByLabel("Porcentaje (%)").fill("25");
    await page.getByLabel("Monto fijo ($)").fill("100");
    expect(await page.getByLabel("Porcentaje (%)").inputValue()).toBe("");
    await page.getByLabel("Porcentaje (%)").fill("25");
    expect(await page.getByLabel("Monto fijo ($)").inputValue()).toBe("");
    expect(await page.getByLabel("Compra mínima ($)").inputValue()).toBe("0");
    expect(await page.getByLabel("Activo").isChecked()).toBe(true);
    await page.getByLabel("Compra mínima ($)").fill("5000");
    await page.getByLabel("Usos máximos").fill("10");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Crear código" }).click();
    await expect.poll(() => toast(page)).toContain("Código creado");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await badge(page, "VERANO25")).toBe("Activo");
    expect(await card(page, "VERANO25").textContent()).toContain("25 %");
    expect(await stat(page, "Códigos activos")).toContain("1");

    // A code that exists: the server's reason, in the dialog, and nothing closes.
    await page.getByRole("link", { name: "Nuevo código" }).click();
    await codeInput(page).fill("VERANO25");
    await page.getByLabel("Monto fijo ($)").fill("500");
    await page.getByRole("button", { name: "Crear código" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("El código VERANO25 ya existe");
    expect(await dialog.getByRole("alert").textContent()).toContain("Error al procesar la solicitud");
    // Chromium logs the refused request itself; that one is expected, nothing else.
    expect(shop.errors(page)).toEqual([
      "Failed to load resource: the server responded with a status of 409 (Conflict)",
    ]);
    shop.errors(page).splice(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole("button", { name: "Desactivar VERANO25" }).click();
    await expect.poll(() => toast(page)).toContain("Código desactivado");
    await expect.poll(() => badge(page, "VERANO25")).toBe("Inactivo");
    expect(await stat(page, "Códigos activos")).toContain("0");

    await page.getByRole("link", { name: "Editar VERANO25" }).click();
    const editDialog = page.getByRole("dialog", { name: "Editar código VERANO25" });
    await expect.poll(() => editDialog.isVisible()).toBe(true);
    expect(await codeInput(page).count()).toBe(0);
    expect(await page.getByLabel("Porcentaje (%)").inputValue()).toBe("25");
    await page.getByLabel("Porcentaje (%)").fill("30");
    await page.getByLabel("Activo").check();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect.poll(() => toast(page)).toContain("Código actualizado");
    await expect.poll(() => badge(page, "VERANO25")).toBe("Activo");
    expect(await card(page, "VERANO25").textContent()).toContain("30 %");

    // The checkout's question, answered for this code.
    const check = await page.request.post(`${shop.app.baseUrl}/api/discount-codes/validate`, {
      data: { code: "verano25", subtotal: 10000 },
    });
    expect(await check.json()).toEqual({
      valid: true,
      code: "VERANO25",
      discountAmount: 3000,
      message: "Código aplicado",
    });
    const below = await page.request.post(`${shop.app.baseUrl}/api/discount-codes/validate`, {
      data: { code: "VERANO25", subtotal: 4999 },
    });
    expect(await below.json()).toMatchObject({ valid: false, discountAmount: 0 });

    // An unused code goes, after the spec's question.
    await page.getByRole("link", { name: "Nuevo código" }).click();
    await codeInput(page).fill("BORRAR1");
    await page.getByLabel("Monto fijo ($)").fill("1500.50");
    await page.getByRole("button", { name: "Crear código" }).click();
    await expect.poll(() => card(page, "BORRAR1").count()).toBe(1);
    expect(await card(page, "BORRAR1").textContent()).toContain(formatMoney(150_050));
    let question = "";
    page.once("dialog", (confirm) => {
      question = confirm.message();
      void confirm.accept();
    });
    await page.getByRole("link", { name: "Eliminar BORRAR1" }).click();
    await expect.poll(() => toast(page)).toContain("Código eliminado");
    expect(question).toBe(CONFIRM_DELETE);
    await expect.poll(() => card(page, "BORRAR1").count()).toBe(0);

    // Once an order used it, the code stays: the button is off and the API says 409.
    await markUsed("VERANO25");
    page = await signedIn({ width: 1280 });
    const remove = page.getByRole("button", { name: "Eliminar VERANO25" });
    expect(await remove.isDisabled()).toBe(true);
    expect(await card(page, "VERANO25").textContent()).toContain("Ya se usó: no se puede eliminar");
    expect(await card(page, "VERANO25").textContent()).toContain("1 de 10");
    const id = (await page.getByRole("link", { name: "Editar VERANO25" }).getAttribute("href"))?.split("=")[1];
    const refused = await page.request.delete(`${shop.app.baseUrl}/api/discount-codes/${id}`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).success).toBe(false);
    expect(await stat(page, "Usos totales")).toContain("1");
    await expectAccessible(page);
  });

  it("fits a phone: the list and the dialog, accessible", async () => {
    const page = await signedIn({ width: 390, height: 844 });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("link", { name: "Editar VERANO25" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar código VERANO25" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("works without JavaScript: creates, toggles and deletes with a confirmation step", async () => {
    // axe needs scripts, so this one only walks the forms (the test above checks the same page on a phone).
    const page = await signedIn({ width: 390, height: 844, javaScriptEnabled: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "Nuevo código" }).click();
    await page.waitForURL(/\?nuevo/);
    await codeInput(page).fill("sinjs10");
    await page.getByLabel("Porcentaje (%)").fill("10");
    await page.getByLabel("Monto fijo ($)").fill("200");
    await page.getByRole("button", { name: "Crear código" }).click();
    // Both kinds without JavaScript to clear one: the server says so and keeps what was typed.
    expect(await page.getByRole("alert").textContent()).toContain("Elegí un porcentaje o un monto fijo, no los dos");
    expect(await codeInput(page).inputValue()).toBe("sinjs10");
    await page.getByLabel("Monto fijo ($)").fill("");
    await page.getByRole("button", { name: "Crear código" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/descuentos?ok=creado&codigo=SINJS10`);
    expect(await page.getByRole("status").textContent()).toContain("Código creado");
    expect(await badge(page, "SINJS10")).toBe("Activo");

    await page.getByRole("button", { name: "Desactivar SINJS10" }).click();
    await page.waitForURL(/ok=desactivado/);
    expect(await badge(page, "SINJS10")).toBe("Inactivo");

    await page.getByRole("link", { name: "Eliminar SINJS10" }).click();
    await page.waitForURL(/eliminar=/);
    expect(await page.getByRole("heading", { name: CONFIRM_DELETE }).count()).toBe(1);
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await page.waitForURL(/ok=eliminado/);
    expect(await card(page, "SINJS10").count()).toBe(0);
  });
});
