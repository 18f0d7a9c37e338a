import { describe, expect, it } from "vitest";
import { expectAccessible, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { deliveredMails } from "../support/mail-folder";
import { until } from "../support/until";

/**
 * The keys to the shop, first slice (issue 34): the owner invites a staff member from /admin/equipo, the
 * invitation's link (read from the delivered letter) lets them choose a password; staff see only the day's
 * sections, get a 403 in Spanish on Ajustes, its API and exports, and cannot cancel (refund) an order; a
 * removed admin's open session is refused on its next request.
 */
const owner = { email: "duena@rizoma.com.ar", password: "clave-de-la-duena-e2e" };
const staff = { email: "mostrador@rizoma.com.ar", password: "clave-del-mostrador-e2e" };

const shop = browserSuite({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });

describe("the team and its roles", () => {
  it("an owner invites a staff member, who chooses a password with the mailed link and enters with the staff menu", async () => {
    const ownerPage = await shop.open({ width: 1280 });
    await signInAsAdmin(ownerPage, shop.app.baseUrl, owner, "/admin/equipo");
    await expectAccessible(ownerPage);
    await ownerPage.getByLabel("Email", { exact: true }).fill(staff.email);
    await ownerPage.getByLabel("Rol", { exact: true }).selectOption("staff");
    await ownerPage.getByRole("button", { name: "Enviar invitación" }).click();
    await ownerPage.getByText("Invitación enviada").waitFor();
    expect(await ownerPage.getByText(`${staff.email} · Equipo · vence`).count()).toBe(1);

    const letter = await until(
      async () => (await deliveredMails(shop.app.dataDir)).find((mail) => mail.to.includes(staff.email)),
      "the invitation letter",
      30_000,
    );
    expect(letter.subject).toBe("Te invitaron al panel de Rizoma");
    const link = letter.text.match(/https?:\/\/\S+\/admin\/invitacion\?token=[\w-]+/)?.[0];
    if (!link) throw new Error("no link in the invitation");
    const path = new URL(link).pathname + new URL(link).search;

    const staffPage = await shop.open({ width: 390 });
    await staffPage.goto(`${shop.app.baseUrl}${path}`);
    await staffPage.getByRole("heading", { name: "Invitación al panel" }).waitFor();
    await expectAccessible(staffPage);
    await staffPage.getByLabel(/Elegí tu contraseña/).fill(staff.password);
    await staffPage.getByRole("button", { name: "Entrar al panel" }).click();
    await staffPage.waitForURL(`${shop.app.baseUrl}/admin`);
    const menu = staffPage.getByRole("navigation", { name: "Secciones del panel" });
    await menu.getByRole("link", { name: "Pedidos", exact: true }).waitFor();
    for (const hidden of ["Ajustes", "Códigos de Descuento", "Gastos", "Newsletter", "Reportes"]) {
      expect(await menu.getByRole("link", { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    expect(await menu.getByRole("link", { name: "Equipo" }).count()).toBe(1);
    // The dashboard offers no card into an owner's section, and not the audit log's lines.
    await staffPage.getByRole("heading", { name: "Panel Principal" }).waitFor();
    for (const hidden of ["Ver suscriptores", /usos este mes/]) {
      expect(await staffPage.getByRole("link", { name: hidden }).count(), String(hidden)).toBe(0);
    }
    expect(await staffPage.getByRole("heading", { name: "Últimos cambios" }).count()).toBe(0);
    expect(await staffPage.getByRole("link", { name: "Ver correos" }).count()).toBe(1);
    await staffPage.screenshot({ path: "/tmp/admin-staff-390.png", fullPage: true });

    // The link was spent.
    const again = await shop.open({ width: 390 });
    await again.goto(`${shop.app.baseUrl}${path}`);
    await again.getByText(/La invitación no es válida, ya se usó o venció/).waitFor();
  });

  it("staff get a 403 in Spanish on Ajustes, its API, exports and an order's cancellation", async () => {
    const page = await shop.open({ width: 390 });
    await signInAsAdmin(page, shop.app.baseUrl, staff, "/admin/pedidos");
    const ajustes = await page.goto(`${shop.app.baseUrl}/admin/ajustes`);
    expect(ajustes?.status()).toBe(403);
    await page.getByRole("heading", { name: "Esta sección es solo para titulares" }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-forbidden-390.png", fullPage: true });
    for (const path of ["/admin/clientes/exportar", "/admin/ajustes/produccion", "/admin/descuentos"]) {
      const response = await page.goto(`${shop.app.baseUrl}${path}`);
      expect(response?.status(), path).toBe(403);
    }
    const api = await page.evaluate(async () => {
      const settings = await fetch("/api/admin/settings");
      const cancel = await fetch("/api/admin/orders/RZ-000001/cancel", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reason: "prueba" }),
      });
      return { settings: [settings.status, await settings.json()], cancel: cancel.status };
    });
    expect(api.settings).toEqual([
      403,
      { success: false, error: "Tu usuario no tiene permiso para esto: es solo para titulares de la tienda." },
    ]);
    expect(api.cancel).toBe(403);
    shop.acknowledge(page, /status of 403/);
    // What staff run is open to them.
    expect((await page.goto(`${shop.app.baseUrl}/admin/libros`))?.status()).toBe(200);
  });

  it("a removed admin's open session is refused on its next request", async () => {
    const staffPage = await shop.open({ width: 1280 });
    await signInAsAdmin(staffPage, shop.app.baseUrl, staff, "/admin/pedidos");

    const ownerPage = await shop.open({ width: 1280 });
    await signInAsAdmin(ownerPage, shop.app.baseUrl, owner, "/admin/equipo");
    await ownerPage.getByText("Quitar…").click();
    await ownerPage.getByRole("button", { name: `Quitar a ${staff.email}` }).click();
    await ownerPage.getByText("Esa persona ya no es parte del equipo").waitFor();
    await ownerPage.screenshot({ path: "/tmp/admin-team-1280.png", fullPage: true });

    await staffPage.goto(`${shop.app.baseUrl}/admin/libros`);
    await staffPage.waitForURL(/\/admin\/login/);
    const refused = await staffPage.evaluate(async () => (await fetch("/api/admin/orders")).status);
    expect(refused).toBe(401);
    shop.acknowledge(staffPage, /status of 401/);
  });
});
