import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { titleCountLabel } from "~/domain/catalog/title-count";
import { expectAccessible, hydrated as reactOwns } from "../support/browser";
import { browserSuite } from "../support/e2e";

const shop = browserSuite();

const CLOCK_START = new Date("2026-03-02T12:00:00-03:00").getTime();

interface VisitOptions {
  width?: number;
  javaScriptEnabled?: boolean;
  reducedMotion?: boolean;
  /** Installs Playwright's fake clock before the page loads (timers run only when the test says). */
  clock?: boolean;
}

async function visit(path: string, options: VisitOptions = {}): Promise<Page> {
  const page = await shop.open({ width: options.width, javaScriptEnabled: options.javaScriptEnabled });
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
  if (options.clock) {
    // Time stands still until the test moves it.
    await page.clock.install({ time: CLOCK_START });
    await page.clock.pauseAt(CLOCK_START + 1000);
    clocked.add(page);
  }
  await page.goto(`${shop.app.baseUrl}${path}`);
  return page;
}

const carousel = (page: Page) => page.getByTestId("carousel");
const index = async (page: Page) => Number(await carousel(page).getAttribute("data-index"));
const clocked = new WeakSet<Page>();
/**
 * The carousel hydrates from its own chunk. When the chunk arrives after hydration began, React retries
 * the boundary on a timer, which a paused clock never fires: there, let fake time pass in small steps
 * until it has hydrated (its 6 s timer starts only then, so the steps do not count against it).
 */
const hydrated = async (page: Page) => {
  const ready = page.locator('[data-testid="carousel"][data-hydrated="true"]');
  if (clocked.has(page)) {
    // 10 ms steps: hydration may land during a step, so the carousel's first wait may already have run
    // up to one step when the test starts counting; the test's margin before the 6 s mark is 100 ms.
    for (let step = 0; step < 3000 && !(await ready.isVisible()); step++) {
      await page.clock.runFor(10);
      await page.waitForTimeout(20);
    }
  }
  await ready.waitFor();
};
const headerReady = (page: Page) => page.locator('header[data-hydrated="true"]').waitFor();
/**
 * The home's sections hydrate from their own chunk, after the rest of the page: wait until React has
 * taken over their forms (a quiet network only says the chunk arrived, not that it has hydrated).
 */
const sectionsReady = async (page: Page) => {
  await headerReady(page);
  await reactOwns(page, "#newsletter form");
};

async function featuredCount(): Promise<number> {
  const featured = await fetch(`${shop.app.baseUrl}/api/featured-books`).then((r) => r.json());
  return featured.length;
}

describe("home carousel", () => {
  it("has the spec's slides in order, one per featured book", async () => {
    const page = await visit("/");
    const labels = await page
      .getByTestId("carousel-slide")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    const books = await featuredCount();
    expect(books).toBeGreaterThan(0);
    expect(labels).toHaveLength(7 + books);
    const names = labels.map((label) => label?.replace(/^\d+ de \d+: /, ""));
    expect(names.slice(0, 2)).toEqual(["15% de descuento pagando por transferencia", "Pago seguro con tarjeta"]);
    expect(names.slice(2, 2 + books).every((name) => name?.startsWith("Destacado: "))).toBe(true);
    expect(names.slice(2 + books)).toEqual([
      "Suscribite al newsletter",
      "Quiénes somos",
      "Caja Rizoma",
      "Pedidos especiales",
      "Peow Studios",
    ]);
    expect(await page.getByRole("button", { name: /^Ir a la diapositiva/ }).count()).toBe(7 + books);
  });

  it("advances every 6 s, wraps both ways and restarts the wait after a manual move", async () => {
    const page = await visit("/", { clock: true });
    await hydrated(page);
    const total = await page.getByTestId("carousel-slide").count();
    expect(await index(page)).toBe(0);
    await page.clock.runFor(5_900);
    expect(await index(page)).toBe(0);
    await page.clock.runFor(200);
    await expect.poll(() => index(page)).toBe(1);

    // Previous from the first wraps to the last; next from the last wraps to the first.
    await page.getByRole("button", { name: /^Ir a la diapositiva 1: / }).click();
    await expect.poll(() => index(page)).toBe(0);
    await page.getByRole("button", { name: "Anterior" }).click();
    await expect.poll(() => index(page)).toBe(total - 1);
    await page.getByRole("button", { name: "Siguiente" }).click();
    await expect.poll(() => index(page)).toBe(0);
    await page.getByRole("button", { name: "Siguiente" }).click();
    await expect.poll(() => index(page)).toBe(1);

    // Hover and focus pause it; once both leave, the full 6 s start again.
    expect(await carousel(page).getAttribute("data-playing")).toBe("false");
    await page.clock.runFor(10_000);
    expect(await index(page)).toBe(1);
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => carousel(page).getAttribute("data-playing")).toBe("true");
    await page.clock.runFor(5_900);
    expect(await index(page)).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => index(page)).toBe(2);
  });

  it("stops with the pause button and goes on with 'Reanudar'", async () => {
    const page = await visit("/", { clock: true });
    await hydrated(page);
    await page.getByRole("button", { name: "Pausar el carrusel" }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(13_000);
    expect(await index(page)).toBe(0);
    await page.getByRole("button", { name: "Reanudar el carrusel" }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(6_100);
    await expect.poll(() => index(page)).toBe(1);
  });

  it("does not move by itself with prefers-reduced-motion", async () => {
    const page = await visit("/", { clock: true, reducedMotion: true });
    await hydrated(page);
    expect(await carousel(page).getAttribute("data-playing")).toBe("false");
    await page.clock.runFor(20_000);
    expect(await index(page)).toBe(0);
    expect(await page.getByRole("button", { name: "Pausar el carrusel" }).count()).toBe(0);
    await page.getByRole("button", { name: "Siguiente" }).click();
    await expect.poll(() => index(page)).toBe(1);
  });

  it("explains the transfer in the 'TU PEDIDO FUE REGISTRADO' modal, closed by 'ENTENDIDO'", async () => {
    const page = await visit("/", { reducedMotion: true });
    await hydrated(page);
    await page.getByRole("button", { name: "¿CÓMO FUNCIONA?" }).click();
    const dialog = page.getByRole("dialog", { name: "TU PEDIDO FUE REGISTRADO" });
    await dialog.waitFor();
    expect(await dialog.getByText("Estado: PAGO PENDIENTE").count()).toBe(1);
    expect(await dialog.locator("ol > li").count()).toBe(3);
    expect(await dialog.textContent()).toContain("RIZOMA.LIBROS.DEMO");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Opens again (the content is already loaded).
    await page.getByRole("button", { name: "¿CÓMO FUNCIONA?" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });
});

describe("home sections", () => {
  it("claims the real catalogue size, the box price, special-order times and the payment badges", async () => {
    const { pagination } = await fetch(`${shop.app.baseUrl}/api/books?limit=1`).then((r) => r.json());
    const page = await visit("/");
    const points = await page.getByTestId("selling-point").allTextContents();
    expect(points.map((p) => p.replace("✦", "").trim())).toEqual([
      "Retiro gratis en CABA",
      "Envío gratis en CABA",
      "Entrega en 48 hs",
      "Preventas",
      "Sin stock: lo conseguimos en 72 hs",
      titleCountLabel(pagination.total),
    ]);
    expect(await page.getByTestId("box-price").textContent()).toBe("$\u00a054.000");
    const pedidos = await page.locator("#pedidos").textContent();
    expect(pedidos).toContain("hasta 72 horas hábiles");
    expect(pedidos).toContain("15 días hábiles o más");
    const envios = await page.locator("#envios").textContent();
    expect(envios).toContain("3 a 5 días hábiles");
    expect(envios).toContain("24 a 48 horas hábiles");
    expect(envios).toContain("Pago 100% seguro");
    expect(envios).toContain("Hasta 3 cuotas sin interés");
    for (const id of ["new", "pedidos", "newsletter", "contact", "about", "store", "envios", "box", "rizoma-box"]) {
      expect(await page.locator(`#${id}`).count(), `#${id}`).toBe(1);
    }
  });

  it("carries the BookStore structured data with the 30-day free return", async () => {
    const page = await visit("/");
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}")));
    const store = blocks.find((b) => Array.isArray(b["@type"]) && b["@type"].includes("BookStore"));
    expect(store.hasMerchantReturnPolicy.merchantReturnDays).toBe(30);
    expect(store.hasMerchantReturnPolicy.returnFees).toBe("https://schema.org/FreeReturn");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/^http.*\/$/);
  });

  it("searches the shop only with text, and offers five popular searches", async () => {
    const page = await visit("/");
    await sectionsReady(page);
    await page.locator("#home-search").fill("   ");
    await page.locator("#home-search").press("Enter");
    await page.getByText("Escribí un título, un autor o un tema para buscar.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    const popular = page.getByRole("list", { name: "Búsquedas populares" }).getByRole("link");
    expect(await popular.count()).toBe(5);
    await page.locator("#home-search").fill("  arlt ");
    await page.locator("#home-search").press("Enter");
    await page.waitForURL(/\/tienda\?search=arlt$/);
  });

  it("validates the newsletter email as the spec says, in the slide and in the block", async () => {
    const page = await visit("/", { reducedMotion: true });
    await hydrated(page);
    await sectionsReady(page);
    await page.getByRole("button", { name: /Ir a la diapositiva \d+: Suscribite al newsletter/ }).click();
    const slideForm = page.locator('[data-testid="carousel"] form[action="/newsletter"]');
    await slideForm.getByRole("button", { name: "SUSCRIBIRME" }).click();
    await slideForm.getByTestId("newsletter-error").getByText("Por favor ingresa tu email").waitFor();
    expect(await page.getByTestId("toast").textContent()).toContain("Por favor ingresa tu email");
    await slideForm.getByLabel("Tu email").fill("hola@rizoma");
    await slideForm.getByLabel("Tu email").press("Enter");
    await slideForm.getByTestId("newsletter-error").getByText("Por favor ingresa un email válido").waitFor();
    expect(await slideForm.getByLabel("Tu email").getAttribute("aria-invalid")).toBe("true");

    const block = page.locator("#newsletter form");
    await block.getByLabel("Tu email").fill("sin-arroba");
    await block.getByRole("button", { name: "SUSCRIBIRME" }).click();
    await block.getByTestId("newsletter-error").getByText("Por favor ingresa un email válido").waitFor();
  });

  it("subscribes from the carousel: 'SUSCRIBIENDO...' with the input disabled, then the success toast", async () => {
    const page = await visit("/", { reducedMotion: true });
    await hydrated(page);
    await page.getByRole("button", { name: /Ir a la diapositiva \d+: Suscribite al newsletter/ }).click();
    const form = page.locator('[data-testid="carousel"] form[action="/newsletter"]');
    // Hold the real request until the sending state has been seen (the answer is the server's own).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let body: unknown = null;
    await page.route("**/api/newsletter/subscribe", async (route) => {
      body = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    await form.getByLabel("Tu email").fill("lectora.carrusel@example.com");
    await form.getByLabel("Tu email").press("Enter");
    await form.getByRole("button", { name: "SUSCRIBIENDO..." }).waitFor();
    expect(await form.getByLabel("Tu email").isDisabled()).toBe(true);
    // Enter while sending sends nothing more.
    release();
    await page.getByTestId("toast").getByText("¡Suscripción exitosa!").waitFor();
    expect(await page.getByTestId("toast").textContent()).toContain("Gracias por suscribirte");
    expect(body).toEqual({ email: "lectora.carrusel@example.com", source: "carousel" });
    await form.getByRole("button", { name: "SUSCRIBIRME" }).waitFor();
    expect(await form.getByLabel("Tu email").inputValue()).toBe("");
  });

  it("subscribes from the home block with a name, and a second time answers the same", async () => {
    const page = await visit("/");
    await sectionsReady(page);
    const form = page.locator("#newsletter form");
    await form.getByLabel("Tu nombre (opcional)").fill("Alfonsina");
    await form.getByLabel("Tu email").fill("alfonsina.home@example.com");
    await form.getByRole("button", { name: "SUSCRIBIRME" }).click();
    await page.getByTestId("toast").getByText("¡Suscripción exitosa!").waitFor();
    expect(await form.getByLabel("Tu nombre (opcional)").inputValue()).toBe("");
    const first = await page.getByTestId("toast").textContent();
    await form.getByLabel("Tu email").fill("ALFONSINA.home@example.com");
    const answered = page.waitForResponse("**/api/newsletter/subscribe");
    await form.getByRole("button", { name: "SUSCRIBIRME" }).click();
    expect((await answered).status()).toBe(200);
    // The form never tells whether an address was already on the list (issue 34).
    await form.getByRole("button", { name: "SUSCRIBIRME" }).waitFor();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe(first);
  });

  it("without JavaScript, the home block subscribes through /newsletter", async () => {
    const page = await visit("/", { javaScriptEnabled: false });
    const form = page.locator("#newsletter form");
    await form.locator('input[name="email"]').fill("sin.js.home@example.com");
    await form.getByRole("button", { name: "SUSCRIBIRME" }).click();
    await page.waitForURL(/\/newsletter$/);
    await page.getByText("¡Bienvenida/o a la comunidad Rizoma!").waitFor();
  });

  it("without JavaScript, the newsletter forms post to /newsletter with their fields", async () => {
    const page = await visit("/", { javaScriptEnabled: false });
    const forms = page.locator('form[action="/newsletter"]');
    expect(await forms.count()).toBe(2);
    for (const [i, source] of ["carousel", "home"].entries()) {
      const form = forms.nth(i);
      expect(await form.getAttribute("method")).toBe("post");
      expect(await form.locator('input[name="source"]').inputValue()).toBe(source);
      expect(await form.locator('input[name="email"]').count()).toBe(1);
    }
    expect(await forms.nth(1).locator('input[name="name"]').count()).toBe(1);
  });
});

describe("header", () => {
  it("shows up to 5 results, accent- and case-insensitive, and closes outside or on a choice", async () => {
    const page = await visit("/tienda", { width: 1280 });
    await headerReady(page);
    const input = page.locator("#header-search");
    const dropdown = page.getByTestId("search-dropdown");
    await input.fill("RUBEN DARIO");
    await dropdown.getByRole("link", { name: /Darío/ }).first().waitFor();
    const results = dropdown.getByRole("list", { name: "Resultados de la búsqueda" }).getByRole("listitem");
    expect(await results.count()).toBeGreaterThan(0);
    expect(await results.count()).toBeLessThanOrEqual(5);
    const first = await results.first().textContent();
    expect(first).toContain("Rubén Darío");
    expect(first).toMatch(/\$\u00a0[\d.]+|Consultar precio/);
    expect(await results.first().locator("img").count()).toBe(1);

    // A broad term still shows at most 5.
    await input.fill("la");
    await expect.poll(() => dropdown.getByRole("listitem").count()).toBe(5);

    // Outside click closes it.
    await page.locator("main h1").click();
    await dropdown.waitFor({ state: "hidden" });

    // A typo still finds the book; choosing it goes to its page and closes the dropdown.
    await input.fill("sarmineto");
    const facundo = dropdown.getByRole("link", { name: /Facundo/ });
    await facundo.waitFor();
    await facundo.click();
    await page.waitForURL(/\/libro\/\d+$/);
    await dropdown.waitFor({ state: "hidden" });
    expect(await input.inputValue()).toBe("");
  });

  it("says so when nothing matches and Escape closes the dropdown", async () => {
    const page = await visit("/", { width: 1280 });
    await headerReady(page);
    await page.locator("#header-search").fill("qwxzvk");
    await page.getByText("No encontramos libros para “qwxzvk”.").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("search-dropdown").waitFor({ state: "hidden" });
  });

  it("goes to a home section from another page, then scrolls there with the 80 px offset", async () => {
    const page = await visit("/sobre-nosotros", { width: 1280 });
    await headerReady(page);
    await page
      .getByRole("navigation", { name: "Secciones del inicio" })
      .getByRole("link", { name: "PEDIDOS ESPECIALES" })
      .click();
    await page.waitForURL(`${shop.app.baseUrl}/`);
    const target = () =>
      page.evaluate(() => {
        const el = document.getElementById("pedidos");
        return el ? Math.round(el.getBoundingClientRect().top + window.scrollY - 80) : Number.NaN;
      });
    // The page hydrates its sections lazily and then scrolls for 1.2 s: on a busy machine that takes a while,
    // so the wait is generous; what is asserted is where the page ends up.
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - (await target())), { timeout: 20_000 })
      .toBeLessThan(3);
    expect(await page.locator("header").getAttribute("data-scrolled")).toBe("true");

    // The logo on the home scrolls back to the top, and the header returns to its full size.
    await page.getByRole("link", { name: "Rizoma, ir al inicio" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.locator("header").getAttribute("data-scrolled")).toBe("false");
  });

  it("on a phone opens the search and the menu, with the same links", async () => {
    const page = await visit("/", { width: 390 });
    await headerReady(page);
    expect(await page.locator("#mobile-search").isVisible()).toBe(false);
    await page.locator('summary[aria-label="Buscar"]').click();
    await page.locator("#mobile-search").waitFor();
    await page.getByLabel("Abrir menú").click();
    // One panel at a time.
    await page.locator("#mobile-search").waitFor({ state: "hidden" });
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    const links = await menu.getByRole("link").allTextContents();
    expect(links).toEqual([
      "TIENDA",
      "CAJA RIZOMA",
      "SOBRE NOSOTROS",
      "AUDIOLIBROS",
      "NOVEDADES",
      "PEDIDOS ESPECIALES",
      "NEWSLETTER",
      "CONTACTO",
    ]);
    await menu.getByRole("link", { name: "SOBRE NOSOTROS" }).click();
    await page.waitForURL(/\/sobre-nosotros$/);
    await menu.waitFor({ state: "hidden" });
  });
});

describe.each([
  ["phone", 390],
  ["desktop", 1280],
])("accessibility on a %s", (_name, width) => {
  it("the home has no axe violation", async () => {
    const page = await visit("/", { width });
    await hydrated(page);
    await expectAccessible(page);
  });
});
