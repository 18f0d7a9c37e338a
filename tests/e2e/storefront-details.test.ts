import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

// The header's IR A TIENDA, the book page's audiobook link, swiping a toast away, the home's ItemList.
// This shop has an external store (without one there is no IR A TIENDA: storefront.test.ts).
const STORE_URL = "https://rizoma.mitiendanube.com";
const admin = { email: "detalles@rizoma.com.ar", password: "clave-de-los-detalles" };
const shop = browserSuite({
  TIENDANUBE_STORE_URL: STORE_URL,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
});

async function visit(path: string, options: PageOptions = {}): Promise<Page> {
  const page = await shop.open(options);
  await page.goto(`${shop.app.baseUrl}${path}`);
  return page;
}

const headerReady = (page: Page) => page.locator('header[data-hydrated="true"]').waitFor();
const storeButton = (page: Page) => page.getByRole("link", { name: /^IR A TIENDA/ });

/** The page does not scroll sideways: nothing sticks out of the viewport. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function expectOpensStoreInNewTab(page: Page) {
  const button = storeButton(page);
  expect(await button.getAttribute("href")).toBe(STORE_URL);
  expect(await button.getAttribute("target")).toBe("_blank");
  expect(await button.getAttribute("rel")).toContain("noopener");
  // A click opens the store in another tab and this page stays (the store itself is offline here).
  await page.context().route(`${STORE_URL}/**`, (route) => route.fulfill({ body: "<title>Tienda</title>" }));
  const [tab] = await Promise.all([page.context().waitForEvent("page"), button.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${STORE_URL}/`);
  expect(page.url()).toBe(`${shop.app.baseUrl}/tienda`);
  await tab.close();
}

describe("IR A TIENDA", () => {
  it("on a desktop sits in the header and opens the external store in a new tab", async () => {
    const page = await visit("/tienda", { width: 1280 });
    await headerReady(page);
    expect(await storeButton(page).count()).toBe(1);
    const box = await storeButton(page).boundingBox();
    const header = await page.locator("header").boundingBox();
    expect(box && header && box.y >= header.y && box.y + box.height <= header.y + header.height).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await expectOpensStoreInNewTab(page);
  });

  it("on a phone is in the menu, and the header still fits the screen", async () => {
    const page = await visit("/tienda", { width: 390 });
    await headerReady(page);
    expect(await storeButton(page).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByLabel("Abrir menú").click();
    await storeButton(page).waitFor();
    const box = await storeButton(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    await expectOpensStoreInNewTab(page);
  });
});

describe("book page", () => {
  it("links to the audiobook, in a new tab, only for a book that has one", async () => {
    const login = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { books } = (await fetch(`${shop.app.baseUrl}/api/books?limit=2`).then((r) => r.json())) as {
      books: { id: number }[];
    };
    const [withAudiobook, without] = books;
    if (!withAudiobook || !without) throw new Error("the demo has books");
    const audiobookUrl = "https://audiolibros.example.com/libro/facundo";
    const saved = await fetch(`${shop.app.baseUrl}/api/admin/books/${withAudiobook.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: shop.app.baseUrl, cookie },
      body: JSON.stringify({ audiobookUrl }),
    });
    expect(saved.status, await saved.text()).toBe(200);

    const page = await visit(`/libro/${withAudiobook.id}`, { width: 390 });
    const link = page.getByRole("link", { name: /Escuchá el audiolibro/ });
    expect(await link.getAttribute("href")).toBe(audiobookUrl);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    await expectAccessible(page);

    await page.goto(`${shop.app.baseUrl}/libro/${without.id}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: /Escuchá el audiolibro/ }).count()).toBe(0);
  });
});

describe("toasts", () => {
  /** A book page on a touch phone with the "Agregado al carrito" toast on screen; time stands still. */
  async function withToast(): Promise<Page> {
    const page = await shop.open({ width: 390, hasTouch: true });
    await page.clock.install();
    await page.goto(`${shop.app.baseUrl}/libro/5`);
    await headerReady(page);
    await page
      .getByRole("button", { name: /agregar al carrito/i })
      .first()
      .click();
    await page.getByTestId("toast").getByText("Agregado al carrito").waitFor();
    // The toast would leave by itself after 5 s: stop the clock so only the swipe can take it away.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    return page;
  }

  /** A finger drags across the toast by `dx` px (touch events, as a phone sends them) and lifts. */
  async function swipe(page: Page, dx: number) {
    const box = await page.getByTestId("toast").boundingBox();
    if (!box) throw new Error("the toast is on screen");
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    const touch = await page.context().newCDPSession(page);
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 5; step++) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + (dx * step) / 5, y }] });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await touch.detach();
  }

  it("goes away with a swipe of 60 px", async () => {
    const page = await withToast();
    await swipe(page, 60);
    await page.getByTestId("toast").waitFor({ state: "detached" });
  });

  it("goes away with a 60 px swipe to the left too", async () => {
    const page = await withToast();
    await swipe(page, -60);
    await page.getByTestId("toast").waitFor({ state: "detached" });
  });

  it("stays, back in place, after a swipe of 20 px", async () => {
    const page = await withToast();
    await swipe(page, 20);
    const toast = page.getByTestId("toast");
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).transform)).toBe("none");
    expect(await toast.textContent()).toContain("Agregado al carrito");
    // The close button still works.
    await toast.getByRole("button", { name: "Cerrar aviso" }).click();
    await toast.waitFor({ state: "detached" });
  });
});

describe("home structured data", () => {
  it("lists the home's first 10 books as an ItemList: the carousel's, then the new ones", async () => {
    const page = await visit("/");
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
    const list = blocks.find((block) => block["@type"] === "ItemList");
    expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 10 });
    expect(list.itemListElement).toHaveLength(10);

    const featured = (await fetch(`${shop.app.baseUrl}/api/featured-books`).then((r) => r.json())) as {
      id: number;
      title: string;
    }[];
    const arrivals = await page
      .locator("#new article a[href^='/libro/']")
      .evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")?.split("/").pop())));
    const expected = [...new Set([...featured.map((book) => book.id), ...arrivals])].slice(0, 10);
    // Absolute URLs on the shop's public origin (PUBLIC_URL, here http://localhost:<port>).
    expect(list.itemListElement.map((item: { url: string }) => new URL(item.url).pathname)).toEqual(
      expected.map((id) => `/libro/${id}`),
    );
    expect(list.itemListElement[0]).toMatchObject({ "@type": "ListItem", position: 1, name: featured[0]?.title });
  });
});
