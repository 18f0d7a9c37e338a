import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { prizeClaims, qrCodes } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, signInAsAdmin, type WatchedPage } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { subscribeInSandbox } from "../support/shop";

const admin = { email: "errores@rizoma.com.ar", password: "clave-de-prueba-errores" };

// NODE_ENV=test: payments go through the built-in Mercado Pago sandbox (a box subscription to pause).
const shop = browserSuite({ NODE_ENV: "test", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

const signIn = (page: Page, path: string) => signInAsAdmin(page, shop.app.baseUrl, admin, path);

/** The tests make the server (or the network) fail on purpose: Chromium logs exactly that failed request. */
function acknowledge(watched: WatchedPage, expected: string[]) {
  expect(watched.errors.splice(0)).toEqual(expected);
}

const navigation = (page: Page) => page.getByRole("navigation", { name: "Secciones del panel" });
const toast = (page: Page) => page.getByTestId("toast");

describe("admin errors", () => {
  it("a page whose data does not arrive shows a Spanish message inside the panel, and the navigation still works", async () => {
    const watched = await shop.watch({ width: 1280 });
    const { page } = watched;
    await signIn(page, "/admin");
    await page.route(/\/admin\/libros\.data/, (route) => route.fulfill({ status: 500, body: "caído" }));
    await navigation(page).getByRole("link", { name: "Libros" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Algo salió mal");
    expect(await page.getByRole("alert").textContent()).toBe(
      "Tuvimos un problema para mostrar esta sección del panel. Probá de nuevo en unos minutos.",
    );
    expect(await page.getByRole("button", { name: "Cerrar sesión" }).isVisible()).toBe(true);
    expect(await page.locator("main").textContent()).not.toContain("caído");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-errors-boundary.png" });
    acknowledge(watched, [
      "Failed to load resource: the server responded with a status of 500 (Internal Server Error)",
    ]);

    // The rest of the panel still works from the same screen.
    await navigation(page).getByRole("link", { name: "Carrusel" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/carousel`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Carrusel");
    // Once the server answers again, the same link shows the list.
    await page.unroute(/\/admin\/libros\.data/);
    await navigation(page).getByRole("link", { name: "Libros" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Libros");
    expect(watched.errors).toEqual([]);
    await page.context().close();
  });

  it("QR: Regenerar says 'No se pudo regenerar el código QR' when the image cannot be made, and works again after", async () => {
    const watched = await shop.watch({ width: 1280 });
    const { page } = watched;
    await signIn(page, "/admin/qr");
    await page.getByLabel("Título del libro").fill("Rayuela");
    await page.getByLabel("Código propio").fill("REGEN1");
    await page.getByRole("button", { name: "Crear código QR" }).click();
    await expect.poll(() => page.getByRole("heading", { name: /¡Éxito! Código REGEN1/ }).count()).toBe(1);

    await page.goto(`${shop.app.baseUrl}/admin/qr?tab=codigos&ver=REGEN1`);
    const dialog = page.getByRole("dialog");
    const image = dialog.getByRole("img", { name: "Código QR de REGEN1" });
    const first = await image.getAttribute("src");
    expect(first).toMatch(/^data:image\/png;base64,/);

    await page.route("**/api/qr/admin/image/REGEN1.png", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"success":false,"error":"Error interno"}',
      }),
    );
    await dialog.getByRole("button", { name: "Regenerar" }).click();
    await expect.poll(() => toast(page).textContent()).toContain("No se pudo regenerar el código QR");
    expect(await image.getAttribute("src")).toBe(first);
    expect(await navigation(page).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-errors-qr.png" });
    acknowledge(watched, [
      "Failed to load resource: the server responded with a status of 500 (Internal Server Error)",
    ]);

    await page.unroute("**/api/qr/admin/image/REGEN1.png");
    await dialog.getByRole("button", { name: "Regenerar" }).click();
    await expect.poll(() => toast(page).textContent()).toContain("QR Regenerado");
    // The server drew the same QR again: the same picture, now fetched by the browser.
    expect(await image.getAttribute("src")).toBe(first);
    expect(watched.errors).toEqual([]);
    await page.context().close();
  });

  it("Caja Rizoma: a refused status change says 'Error al actualizar estado' with the server's reason", async () => {
    // A real subscription, paid in the sandbox.
    const visitor = await shop.watch({ width: 1280 });
    await subscribeInSandbox(visitor.page, shop.app.baseUrl);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();

    const watched = await shop.watch({ width: 1280 });
    const { page } = watched;
    await signIn(page, "/admin/caja");
    const pause = page.getByRole("button", { name: "Pausar la suscripción de Lucía Pérez" });
    // Someone else pauses it first (another admin's tab): this screen still offers "Pausar".
    const [row] = (await (await page.request.get(`${shop.app.baseUrl}/api/caja/subscriptions`)).json()) as {
      id: number;
    }[];
    const other = await page.request.patch(`${shop.app.baseUrl}/api/caja/subscriptions/${row?.id}/status`, {
      data: { status: "paused" },
    });
    expect(other.status()).toBe(200);
    await pause.click();
    await expect
      .poll(() => toast(page).textContent())
      .toContain("Error al actualizar estado: Solo se puede pausar una suscripción activa o reactivar una pausada");
    expect(await navigation(page).isVisible()).toBe(true);
    acknowledge(watched, ["Failed to load resource: the server responded with a status of 409 (Conflict)"]);

    // A server error without a reason: the spec's message alone.
    await page.reload();
    await page.route("**/api/caja/subscriptions/*/status", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Reactivar la suscripción de Lucía Pérez" }).click();
    await expect
      .poll(() => page.getByTestId("toast").locator("p").allTextContents())
      .toEqual(["Error", "Error al actualizar estado"]);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-errors-caja.png" });
    acknowledge(watched, [
      "Failed to load resource: the server responded with a status of 500 (Internal Server Error)",
    ]);
    await page.context().close();
  });

  // Last, since it leaves the database broken: each list's own query fails in the database itself.
  it("lists the database cannot read: each page says so in its place, and the rest of the page and the panel stay", async () => {
    await shop.app.stop();
    const env = shop.app.env;
    const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR ?? "");
    const [code] = await database.db.insert(qrCodes).values({ code: "ROTO1", bookTitle: "Facundo" }).returning();
    await database.db.insert(prizeClaims).values({
      qrCodeId: code?.id ?? 0,
      name: "Marta Gómez",
      email: "marta@example.com",
      dni: "30123456",
      phone: "1155551234",
    });
    // Columns the admin book list, the carousel and the winners read, and nothing else the panel needs.
    await database.db.execute(sql.raw("ALTER TABLE books RENAME COLUMN featured_order TO featured_order_gone"));
    await database.db.execute(sql.raw("ALTER TABLE prize_claims RENAME COLUMN dni TO dni_gone"));
    await database.close();
    shop.app = await startApp(shop.env);

    const { page, errors } = await shop.watch({ width: 1280 });
    await signIn(page, "/admin/libros");
    expect(await page.getByRole("alert").textContent()).toBe("ErrorError al cargar libros");
    expect(await page.getByRole("search", { name: "Buscar libros del catálogo" }).isVisible()).toBe(true);
    expect(await navigation(page).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-errors-libros.png" });

    await navigation(page).getByRole("link", { name: "Carrusel" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/carousel`);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("ErrorNo se pudieron cargar los libros");
    expect(await page.getByRole("button", { name: "Agregar" }).count()).toBe(0);

    await navigation(page).getByRole("link", { name: "Códigos QR" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/qr`);
    await page.getByRole("link", { name: "Ganadores" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("ErrorNo se pudieron cargar los ganadores");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-errors-ganadores.png" });
    // The codes do not depend on the winners.
    await page.getByRole("link", { name: /^Códigos QR \(/ }).click();
    await expect.poll(() => page.locator("main ul").textContent()).toContain("ROTO1");
    expect(await page.getByRole("alert").count()).toBe(0);

    expect(shop.app.output()).toContain("page part failed, shown without it");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
