import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { deliveredMails } from "../support/mail-folder";
import { saleBooks } from "../support/shop";
import { until } from "../support/until";

const admin = { email: "lista@rizoma.com.ar", password: "clave-de-prueba-lista" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

let books: { id: number; title: string }[] = [];
beforeAll(async () => {
  books = await saleBooks(shop.app, 4);
});

/** The 6-digit code of the newest sign-in letter to `email`, as its reader finds it (DATA_DIR/mail). */
async function signInCode(email: string): Promise<string> {
  return until(async () => {
    const letters = (await deliveredMails(shop.app.dataDir)).filter(
      (mail) => mail.to.includes(email) && /código para entrar/.test(mail.subject),
    );
    return /Tu código para entrar a Rizoma: (\d{6})\./.exec(letters.at(-1)?.text ?? "")?.[1];
  }, `the sign-in code for ${email}`);
}

/** A session cookie for `email`, signed in through the API (code from the outbox). */
async function sessionCookie(email: string): Promise<{ name: string; value: string; url: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${shop.app.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.app.baseUrl },
      body: JSON.stringify(body),
    });
  expect((await post("/api/cuenta/codigo", { email })).status).toBe(200);
  const signedIn = await post("/api/cuenta/ingresar", { email, code: await signInCode(email) });
  expect(signedIn.status).toBe(200);
  const [name, value] = (signedIn.headers.get("set-cookie") ?? "").split(";")[0]?.split("=") ?? [];
  expect(name).toBe("rizoma_cuenta");
  return { name: name ?? "", value: value ?? "", url: shop.app.baseUrl };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The book's heart button, whichever state it is in (its name says what pressing it does). */
const heart = (page: Page, title: string) =>
  page
    .getByRole("button", {
      name: new RegExp(`^(Agregar «${escaped(title)}» a|Quitar «${escaped(title)}» de) Quiero leerlo$`),
    })
    .first();
const pressed = (page: Page, title: string) => heart(page, title).getAttribute("aria-pressed");
const card = (page: Page, title: string) =>
  page.getByTestId("book-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
/** Presses a heart and waits for the server's answer to its post, so a reload or the next press sees it. */
async function press(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cuenta/quiero-leer"),
  );
  await button.click();
  expect((await answered).ok()).toBe(true);
}
const search = (title: string) => `/tienda?search=${encodeURIComponent(title)}`;

describe("Quiero leerlo", () => {
  it("a visitor's heart leads through sign-in; hearts on the shop and the book page fill the list; the share link shows it read-only", async () => {
    const [first, second, third] = books as [(typeof books)[0], (typeof books)[0], (typeof books)[0]];
    const email = "lectora@example.com";
    const page = await shop.open({ width: 1280 });

    // A visitor presses the heart on a book page: sign in, and the book is in the list.
    await page.goto(`${shop.app.baseUrl}/libro/${first.id}`);
    await hydrated(page);
    expect(await pressed(page, first.title)).toBe("false");
    await heart(page, first.title).click();
    await page.waitForURL(/\/cuenta\/ingresar\?volver=/);
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Enviarme el código" }).click();
    await page.getByLabel("Código").fill(await signInCode(email));
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${shop.app.baseUrl}/cuenta/quiero-leer?agregado=${first.id}`);
    await expect.poll(() => page.getByText(`Agregamos «${first.title}» a tu lista.`).count()).toBe(1);
    expect(await card(page, first.title).count()).toBe(1);

    // On the shop, with JavaScript: the heart fills at once and stays filled after a reload.
    await page.goto(`${shop.app.baseUrl}${search(second.title)}`);
    await hydrated(page, '[data-testid="wishlist-heart"]');
    await press(
      page,
      card(page, second.title).getByRole("button", { name: `Agregar «${second.title}» a Quiero leerlo` }),
    );
    await expect
      .poll(() => card(page, second.title).getByTestId("wishlist-heart").getAttribute("aria-pressed"))
      .toBe("true");
    expect(page.url()).toBe(`${shop.app.baseUrl}${search(second.title)}`);
    await page.reload();
    expect(await card(page, second.title).getByTestId("wishlist-heart").getAttribute("aria-pressed")).toBe("true");

    // On the book page: add, take out, add again.
    await page.goto(`${shop.app.baseUrl}/libro/${third.id}`);
    await hydrated(page, '[data-testid="wishlist-heart"]');
    await press(page, heart(page, third.title));
    await expect.poll(() => pressed(page, third.title)).toBe("true");
    await press(page, heart(page, third.title));
    await expect.poll(() => pressed(page, third.title)).toBe("false");
    await press(page, heart(page, third.title));
    await expect.poll(() => pressed(page, third.title)).toBe("true");

    // The list, newest first; accessible at both widths.
    await page.goto(`${shop.app.baseUrl}/cuenta/quiero-leer`);
    await hydrated(page);
    const titles = () => page.getByTestId("wishlist").getByRole("heading", { level: 3 }).allTextContents();
    expect(await titles()).toEqual([third.title, second.title, first.title]);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Share it: the link, a copy button, and the read-only page for anyone with it.
    await page.getByRole("button", { name: "Crear enlace para compartir" }).click();
    const link = page.getByLabel("Enlace de tu lista");
    await expect.poll(() => link.count()).toBe(1);
    const url = await link.inputValue();
    expect(url).toMatch(/\/quiero-leer\/[\w-]{24}$/);
    const token = url.slice(-24);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: shop.app.baseUrl });
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    await expect.poll(() => page.locator("#compartir [role=status]").textContent()).toContain("¡Copiado!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page);

    const { page: friend, status } = await shop.visit(`/quiero-leer/${token}`);
    expect(status).toBe(200);
    expect(await friend.getByRole("heading", { level: 1 }).textContent()).toBe("Lista de lecturas");
    const sharedTitles = await friend
      .getByTestId("shared-wishlist")
      .getByRole("heading", { level: 3 })
      .allTextContents();
    expect(sharedTitles).toEqual([third.title, second.title, first.title]);
    expect(await friend.getByRole("button", { name: /Quitar de la lista/ }).count()).toBe(0);
    expect(await friend.content()).not.toContain(email);
    // The friend's own hearts: not signed in, all empty.
    expect(await friend.locator('[aria-pressed="true"]').count()).toBe(0);
    expect(await friend.locator('meta[name="robots"]').first().getAttribute("content")).toContain("noindex");

    // "Dejar de compartir": the old link is gone.
    await page.getByRole("button", { name: "Dejar de compartir" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Crear enlace para compartir" }).count()).toBe(1);
    const gone = await friend.goto(`${shop.app.baseUrl}/quiero-leer/${token}`);
    expect(gone?.status()).toBe(404);
    expect(await friend.getByRole("heading", { level: 1 }).textContent()).toBe("Esta lista no está disponible");
    shop.acknowledge(friend, /status of 404/);
  });

  it("works without JavaScript: the heart's form toggles and comes back; the list's button takes it out", async () => {
    const book = books[3] as (typeof books)[0];
    const page = await shop.open({ width: 390, height: 844, javaScriptEnabled: false });
    await page.context().addCookies([await sessionCookie("sin-js@example.com")]);
    await page.goto(`${shop.app.baseUrl}${search(book.title)}`);
    await card(page, book.title)
      .getByRole("button", { name: `Agregar «${book.title}» a Quiero leerlo` })
      .click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe("/tienda");
    expect(new URL(page.url()).searchParams.get("search")).toBe(book.title);
    expect(await card(page, book.title).getByTestId("wishlist-heart").getAttribute("aria-pressed")).toBe("true");

    await page.goto(`${shop.app.baseUrl}/cuenta/quiero-leer`);
    expect(await card(page, book.title).count()).toBe(1);
    await page.getByRole("button", { name: "Crear enlace para compartir" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByLabel("Enlace de tu lista").inputValue()).toMatch(/\/quiero-leer\/[\w-]{24}$/);
    expect(await page.getByRole("button", { name: "Copiar enlace" }).count()).toBe(0);
    await page.getByRole("button", { name: new RegExp(`^Quitar de la lista\\s*: ${escaped(book.title)}$`) }).click();
    await page.waitForLoadState("load");
    expect(await page.getByText("Todavía no guardaste ningún libro.").count()).toBe(1);
  });

  it("serves the same empty hearts to every visitor from the cache; a signed-in reader's page is their own", async () => {
    const book = books[0] as (typeof books)[0];
    const cookie = await sessionCookie("cache@example.com");
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${shop.app.baseUrl}${search(book.title)}`, { headers });
    const reader = { cookie: `${cookie.name}=${cookie.value}` };
    const added = await fetch(`${shop.app.baseUrl}/cuenta/quiero-leer`, {
      method: "POST",
      headers: { ...reader, "content-type": "application/x-www-form-urlencoded", origin: shop.app.baseUrl },
      body: new URLSearchParams({ intent: "toggle", bookId: String(book.id), volver: "/tienda" }),
      redirect: "manual",
    });
    expect(added.status).toBe(303);

    for (const visit of [await get(), await get()]) {
      const html = await visit.text();
      expect(html).toContain('aria-pressed="false"');
      expect(html).not.toContain('aria-pressed="true"');
    }
    const own = await get(reader);
    expect(own.headers.get("x-cache")).toBe("BYPASS");
    expect(await own.text()).toContain('aria-pressed="true"');
    const after = await get();
    expect(after.headers.get("x-cache")).toBe("HIT");
    expect(await after.text()).not.toContain('aria-pressed="true"');
  });
});
