import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/browser";
import { browserSuite } from "../support/e2e";

const shop = browserSuite();

const visit = (path: string, width = 1280) => shop.visit(path, { width });

const pages = [
  { path: "/sobre-nosotros", title: "Sobre nosotros", h1: "Una librería que empezó en una biblioteca familiar" },
  { path: "/audiolibros", title: "Audiolibros", h1: "Libros para escuchar, comprados en tu librería" },
  { path: "/terminos", title: "Términos y condiciones", h1: "Términos y condiciones" },
  { path: "/privacidad", title: "Política de privacidad", h1: "Política de privacidad" },
];

describe.each([
  ["phone", 390],
  ["desktop", 1280],
])("content pages on a %s", (_name, width) => {
  it.each(pages)("$path has its title, canonical URL, breadcrumbs and no axe violation", async (expected) => {
    const { page, status } = await visit(expected.path, width);
    expect(status).toBe(200);
    expect(await page.title()).toBe(`${expected.title} | Rizoma`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(expected.h1);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${shop.app.baseUrl.replace("127.0.0.1", "localhost")}${expected.path}`,
    );
    expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toMatch(
      new RegExp(`${expected.path}$`),
    );
    const crumbs = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) =>
        els.map((e) => JSON.parse(e.textContent ?? "{}")).find((b) => b["@type"] === "BreadcrumbList"),
      );
    expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Inicio", expected.title]);
    await expectAccessible(page);
  });
});

describe("content", () => {
  it("the about page tells the story, the doors, the rizoma, the mission and the young artists", async () => {
    const { page } = await visit("/sobre-nosotros");
    const headings = await page.locator("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "Cómo empezó todo",
      "Los libros son puertas",
      "¿Por qué Rizoma?",
      "Nuestra misión: que la cultura circule",
      "Un lugar para artistas jóvenes",
    ]);
  });

  it("the audiobooks page lists the benefits, three steps and opens the partner in a new tab", async () => {
    const { page } = await visit("/audiolibros");
    const main = page.locator("main");
    const benefits = await page.locator("#beneficios li strong").allTextContents();
    expect(benefits.map((b) => b.replace("?", "").trim())).toEqual([
      "Apoyás a una librería independiente",
      "Todo el catálogo en español",
      "Sin DRM",
    ]);
    expect(await page.locator("#pasos ol > li").count()).toBe(3);
    const external = main.locator('a[target="_blank"]');
    expect(await external.count()).toBeGreaterThanOrEqual(3);
    for (const rel of await external.evaluateAll((els) => els.map((e) => e.getAttribute("rel")))) {
      expect(rel).toContain("noopener");
    }
    expect(await external.first().textContent()).toContain("(se abre en una pestaña nueva)");
  });

  it("the tooltip waits 700 ms on hover", async () => {
    const page = await shop.open();
    const start = new Date("2026-03-02T12:00:00-03:00").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(`${shop.app.baseUrl}/audiolibros`);
    await page.locator('header[data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: /¿Qué es DRM\?/ }).hover();
    await page.clock.runFor(650);
    expect(await page.getByTestId("tooltip").count()).toBe(0);
    await page.clock.runFor(100);
    await page.getByTestId("tooltip").waitFor();
    expect(await page.getByTestId("tooltip").textContent()).toBe("Sin bloqueos anticopia");
  });

  it("the terms cover sale, the box's renewal and cancellation, and returns within 30 days", async () => {
    const { page } = await visit("/terminos");
    const text = (await page.locator("main").textContent()) ?? "";
    for (const phrase of [
      "30 días corridos",
      "Renovación:",
      "Cancelación:",
      "sin permanencia mínima",
      "15% de descuento",
      "$\u00a054.000",
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).toMatch(/Versión del \d{1,2} de [a-z]+ de \d{4}/);
  });

  it("the privacy policy follows law 25.326: what, why and how to ask for deletion", async () => {
    const { page } = await visit("/privacidad");
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/privacidad-1280.png`, fullPage: true });
    }
    const text = (await page.locator("main").textContent()) ?? "";
    for (const phrase of [
      "Ley 25.326",
      "Qué datos guardamos",
      "Para qué los usamos",
      "eliminarlos",
      "Agencia de Acceso a la Información Pública",
      "en forma gratuita cada seis meses",
      "Registro Nacional de Bases de Datos",
      "es responsable de la base de datos",
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it("every form that asks for personal data carries the short notice with a link to /privacidad", async () => {
    for (const path of [
      "/newsletter",
      "/pedidos-especiales",
      "/cuenta/ingresar",
      "/caja-rizoma/suscribirme?plan=monthly",
    ]) {
      const { page } = await visit(path, 390);
      const notice = page.locator("main").getByTestId("personal-data-notice").first();
      if (process.env.SCREENSHOT_DIR) {
        await notice.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/notice${path.replace(/[/?=]/g, "_")}-390.png` });
      }
      expect(await notice.textContent(), path).toContain("gratis cada seis meses");
      expect(await notice.getByRole("link", { name: "Política de privacidad" }).getAttribute("href"), path).toBe(
        "/privacidad",
      );
    }
  });

  it("the footer links the information pages and the home's sections", async () => {
    const { page } = await visit("/terminos", 390);
    const footer = page.locator("footer");
    for (const [name, href] of [
      ["Términos y condiciones", "/terminos"],
      ["Política de privacidad", "/privacidad"],
      ["Sobre nosotros", "/sobre-nosotros"],
      ["Audiolibros", "/audiolibros"],
      ["Caja Rizoma", "/caja-rizoma"],
      ["Newsletter", "/newsletter"],
      ["La Caja Rizoma", "/#rizoma-box"],
      ["Pedidos especiales", "/#pedidos"],
      ["Suscribite al newsletter", "/#newsletter"],
      ["Contacto", "/#contact"],
    ]) {
      expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href"), name).toBe(href);
    }
  });
});

describe("sitemap and robots", () => {
  it("the sitemap lists the pages, the categories and every published book", async () => {
    const response = await fetch(`${shop.app.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? "").pathname + new URL(m[1] ?? "").search,
    );
    for (const path of ["/", "/tienda", "/sobre-nosotros", "/audiolibros", "/terminos", "/privacidad"]) {
      expect(locs).toContain(path);
    }
    expect(locs).toContain("/tienda?categoria=literatura-ficcion");
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const body = await fetch(`${shop.app.baseUrl}/api/books?limit=100&page=${page}`).then((r) => r.json());
      ids.push(...body.books.map((book: { id: number }) => book.id));
      if (!body.pagination.hasNext) break;
    }
    expect(ids.length).toBeGreaterThan(0);
    const bookLocs = locs.filter((loc) => loc.startsWith("/libro/"));
    expect(bookLocs.sort()).toEqual(ids.map((id) => `/libro/${id}`).sort());
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("robots.txt keeps crawlers out of the admin, the API and the checkout", async () => {
    const response = await fetch(`${shop.app.baseUrl}/robots.txt`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const line of ["User-agent: *", "Disallow: /admin", "Disallow: /api", "Disallow: /checkout"]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});
