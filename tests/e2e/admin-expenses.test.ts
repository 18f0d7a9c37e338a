import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInBuenosAires } from "../../app/lib/dates";
import { formatMoney } from "../../app/lib/money";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

const admin = { email: "libreria@rizoma.com.ar", password: "clave-de-prueba-e2e" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

async function signedIn(options: PageOptions): Promise<Page> {
  const page = await shop.open(options);
  await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/expenses");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Gastos");
  // With JavaScript, the tests drive the enhanced page (dialogs, confirm()): before hydration a click would
  // take the no-JavaScript path instead.
  if (options?.javaScriptEnabled !== false) await hydrated(page);
  return page;
}

async function addExpense(page: Page, expense: { date: string; amount: string; concept: string; category: string }) {
  await page.getByLabel("Fecha", { exact: true }).fill(expense.date);
  await page.getByLabel("Monto", { exact: true }).fill(expense.amount);
  await page.getByLabel("Concepto", { exact: true }).fill(expense.concept);
  await page.getByLabel("Categoría", { exact: true }).selectOption(expense.category);
  await page.getByRole("button", { name: "Agregar gasto" }).click();
}

const notice = (page: Page) => page.getByRole("status").textContent();
const monthTotal = (page: Page) => page.locator("#month-total").textContent();
const categoryTotals = (page: Page) =>
  page.getByRole("list", { name: "Totales por categoría" }).getByRole("listitem").allInnerTexts();

describe("/admin/expenses", () => {
  it("adds, edits, deletes and downloads the month on a phone", async () => {
    const page = await signedIn({ width: 390, height: 844 });
    const month = todayInBuenosAires().slice(0, 7);
    expect(await page.getByText(/No hay gastos cargados en/).count()).toBe(1);

    await addExpense(page, { date: `${month}-05`, amount: "12.500", concept: "Envíos Andreani", category: "Envíos" });
    await expect.poll(() => notice(page)).toContain("Gasto agregado");
    await addExpense(page, {
      date: `${month}-03`,
      amount: "45.000,50",
      concept: "Compra a distribuidora",
      category: "Compra de libros",
    });
    await expect.poll(() => monthTotal(page)).toBe(formatMoney(5_750_050));
    // The form is empty again, ready for the next one.
    expect(await page.getByLabel("Concepto", { exact: true }).inputValue()).toBe("");
    const totals = await categoryTotals(page);
    expect(totals.map((line) => line.replace(/\s+/g, " "))).toEqual([
      `Compra de libros ${formatMoney(4_500_050)} (78 %)`.replace(/\s+/g, " "),
      `Envíos ${formatMoney(1_250_000)} (22 %)`.replace(/\s+/g, " "),
    ]);
    await expectAccessible(page);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "Editar «Envíos Andreani»" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Editar gasto" }).count()).toBe(1);
    expect(await page.getByLabel("Monto", { exact: true }).inputValue()).toBe("12.500");
    await page.getByLabel("Monto", { exact: true }).fill("13.000");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect.poll(() => notice(page)).toContain("Gasto actualizado");
    await expect.poll(() => monthTotal(page)).toBe(formatMoney(5_800_050));

    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole("link", { name: "Eliminar «Compra a distribuidora»" }).click();
    await expect.poll(() => notice(page)).toContain("Gasto eliminado");
    expect(question).toContain("¿Seguro que querés eliminar este gasto?");
    await expect.poll(() => monthTotal(page)).toBe(formatMoney(1_300_000));
    expect(await page.getByText("Compra a distribuidora").count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Descargar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`gastos-${month}.csv`);
    const csv = await readFile((await download.path()) ?? "");
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [year, mm] = month.split("-");
    expect(csv.subarray(3).toString("utf8")).toBe(
      `Fecha;Concepto;Categoría;Monto;Nota\r\n05/${mm}/${year};Envíos Andreani;Envíos;"13000,00";\r\n`,
    );
  });

  it("works without JavaScript: a mistake keeps what was typed, then add and delete with a confirmation step", async () => {
    const page = await signedIn({ width: 1280, javaScriptEnabled: false });
    const [year, mm] = todayInBuenosAires().slice(0, 7).split("-").map(Number);
    const previous = `${mm === 1 ? (year ?? 0) - 1 : year}-${String(mm === 1 ? 12 : (mm ?? 0) - 1).padStart(2, "0")}`;

    const rent = { date: `${previous}-10`, amount: "0", concept: "Alquiler del local", category: "Alquiler" };
    await addExpense(page, rent);
    expect(await page.getByRole("alert").textContent()).toContain("El monto debe ser mayor a cero");
    expect(await page.getByLabel("Concepto", { exact: true }).inputValue()).toBe("Alquiler del local");
    expect(await page.getByLabel("Monto", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Monto", { exact: true }).fill("350.000");
    await page.getByRole("button", { name: "Agregar gasto" }).click();
    // Saved in last month: the page goes there to show it.
    await page.waitForURL(`${shop.app.baseUrl}/admin/expenses?month=${previous}&ok=creado`);
    expect(await notice(page)).toContain("Gasto agregado");
    await addExpense(page, { date: `${previous}-12`, amount: "8.990,90", concept: "Luz", category: "Servicios" });
    await expect.poll(() => monthTotal(page)).toBe(formatMoney(35_899_090));
    // Polled too: read the moment the total matched, the table could still be the page being replaced.
    await expect.poll(() => page.getByRole("row", { name: /Alquiler del local/ }).count()).toBe(1);

    await page.getByRole("link", { name: "Eliminar «Luz»" }).click();
    await page.waitForURL(/eliminar=/);
    expect(await page.getByRole("heading", { level: 2, name: "¿Seguro que querés eliminar este gasto?" }).count()).toBe(
      1,
    );
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/expenses?month=${previous}&ok=eliminado`);
    expect(await monthTotal(page)).toBe(formatMoney(35_000_000));

    await page.getByRole("link", { name: /Mes siguiente/ }).click();
    await page.waitForURL(/month=/);
    expect(await page.getByRole("link", { name: /Mes anterior/ }).getAttribute("href")).toBe(
      `/admin/expenses?month=${previous}`,
    );
  });

  // axe needs JavaScript to run: the desktop layout (table, edit form, delete step) is checked here.
  it("is accessible on a desktop: the ledger, the edit form and the delete step", async () => {
    const page = await signedIn({ width: 1280 });
    await page.getByRole("link", { name: /Mes anterior/ }).click();
    await expect.poll(() => page.getByRole("row", { name: /Alquiler del local/ }).count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Editar «Alquiler del local»" }).click();
    await expect.poll(() => page.getByLabel("Monto", { exact: true }).inputValue()).toBe("350.000");
    await expectAccessible(page);
    const step = new URL(page.url());
    step.searchParams.set("eliminar", step.searchParams.get("editar") ?? "");
    step.searchParams.delete("editar");
    await page.goto(step.toString());
    await expect.poll(() => page.getByRole("button", { name: "Sí, eliminar" }).count()).toBe(1);
    await expectAccessible(page);
  });
});
