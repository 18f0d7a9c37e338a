import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminCookie } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { saleBooks, setStock } from "../support/shop";

const admin = { email: "avisos@rizoma.com.ar", password: "clave-de-prueba-avisos" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

interface OutboxMessage {
  to: string;
  subject: string;
  headers: Record<string, string>;
}

async function outbox(cookie: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${shop.app.baseUrl}/api/admin/mail`, { headers: { cookie } });
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The book page's alert form: fill the address and press "Avisame cuando vuelva". */
async function askForAlert(page: Page, email: string) {
  const form = page.getByRole("region", { name: "Avisame cuando vuelva" });
  await form.getByLabel("Tu email").fill(email);
  await form.getByRole("button", { name: "Avisame cuando vuelva" }).click();
  return form;
}

describe("Avisame cuando vuelva", () => {
  it("three visitors ask on an out-of-stock book; the admin sets stock 5 → exactly three e-mails", async () => {
    const cookie = await adminCookie(shop.app, admin);
    const [book] = await saleBooks(shop.app, 1);
    if (!book) throw new Error("no book");
    await setStock(shop.app, cookie, book.id, 0);
    const path = `/libro/${book.id}`;
    const done = (email: string) => `Listo: te avisamos a ${email} cuando vuelva a haber stock.`;

    // A phone with JavaScript: a fetcher, the page stays where it is.
    const phone = await shop.open({ width: 390, height: 844 });
    await phone.goto(`${shop.app.baseUrl}${path}`);
    await hydrated(phone, "form input[name='intent']");
    await expectAccessible(phone);
    const phoneForm = await askForAlert(phone, "Ana@Example.com");
    await expect.poll(() => phoneForm.getByRole("status").textContent()).toBe(done("ana@example.com"));
    expect(new URL(phone.url()).pathname).toBe(path);
    await expectAccessible(phone);

    // A desktop: a bad address first, then a good one.
    const desktop = await shop.open({ width: 1280 });
    await desktop.goto(`${shop.app.baseUrl}${path}`);
    await hydrated(desktop, "form input[name='intent']");
    const desktopForm = desktop.getByRole("region", { name: "Avisame cuando vuelva" });
    await desktopForm.getByLabel("Tu email").fill("bruno@");
    await desktopForm.getByLabel("Tu email").evaluate((input) => input.removeAttribute("type"));
    await desktopForm.getByRole("button", { name: "Avisame cuando vuelva" }).click();
    await expect.poll(() => desktopForm.getByRole("alert").textContent()).toBe("Ingresá un email válido");
    shop.acknowledge(desktop, /status of 400/);
    await askForAlert(desktop, "bruno@example.com");
    await expect.poll(() => desktopForm.getByRole("status").textContent()).toBe(done("bruno@example.com"));

    // Without JavaScript: a plain POST to the book page, the answer in the page that comes back.
    const noScript = await shop.open({ width: 390, javaScriptEnabled: false });
    await noScript.goto(`${shop.app.baseUrl}${path}`);
    await askForAlert(noScript, "carla@example.com");
    await noScript.getByRole("status").filter({ hasText: "carla@example.com" }).waitFor();
    expect(await noScript.getByRole("status").filter({ hasText: "Listo:" }).textContent()).toBe(
      done("carla@example.com"),
    );

    // Asking again changes nothing (and answers the same).
    const again = await fetch(`${shop.app.baseUrl}/api/stock-alerts`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.app.baseUrl },
      body: JSON.stringify({ bookId: book.id, email: "carla@example.com" }),
    });
    expect(await again.json()).toEqual({ success: true, message: done("carla@example.com") });

    // The admin sees who waits, then sets stock 5 on the book's page.
    const adminPage = await shop.open({ width: 1280 });
    await signInAsAdmin(adminPage, shop.app.baseUrl, admin, `/admin/libros?buscar=${encodeURIComponent(book.title)}`);
    // The sign-in lands here by a client-side navigation: wait for the list rather than count at once.
    await adminPage.getByText("3 personas esperan que vuelva").waitFor({ state: "attached" });
    expect(await adminPage.getByText("3 esperan", { exact: true }).count()).toBe(1);
    await adminPage.goto(`${shop.app.baseUrl}/admin/libros/${book.id}`);
    await adminPage.getByText("3 personas esperan que vuelva.").first().waitFor();
    await expectAccessible(adminPage);
    expect((await outbox(cookie)).filter((message) => message.subject === `Volvió «${book.title}» a Rizoma`)).toEqual(
      [],
    );
    await adminPage.getByLabel("Stock", { exact: true }).fill("5");
    await adminPage.getByRole("button", { name: "Guardar cambios" }).click();
    await adminPage.waitForURL(/\/admin\/libros\?aviso=actualizado/);

    const sent = (await outbox(cookie)).filter((message) => message.subject === `Volvió «${book.title}» a Rizoma`);
    expect(sent.map((message) => message.to).sort()).toEqual([
      "ana@example.com",
      "bruno@example.com",
      "carla@example.com",
    ]);
    await adminPage.goto(`${shop.app.baseUrl}/admin/libros/${book.id}`);
    expect(await adminPage.getByText(/esperan que vuelva/).count()).toBe(0);

    // Selling out and restocking again sends nothing more: each alert fires once.
    await setStock(shop.app, cookie, book.id, 0);
    await setStock(shop.app, cookie, book.id, 2);
    expect(
      (await outbox(cookie)).filter((message) => message.subject === `Volvió «${book.title}» a Rizoma`),
    ).toHaveLength(3);

    // The e-mail's link opens the page that cancels the address's alerts still waiting.
    const link = sent[0]?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "";
    expect(link).toMatch(/\/avisos\/baja\?t=/);
    const unsubscribe = await shop.open({ width: 390 });
    await unsubscribe.goto(link.replace(/^https?:\/\/[^/]+/, shop.app.baseUrl));
    await unsubscribe.getByRole("heading", { name: "No hay avisos para cancelar" }).waitFor();
    await expectAccessible(unsubscribe);
  });
});
