import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

const shop = browserSuite();

async function visit(path: string, options: PageOptions = {}) {
  return shop.visit(path, options);
}

describe.each([
  ["phone", 390],
  ["desktop", 1280],
])("on a %s", (_name, width) => {
  it("the home shows the shop, its categories and the newest books", async () => {
    const { page, status } = await visit("/", { width });
    expect(status).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("es-AR");
    expect(await page.title()).toBe("Rizoma — Librería y editorial independiente");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Los libros son puertas");
    expect(await page.getByRole("link", { name: "Literatura y Ficción" }).count()).toBe(1);
    expect(await page.locator("#new article").count()).toBe(6);
    // No external store is set up here: no IR A TIENDA, in the header or the phone menu.
    expect(await page.getByRole("link", { name: /IR A TIENDA/, includeHidden: true }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("the shop lists 24 books a page and pages through the catalogue", async () => {
    const { page, status } = await visit("/tienda", { width });
    expect(status).toBe(200);
    expect(await page.locator("section[aria-labelledby=results-title] article").count()).toBe(24);
    await expect.poll(() => page.locator("#results-title").textContent()).toMatch(/^\d+ libros$/);
    await page.getByRole("link", { name: "Siguiente" }).click();
    await page.waitForURL(/pagina=2/);
    await expect.poll(() => page.getByText("Página 2 de").count()).toBe(1);
    await expectAccessible(page);
  });
});

describe("content security policy", () => {
  it("runs the pages' scripts under a strict policy, fresh, from the page cache and after revalidating", async () => {
    const page = await shop.open({ width: 390 });
    // Chromium reports some refusals (an eval probe, say) only as DevTools issues, not console errors.
    const issues: string[] = [];
    const devtools = await page.context().newCDPSession(page);
    devtools.on("Audits.issueAdded", ({ issue }) => {
      if (issue.code === "ContentSecurityPolicyIssue") issues.push(`${page.url()} ${JSON.stringify(issue.details)}`);
    });
    await devtools.send("Audits.enable");
    for (const path of ["/tienda", "/tienda", "/tienda", "/libro/5", "/carrito", "/caja-rizoma", "/checkout"]) {
      const response = await page.goto(`${shop.app.baseUrl}${path}`);
      const headers = (await response?.allHeaders()) ?? {};
      const scripts = (headers["content-security-policy"] ?? "").split("; ").find((d) => d.startsWith("script-src"));
      expect(scripts, `${path} script-src`).toMatch(/^script-src 'self' '(nonce|sha256)-/);
      expect(scripts).not.toContain("unsafe");
      // Hydrated: React Router's inline bootstrap ran (a refused script would leave the page inert).
      await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
    }
    // The cart badge reacts to a click only when the page's scripts run (and once they have hydrated it).
    await page.goto(`${shop.app.baseUrl}/libro/5`);
    await hydrated(page);
    await page
      .getByRole("button", { name: /agregar al carrito/i })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("rizoma.cart.v1") ?? "")).toContain('"id":5');
    expect(issues).toEqual([]);
  });
});

describe("search", () => {
  it("finds Sarmiento with a typo, from the header, without JavaScript", async () => {
    const { page } = await visit("/", { width: 1280, javaScriptEnabled: false });
    await page.locator("#header-search").fill("sarmineto");
    await page.locator("#header-search").press("Enter");
    await page.waitForURL(/\/tienda\?search=sarmineto/);
    const titles = await page.locator("main article h3").allTextContents();
    expect(titles).toContain("Facundo");
    expect(await page.locator("main article").getByText("Domingo Faustino Sarmiento").count()).toBe(titles.length);
  });

  it("says so when nothing matches", async () => {
    const { page } = await visit("/tienda?search=qwxzvk");
    expect(await page.getByText("No se encontraron libros que coincidan con los filtros aplicados.").count()).toBe(1);
  });

  it("filters by category from the home cards", async () => {
    const { page } = await visit("/");
    await page.getByRole("link", { name: "Filosofía y Pensamiento" }).click();
    await page.waitForURL(/categoria=filosofia-pensamiento/);
    await expect
      .poll(() => page.getByRole("link", { name: "Filosofía y Pensamiento" }).getAttribute("aria-current"))
      .toBe("page");
    expect(await page.locator("main article").getByText("Friedrich Nietzsche").count()).toBeGreaterThan(0);
    expect(await page.locator("main article").getByText("Horacio Quiroga").count()).toBe(0);
  });
});

describe("book page", () => {
  it("shows a book with its price, details and a way back", async () => {
    const search = await fetch(`${shop.app.baseUrl}/api/tienda-nube/products?search=facundo&limit=1`).then((r) =>
      r.json(),
    );
    const facundo = search.products[0];
    const { page, status } = await visit(`/libro/${facundo.id}`, { width: 390 });
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Facundo");
    expect(await page.title()).toBe("Facundo, de Domingo Faustino Sarmiento | Rizoma");
    expect(await page.locator("main").textContent()).toContain(`$\u00a0${facundo.price.toLocaleString("es-AR")}`);
    expect(await page.getByText(facundo.barcode).count()).toBe(1);
    await expectAccessible(page);
  });

  it("shows 'Consultar precio' for a book without a price", async () => {
    const { page } = await visit("/tienda?search=vidas%20de%20los%20artistas");
    expect(await page.locator("main article").first().textContent()).toContain("Consultar precio");
  });

  it("answers 404 'Producto no encontrado' for an unknown book", async () => {
    const { page, status } = await visit("/libro/999999");
    expect(status).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Producto no encontrado");
    expect(await page.getByRole("link", { name: "Volver a la tienda" }).getAttribute("href")).toBe("/tienda");
  });
});

describe("unknown pages", () => {
  it("answer a real 404 with the Spanish page, a search box and links", async () => {
    const { page, status } = await visit("/esto/no/existe", { width: 390 });
    expect(status).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("404 — Página no encontrada");
    expect(await page.title()).toBe("Página no encontrada | Rizoma");
    expect(await page.locator("#not-found-search").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Ir a la tienda" }).getAttribute("href")).toBe("/tienda");
    await expectAccessible(page);
  });
});
