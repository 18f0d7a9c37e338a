import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

const admin = { email: "pedidos@rizoma.com.ar", password: "clave-de-prueba-pedidos" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

const open = (options: PageOptions = {}) => shop.open(options);

const signIn = (page: Page, path: string) => signInAsAdmin(page, shop.app.baseUrl, admin, path);

interface OutboxMessage {
  template: string;
  to: string;
  subject: string;
}

async function outbox(page: Page): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${shop.app.baseUrl}/api/admin/mail`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

describe("special orders", () => {
  it("a visitor asks for an out-of-stock book from a phone; the admin quotes it and replies", async () => {
    const page = await open({ width: 390, height: 844 });
    await page.goto(`${shop.app.baseUrl}/tienda?search=${encodeURIComponent("Don Segundo Sombra")}`);
    await hydrated(page, '[data-testid="book-card"] a[href^="/pedidos-especiales"]');
    const card = page
      .getByTestId("book-card")
      .filter({ has: page.getByRole("heading", { name: "Don Segundo Sombra", exact: true }) });
    await card.getByRole("link", { name: /^ORDENAR 72HS/ }).click();

    const dialog = page.getByRole("dialog");
    await expect.poll(() => page.getByRole("dialog", { name: "Pedinos un libro" }).isVisible()).toBe(true);
    expect(await dialog.getByLabel("Título del libro").inputValue()).toBe("Don Segundo Sombra");
    expect(await dialog.getByLabel(/^Autor\/a/).inputValue()).toBe("Ricardo Güiraldes");
    await expectAccessible(page);
    await dialog.getByLabel("Nombre").fill("Mariana López");
    await dialog.getByLabel("Email").fill("mariana@example.com");
    await dialog.getByLabel(/^Teléfono/).fill("12");
    await dialog.getByRole("button", { name: "ENVIAR PEDIDO" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("El teléfono no es válido: incluí el código de área (por ejemplo 11 5555-1234)");
    shop.acknowledge(page, /status of 400/);
    expect(await dialog.getByLabel(/^Teléfono/).evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByLabel(/^Teléfono/).fill("11 5555-1234");
    await dialog.getByLabel(/^Nota/).fill("La edición de Losada, si se consigue.");
    await dialog.getByRole("button", { name: "ENVIAR PEDIDO" }).click();
    const thanks = dialog.getByRole("status");
    await expect.poll(() => thanks.getByRole("heading", { name: "¡Recibimos tu pedido especial!" }).count()).toBe(1);
    expect(await thanks.textContent()).toContain("Los pedidos nacionales llegan en hasta 72 horas hábiles.");
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const adminPage = await open({ width: 1280 });
    await signIn(adminPage, "/admin/pedidos-especiales");
    await expectAccessible(adminPage);
    const row = adminPage.getByRole("link").filter({ hasText: "Don Segundo Sombra" });
    expect(await row.textContent()).toContain("mariana@example.com");
    expect(await row.textContent()).toContain("Nuevo");
    await row.click();
    await adminPage.waitForURL(/\/admin\/pedidos-especiales\/\d+$/);
    await expect.poll(() => adminPage.getByText("11 5555-1234").count()).toBe(1);
    await adminPage.getByLabel("Pasar a").selectOption("cotizado");
    await adminPage.getByRole("button", { name: "Cambiar estado" }).click();
    await expect.poll(() => adminPage.getByText("El estado del pedido cambió").count()).toBe(1);
    expect(await adminPage.getByText("Cotizado", { exact: true }).count()).toBe(1);
    await adminPage
      .getByLabel(/^Respuesta para/)
      .fill("¡Hola Mariana! Lo conseguimos: sale $ 21.500 y llega el jueves.");
    await adminPage.getByRole("button", { name: "Enviar respuesta por email" }).click();
    await expect.poll(() => adminPage.getByText("La respuesta salió a la cola de correos").count()).toBe(1);
    expect(await adminPage.getByLabel(/^Respuesta para/).inputValue()).toBe("");
    const history = adminPage.getByRole("list", { name: "Historial de respuestas" });
    expect(await history.textContent()).toContain("Lo conseguimos: sale $ 21.500");
    await expectAccessible(adminPage);

    const messages = await outbox(adminPage);
    const toVisitor = messages.filter((message) => message.to === "mariana@example.com");
    expect(toVisitor.map((message) => message.template).sort()).toEqual([
      "special-order-received",
      "special-order-reply",
    ]);
    expect(messages.filter((message) => message.template === "special-order-shop")).toHaveLength(1);

    await adminPage.goto(`${shop.app.baseUrl}/admin`);
    const figure = adminPage.getByRole("listitem").filter({ hasText: "Pedidos especiales nuevos" });
    expect(await figure.textContent()).toContain("1 abiertos");
    await adminPage.goto(`${shop.app.baseUrl}/admin/pedidos-especiales?estado=cotizado`);
    expect(await adminPage.getByRole("link").filter({ hasText: "Don Segundo Sombra" }).count()).toBe(1);
  });

  it("the home section's button opens the same form; the page works without JavaScript", async () => {
    const home = await open({ width: 390, height: 844 });
    await home.goto(`${shop.app.baseUrl}/#pedidos`);
    const button = home.locator("#pedidos").getByRole("link", { name: "HACER UN PEDIDO" });
    expect(await button.getAttribute("href")).toBe("/pedidos-especiales");
    await hydrated(home, '#pedidos a[href="/pedidos-especiales"]');
    await button.click();
    const dialog = home.getByRole("dialog", { name: "Pedinos un libro" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Título del libro").inputValue()).toBe("");
    expect(await dialog.getByLabel("Título del libro").evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    await home.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(home.url()).toBe(`${shop.app.baseUrl}/#pedidos`);

    const page = await open({ width: 390, javaScriptEnabled: false });
    const bookId = await fetch(`${shop.app.baseUrl}/api/books?limit=100`)
      .then((r) => r.json())
      .then(
        ({ books }) => (books as { id: number; title: string }[]).find((b) => b.title === "Don Segundo Sombra")?.id,
      );
    await page.goto(`${shop.app.baseUrl}/pedidos-especiales?libro=${bookId}`);
    expect(await page.getByLabel("Título del libro").inputValue()).toBe("Don Segundo Sombra");
    await page.getByLabel("Título del libro").fill("Los sorias");
    await page.getByLabel(/^Autor\/a/).fill("Alberto Laiseca");
    await page.getByLabel("Edición internacional").check();
    await page.getByLabel("Nombre").fill("Tomás");
    await page.getByLabel("Email").fill("tomas@ejemplo");
    await page.getByRole("button", { name: "ENVIAR PEDIDO" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Ingresá un email válido");
    expect(await page.getByLabel("Título del libro").inputValue()).toBe("Los sorias");
    expect(await page.getByLabel("Edición internacional").isChecked()).toBe(true);
    await page.getByLabel("Email").fill("tomas@example.com");
    await page.getByRole("button", { name: "ENVIAR PEDIDO" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/pedidos-especiales?enviado=international`);
    expect(await page.getByRole("heading", { name: "¡Recibimos tu pedido especial!" }).count()).toBe(1);
    expect(await page.getByRole("status").textContent()).toContain("15 días hábiles o más");

    // axe needs JavaScript: the same page and its thank-you state, checked with it on.
    const js = await open({ width: 1280 });
    for (const path of ["/pedidos-especiales", "/pedidos-especiales?enviado=international"]) {
      await js.goto(`${shop.app.baseUrl}${path}`);
      await hydrated(js);
      await expectAccessible(js);
    }
  });

  it("the API: 201, 400 with the field, 429 past the limit; admin APIs 401 signed out, status flow, replies, Origin", async () => {
    const post = (body: unknown) =>
      fetch(`${shop.app.baseUrl}/api/special-orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await post({ bookTitle: "Zama", name: "Ana", email: "ana@example.com", scope: "national" });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      success: true,
      message: expect.stringContaining("72 horas hábiles"),
    });
    const bad = await post({ bookTitle: "Zama", name: "Ana", email: "ana@example.com", scope: "lunar" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error: "Elegí si el pedido es nacional o internacional",
      field: "scope",
    });
    for (const url of ["/api/admin/special-orders", "/api/admin/special-orders/1"]) {
      expect((await fetch(`${shop.app.baseUrl}${url}`)).status).toBe(401);
    }
    const reply = await fetch(`${shop.app.baseUrl}/api/admin/special-orders/1/replies`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Hola" }),
    });
    expect(reply.status).toBe(401);

    // Signed in: list, detail, status change (checked against the flow), reply; a foreign Origin is refused.
    const login = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(admin),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const call = (url: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${shop.app.baseUrl}${url}`, {
        method,
        headers: { cookie, "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const list = await (await call("/api/admin/special-orders?buscar=zama")).json();
    expect(list.specialOrders).toHaveLength(1);
    const id = list.specialOrders[0].id as number;
    expect(list.specialOrders[0]).toMatchObject({ bookTitle: "Zama", status: "nuevo", scope: "national" });
    const moved = await call(`/api/admin/special-orders/${id}`, "PATCH", {
      status: "encargado",
      adminNotes: "Pedido a Eterna Cadencia",
    });
    expect(await moved.json()).toMatchObject({ success: true, specialOrder: { status: "encargado" } });
    const back = await call(`/api/admin/special-orders/${id}`, "PATCH", { status: "cotizado" });
    expect(back.status).toBe(409);
    expect(await back.json()).toEqual({ success: false, error: "Un pedido encargado no puede pasar a cotizado" });
    const empty = await call(`/api/admin/special-orders/${id}/replies`, "POST", { message: " " });
    expect(await empty.json()).toEqual({ success: false, error: "Escribí la respuesta" });
    const sent = await call(`/api/admin/special-orders/${id}/replies`, "POST", { message: "Llega el lunes." });
    expect(sent.status).toBe(201);
    const foreign = await call(
      `/api/admin/special-orders/${id}/replies`,
      "POST",
      { message: "x" },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    const detail = await (await call(`/api/admin/special-orders/${id}`)).json();
    expect(detail.replies.map((r: { body: string }) => r.body)).toEqual(["Llega el lunes."]);
    expect((await call("/api/admin/special-orders/999999")).status).toBe(404);

    // The per-address limit (10 an hour by default): past it, 429 in Spanish and nothing stored.
    const statuses: number[] = [];
    let refused: unknown = null;
    for (let i = 0; i < 11; i++) {
      const response = await post({
        bookTitle: `Libro ${i}`,
        name: "Ana",
        email: "ana@example.com",
        scope: "national",
      });
      statuses.push(response.status);
      if (response.status === 429) refused = await response.json();
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    expect(refused).toEqual({
      success: false,
      error: "Recibimos muchos pedidos desde tu conexión. Probá de nuevo en un rato o escribinos por WhatsApp.",
    });
  });
});
