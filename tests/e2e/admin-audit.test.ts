import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { auditLog } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

/**
 * /admin/auditoria as the owner reads it: who did what, when and from where, filtered by person, kind and
 * days without JavaScript, paged, on a phone and a desktop; and an export the admin downloads shows up at
 * the top. The older lines (a colleague's sign-ins among them) are written straight into the database.
 */
const admin = { email: "auditoria@rizoma.com.ar", password: "clave-de-prueba-auditoria" };
const COLLEAGUE = "mostrador@rizoma.com.ar";

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  {
    async beforeStart(env) {
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      // Sixty book edits in January 2026 (more than a page), then a colleague's failed and good sign-in.
      await database.db.insert(auditLog).values([
        ...Array.from({ length: 60 }, (_, index) => ({
          at: new Date(Date.UTC(2026, 0, 5, 12, index)),
          adminEmail: COLLEAGUE,
          action: "book.update",
          entity: "book",
          entityId: String(index + 1),
          summary: `Editó el libro «Libro ${index + 1}»`,
        })),
        {
          at: new Date("2026-02-10T13:00:00Z"),
          adminEmail: COLLEAGUE,
          action: "admin.login.failed",
          entity: "admin",
          summary: "Intentó ingresar con una contraseña incorrecta",
          details: { ip: "2001:db8:abcd:12::1" },
        },
        {
          at: new Date("2026-02-10T13:01:00Z"),
          adminEmail: COLLEAGUE,
          action: "admin.login",
          entity: "admin",
          summary: "Ingresó al panel",
          details: { ip: "2001:db8:abcd:12::1" },
        },
      ]);
      await database.close();
    },
  },
);

async function signedIn(options: PageOptions, path = "/admin/auditoria"): Promise<Page> {
  const page = await shop.open(options);
  await signInAsAdmin(page, shop.app.baseUrl, admin, path);
  if (options?.javaScriptEnabled !== false) await hydrated(page);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Auditoría");
  return page;
}

const rows = (page: Page) => page.getByTestId("audit-row");
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390);

describe("/admin/auditoria", () => {
  it("shows an export at the top with who and where from, and filters by kind", async () => {
    const page = await signedIn({ width: 1280 });
    const nav = page.getByRole("navigation", { name: "Secciones del panel" });
    expect(await nav.getByRole("link", { name: "Auditoría" }).getAttribute("aria-current")).toBe("page");
    expect(await rows(page).count()).toBe(50);
    await expectAccessible(page);

    const download = await page.request.get(`${shop.app.baseUrl}/admin/clientes/exportar`);
    expect(download.status()).toBe(200);
    await page.reload();
    const top = rows(page).first();
    const text = (await top.textContent()) ?? "";
    expect(text).toMatch(/Exportó los clientes \(CSV, \d+ filas?\)/);
    expect(text).toContain(admin.email);
    expect(text).toContain("customer.export");
    expect(text).toMatch(/Desde la IP (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);

    await page.getByLabel("Qué").selectOption({ label: "Ingresos al panel" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/grupo=ingresos/);
    // The colleague's two seeded lines, and this admin's own sign-ins (the shop records every one).
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);
    const texts = await rows(page).allTextContents();
    expect(texts.every((line) => line.includes("admin.login"))).toBe(true);
    expect(texts.filter((line) => line.includes("Desde la IP 2001:db8:abcd:12::1"))).toHaveLength(2);
    expect(texts.some((line) => line.includes("admin.login.failed"))).toBe(true);
    expect(texts.some((line) => line.includes(admin.email) && line.includes("Entró al panel"))).toBe(true);
    await expectAccessible(page);
  });

  it("filters by person and days, pages, and ignores a bad value with a notice, on a phone without JavaScript", async () => {
    const page = await signedIn({ width: 390, javaScriptEnabled: false });
    expect(await fitsPhone(page)).toBe(true);

    await page.getByLabel("Quién").selectOption(COLLEAGUE);
    await page.getByLabel("Desde").fill("2026-01-05");
    await page.getByLabel("Hasta").fill("2026-01-05");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/desde=2026-01-05/);
    expect(await page.getByText("60 movimientos con estos filtros.").count()).toBe(1);
    expect(await rows(page).count()).toBe(50);
    expect(await rows(page).first().textContent()).toContain("Editó el libro «Libro 60»");
    expect(await fitsPhone(page)).toBe(true);

    await page.getByRole("link", { name: "Siguiente" }).click();
    await page.waitForURL(/pagina=2/);
    expect(await rows(page).count()).toBe(10);
    expect(await rows(page).last().textContent()).toContain("Editó el libro «Libro 1»");
    expect(new URL(page.url()).searchParams.get("email")).toBe(COLLEAGUE);

    const { status } = await page
      .goto(`${shop.app.baseUrl}/admin/auditoria?desde=2026-02-31&grupo=nada`)
      .then((response) => ({ status: response?.status() }));
    expect(status).toBe(200);
    const notice = (await page.getByRole("alert").textContent()) ?? "";
    expect(notice).toContain("Dejamos de lado algunos filtros");
    expect(notice).toContain("La fecha «Desde» no es un día válido");
    expect(notice).toContain("Ese tipo de movimiento no existe");
    expect(await rows(page).count()).toBe(50);
    expect(await fitsPhone(page)).toBe(true);
  });

  it("passes axe at 390 px, with the filters open and with a notice", async () => {
    const page = await signedIn({ width: 390 });
    expect(await fitsPhone(page)).toBe(true);
    await expectAccessible(page);
    await page.goto(`${shop.app.baseUrl}/admin/auditoria?email=${encodeURIComponent(COLLEAGUE)}&pagina=abc`);
    await hydrated(page);
    expect(await page.getByRole("alert").textContent()).toContain("Esa página no existe");
    expect(await fitsPhone(page)).toBe(true);
    await expectAccessible(page);
  });
});
