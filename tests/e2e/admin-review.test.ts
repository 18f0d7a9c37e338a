import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * Issue 34's review of the admin: on a phone (390 px) the book list and the reports pass axe (the
 * reports' wide tables scroll inside boxes a keyboard can reach), and the gate cannot be walked around by
 * writing an admin address in another case or with escaped letters.
 */
const admin = { email: "revision@rizoma.com.ar", password: "clave-de-la-revision" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

describe("the admin on a phone", () => {
  it("/admin/libros and /admin/reportes pass axe at 390 px", async () => {
    const { page, errors } = await shop.watch({ width: 390, height: 844 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/libros");
    await hydrated(page);
    await expectAccessible(page);

    await page.goto(`${shop.app.baseUrl}/admin/reportes`);
    await hydrated(page);
    await expect.poll(() => page.locator("table").count()).toBeGreaterThan(0);
    await expectAccessible(page);
    // A scrollable table box is reached with Tab and says what it holds.
    const box = page.locator("[data-scroll-region]").first();
    expect(await box.getAttribute("tabindex")).toBe("0");
    // Named by its table's caption, which says what it holds.
    const caption = (await box.locator("caption").textContent()) ?? "";
    expect(caption.trim()).not.toBe("");
    expect(await box.getAttribute("aria-label")).toBe(caption);
    expect(errors).toEqual([]);
  });
});

describe("the admin gate, whatever the case of the address", () => {
  const pages = ["/ADMIN", "/Admin/ajustes", "/ADMIN/AJUSTES", "/admin/Libros", "/%61dmin/ajustes", "/adm%49n/pedidos"];
  const apis = ["/API/ADMIN/books", "/Api/Admin/books", "/api/ADMIN/expenses", "/API/Caja/stats", "/api/%61dmin/books"];

  it("sends an anonymous visitor of a mixed-case admin page to the sign-in", async () => {
    for (const url of pages) {
      const page = await fetch(`${shop.app.baseUrl}${url}`, { redirect: "manual" });
      expect(page.status, url).toBe(303);
      expect(page.headers.get("location"), url).toMatch(/^\/admin\/login/);
      expect(page.headers.get("x-frame-options"), url).toBe("DENY");
    }
  });

  it("answers 401 to an anonymous call of a mixed-case admin API", async () => {
    for (const url of apis) {
      for (const method of ["GET", "POST"]) {
        const response = await fetch(`${shop.app.baseUrl}${url}`, {
          method,
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        expect(response.status, `${method} ${url}`).toBe(401);
        expect(await response.json()).toEqual({ success: false, error: "Necesitás iniciar sesión como administrador" });
      }
    }
  });

  it("still serves the sign-in page to anyone, in any case", async () => {
    for (const url of ["/admin/login", "/ADMIN/Login"]) {
      const login = await fetch(`${shop.app.baseUrl}${url}`, { redirect: "manual" });
      expect(login.status, url).toBe(200);
    }
  });
});
