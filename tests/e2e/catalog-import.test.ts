import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { todayInBuenosAires } from "../../app/lib/dates";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { badCheckDigit, csvOf, isbn13 } from "../support/catalog-files";
import { browserSuite } from "../support/e2e";

const admin = { email: "libreria@rizoma.com.ar", password: "clave-de-prueba-e2e" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/** 1,000 new books (line n+1 = book n) with exactly 3 bad rows: lines 18, 502 and 999. */
function distributorList(): string {
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const n = i + 1;
    const line = n + 1;
    const isbn = line === 18 ? badCheckDigit(isbn13(900_000 + n)) : isbn13(900_000 + n);
    const title = line === 999 ? "" : `Libro importado ${n}`;
    const price = line === 502 ? "abc" : `${(10_000 + n).toLocaleString("es-AR")},50`;
    return [isbn, title, `Autora ${n % 40}`, "Editorial del Sur", price, String(n % 7), "sí"];
  });
  return csvOf(["ISBN", "Título", "Autor", "Editorial", "Precio", "Stock", "Publicado"], rows);
}

const figure = (label: string) => `dt:text-is("${label}") + dd`;

describe("/admin/libros/importar", () => {
  it("reviews a 1,000-row CSV with 3 bad rows, applies the rest, finds and exports an imported book", async () => {
    const page = await shop.open({ width: 390, height: 844 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/libros/importar");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Importar catálogo");
    expect(await page.getByRole("heading", { name: "Columnas", level: 2 }).count()).toBe(1);

    await page.getByLabel("Archivo del catálogo").setInputFiles({
      name: "distribuidora.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(distributorList()),
    });
    await page.getByRole("button", { name: "Revisar" }).click();
    await page.getByRole("heading", { name: "Revisión de distribuidora.csv" }).waitFor();
    expect(await page.locator(figure("Nuevos")).textContent()).toBe("997");
    expect(await page.locator(figure("Con errores")).textContent()).toBe("3");
    expect(await page.locator(figure("Con cambios")).textContent()).toBe("0");
    const errors = page.getByRole("region", { name: /Filas con errores/ }).getByRole("listitem");
    expect(await errors.allTextContents()).toEqual([
      `Línea 18: el ISBN «${badCheckDigit(isbn13(900_017))}» no es válido (revisá el dígito verificador)`,
      "Línea 502: el precio «abc» no es un número",
      "Línea 999: El título es requerido (columna titulo)",
    ]);
    expect(await page.getByText("y 897 más").count()).toBe(1);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Aplicar cambios" }).click();
    await page.getByRole("heading", { name: "Importación terminada" }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole("status").textContent()).toBe(
      "Listo: 997 libros nuevos, 0 actualizados. 3 filas con errores no se importaron.",
    );
    await expectAccessible(page);

    await page.getByRole("link", { name: "Ver libros" }).click();
    await page.getByRole("heading", { name: "Libros", level: 1 }).waitFor();
    await page.goto(`${shop.app.baseUrl}/admin/libros?buscar=${isbn13(900_500)}`);
    expect(await page.getByRole("link", { name: /Libro importado 500/ }).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`catalogo-rizoma-${todayInBuenosAires()}.csv`);
    const csv = (await readFile((await download.path()) ?? "")).toString("utf8");
    expect(csv).toContain(`${isbn13(900_500)};;Libro importado 500;Autora 20;Editorial del Sur;;;;"10500,50";;3;`);
    expect(csv).not.toContain(isbn13(900_501));
  });
});
