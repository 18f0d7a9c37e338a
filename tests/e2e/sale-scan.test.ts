import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { books } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, fakeCameraArgs, hydrated, launchBrowser, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * Issue 35 at the counter: on /admin/venta at a phone's width, "Escanear" opens the camera (Chromium's fake
 * camera filming tests/fixtures/isbn-9789871234561.y4m) and the book whose ISBN that is, stored with
 * hyphens, lands in the sale once. The scanner alone is tested in tests/e2e/barcode-scanner.test.ts.
 */
const admin = { email: "mostrador@rizoma.com.ar", password: "clave-de-prueba-mostrador" };
const TITLE = "Cartografías del mostrador";
const cameraFile = path.resolve(import.meta.dirname, "../fixtures/isbn-9789871234561.y4m");

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

describe("scanning a book at the counter", () => {
  const shop = browserSuite(
    { NODE_ENV: "test", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    {
      async beforeStart(env) {
        // The first start migrates and loads the demo; the book with the fixture's ISBN is written here.
        const first = await startApp(env);
        await first.stop();
        const database = await openDatabase(env);
        await database.db.insert(books).values({
          title: TITLE,
          author: "Rizoma",
          slug: "cartografias-del-mostrador",
          isbn: "978-987-1234-56-1",
          priceCents: 1_850_000,
          stock: 3,
        });
        await database.close();
      },
    },
  );

  // This file's browser films the fixture instead of Chromium's default test pattern.
  beforeAll(async () => {
    await shop.browser.close();
    shop.browser = await launchBrowser({ extraArgs: fakeCameraArgs(cameraFile) });
  });

  it("«Escanear» reads the ISBN off the camera and puts the book in the sale once", async () => {
    const page = await shop.open({ width: 390, height: 844, hasTouch: true });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/venta");
    await hydrated(page);
    await page.getByRole("button", { name: "Escanear" }).click();
    const scanner = page.getByRole("dialog", { name: "Escanear código" });
    await expect.poll(() => scanner.getByText("Leímos 9789871234561").count()).toBe(1);
    await expectAccessible(page);
    await scanner.getByRole("button", { name: "Cerrar" }).click();
    await scanner.waitFor({ state: "detached" });

    const sale = page.getByRole("list", { name: "Libros de la venta" });
    await expect.poll(() => sale.getByRole("listitem", { name: TITLE }).count()).toBe(1);
    expect(await sale.getByRole("listitem").count()).toBe(1);
    expect(await page.getByLabel(`Ejemplares de «${TITLE}»`).textContent()).toBe("1");
  });
});
