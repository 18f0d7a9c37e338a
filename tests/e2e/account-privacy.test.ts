import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomerSession } from "~/domain/accounts/sessions.server";
import { openPglite, openPostgres } from "~db/connect";
import { books, cartReminders } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

/**
 * Issue 20 items 5 and 6: "Recordame mi carrito" (the tick stores the cart, the job sends one e-mail whose
 * button refills the cart) and the data rights of a signed-in reader (download, then "Eliminar mi cuenta"
 * without JavaScript). Issue 34 item 5: a reader signed in more than 10 minutes ago confirms with an
 * e-mailed code first. Both databases.
 */
const READER = "lectora@example.com";
const SUBJECT = "Tus libros te esperan en Rizoma";
let smtp: TestSmtpServer;
let sessionToken = "";
let facundoId = 0;

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

beforeAll(async () => {
  smtp = await startSmtpServer();
});
const shop = browserSuite(() => ({ NODE_ENV: "test", SMTP_URL: smtp.url, MAIL_FROM: "Rizoma <hola@rizoma.test>" }), {
  async beforeStart(env) {
    // The first start migrates and loads the demo; the reader's session is then made as sign-in makes it,
    // a quarter of an hour ago (so the proof of the email it carries is no longer fresh).
    const first = await startApp(env);
    await first.stop();
    const database = await openDatabase(env);
    sessionToken = (await createCustomerSession(database.db, READER, new Date(Date.now() - 15 * 60_000))).token;
    const [facundo] = await database.db.select().from(books).where(eq(books.title, "Facundo"));
    facundoId = facundo?.id ?? 0;
    await database.close();
  },
});
afterAll(async () => {
  await smtp?.close();
});

const reminderMails = () => smtp.received.filter((mail) => mail.to === READER && mail.parsed.subject === SUBJECT);
const codeMails = () =>
  smtp.received.filter((mail) => mail.to === READER && mail.parsed.subject === "Tu código para entrar a Rizoma");

async function signedIn(page: Page) {
  await page.context().addCookies([{ name: "rizoma_cuenta", value: sessionToken, url: shop.app.baseUrl }]);
}

/** The app stopped (PGlite has one owner), `work` on its database, the app started again. */
async function whileStopped<T>(page: Page, work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>) {
  await page.goto("about:blank");
  await shop.app.stop();
  const database = await openDatabase(shop.env);
  try {
    return await work(database.db);
  } finally {
    await database.close();
    shop.app = await startApp(shop.env);
  }
}

describe("Recordame mi carrito", () => {
  it("stores nothing without the tick; ticked, the job sends one e-mail whose button refills the cart", async () => {
    const page = await shop.open({ width: 390 });
    await page.goto(`${shop.app.baseUrl}/tienda?search=Facundo`);
    await hydrated(page);
    const card = page
      .getByTestId("book-card")
      .filter({ has: page.getByRole("heading", { name: "Facundo", exact: true }) });
    await card.getByRole("button", { name: /^COMPRAR/ }).click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");

    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/cuenta/recordatorio")) saves.push(request.method());
    });
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await hydrated(page);
    const tick = page.getByRole("checkbox", { name: "Recordame mi carrito" });
    expect(await tick.isChecked()).toBe(false);
    expect(
      await page.getByText("Si no terminás la compra, te mandamos un solo correo con tu carrito en 24 horas.").count(),
    ).toBe(1);
    await page.getByLabel("Email").fill(READER);
    // Longer than the field's pause before saving: unticked, the browser sends nothing.
    await page.waitForTimeout(2_000);
    expect(saves).toEqual([]);

    await tick.check();
    await expect
      .poll(() => page.getByTestId("cart-reminder-status").textContent())
      .toBe("Listo: guardamos tu carrito para recordártelo.");
    expect(saves).toEqual(["POST"]);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/recordame-390.png", fullPage: true });

    // 24 hours later (the reminder made due in the database): the job's first pass at start sends it.
    const stored = await whileStopped(page, async (db) => {
      const rows = await db.select().from(cartReminders).where(eq(cartReminders.email, READER));
      await db
        .update(cartReminders)
        .set({ remindAt: new Date(Date.now() - 60_000) })
        .where(eq(cartReminders.email, READER));
      return rows;
    });
    expect(stored).toEqual([expect.objectContaining({ items: [{ bookId: facundoId, quantity: 1 }], sentAt: null })]);
    const [mail] = await until(() => reminderMails().length > 0 && reminderMails(), "the reminder e-mail");
    expect(mail?.parsed.html).toContain("Facundo");
    // Long headers arrive folded ("List-Unsubscribe:\r\n <…>"): unfolded, as a mail client reads them.
    expect(mail?.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(
      /^List-Unsubscribe: <http:\/\/[^>]+\/cuenta\/recordatorio\/baja\?token=/m,
    );

    // "Volver a mi carrito" on another device (an empty cart): the book is back in the cart.
    const text = mail?.parsed.text ?? "";
    const recover = new URL(/Volver a mi carrito: (\S+)/.exec(text)?.[1] ?? "");
    const other = await shop.open({ width: 1280 });
    await other.goto(`${shop.app.baseUrl}${recover.pathname}${recover.search}`);
    await expect.poll(() => other.getByTestId("cart-line").count()).toBe(1);
    expect(await other.getByTestId("cart-line").textContent()).toContain("Facundo");
    await expect.poll(() => new URL(other.url()).search).toBe("");
    await expectAccessible(other);

    // The unsubscribe link: nothing open any more (the one reminder was sent), and it says so.
    const unsubscribe = new URL(/Date de baja: (\S+)/.exec(text)?.[1] ?? "");
    await other.goto(`${shop.app.baseUrl}${unsubscribe.pathname}${unsubscribe.search}`);
    expect(await other.getByRole("heading", { level: 1 }).textContent()).toBe("Listo, no hay recordatorios pendientes");
    expect(reminderMails()).toHaveLength(1);
  });
});

describe("data rights", () => {
  it("a reader signed in a while ago confirms with an e-mailed code, downloads their data, then deletes the account without JavaScript", async () => {
    const page = await shop.open({ width: 1280 });
    await signedIn(page);
    await page.goto(`${shop.app.baseUrl}/cuenta/privacidad`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Privacidad y tus datos");
    expect(await page.getByRole("heading", { name: "Confirmá que sos vos" }).count()).toBe(1);

    // Signed in 15 minutes ago: the download sends the reader back here, saying why.
    await page.getByRole("link", { name: "Descargar mis datos" }).click();
    await page.waitForURL(/\/cuenta\/privacidad\?confirmar=datos/);
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toBe(
        "Por seguridad, antes de descargar tus datos confirmá que sos vos con un código que te mandamos por email.",
      );
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/privacidad-confirmar-1280.png", fullPage: true });

    // Without JavaScript: deleting is refused the same way; the code is asked for, a wrong one refused.
    const noScript = await shop.open({ width: 390, javaScriptEnabled: false });
    await signedIn(noScript);
    // (axe ran on the same page above: it needs the page's JavaScript.)
    await noScript.goto(`${shop.app.baseUrl}/cuenta/privacidad`);
    await noScript.getByLabel("Para confirmar, escribí tu email").fill(READER);
    await noScript.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await noScript.waitForLoadState();
    expect(await noScript.locator("#eliminar-error").textContent()).toBe(
      "Por seguridad, antes de eliminar tu cuenta confirmá que sos vos con un código que te mandamos por email. Pedir el código",
    );
    await noScript.getByRole("button", { name: "Mandarme un código" }).click();
    await noScript.waitForLoadState();
    expect(await noScript.getByRole("status").textContent()).toBe(
      `Te mandamos un código de 6 números a ${READER}. Revisá tu correo (también el spam): vence en 15 minutos.`,
    );
    const [mail] = await until(() => codeMails().length > 0 && codeMails(), "the code e-mail");
    const code = /Tu código para entrar a Rizoma: (\d{6})\./.exec(mail?.parsed.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await noScript.screenshot({ path: "/tmp/privacidad-codigo-390.png", fullPage: true });

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await noScript.getByLabel("Código de 6 números").fill(wrongCode);
    await noScript.getByRole("button", { name: "Confirmar" }).click();
    await noScript.waitForLoadState();
    expect(await noScript.locator("#confirmar-codigo-error").textContent()).toBe(
      "El código no es correcto. Te quedan 4 intentos.",
    );
    await noScript.getByLabel("Código de 6 números").fill(code);
    await noScript.getByRole("button", { name: "Confirmar" }).click();
    await noScript.waitForURL(`${shop.app.baseUrl}/cuenta/privacidad?confirmado=1`);
    expect(await noScript.getByRole("status").textContent()).toBe(
      "Listo, confirmaste que sos vos. Durante los próximos 10 minutos podés descargar tus datos o eliminar tu cuenta.",
    );
    expect(await noScript.getByRole("heading", { name: "Confirmá que sos vos" }).count()).toBe(0);

    // The same session (the other window shares its cookie) now downloads.
    await page.goto(`${shop.app.baseUrl}/cuenta/privacidad`);
    await hydrated(page);
    expect(await page.getByRole("heading", { name: "Confirmá que sos vos" }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/privacidad-1280.png", fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Descargar mis datos" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rizoma-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
    expect(data.email).toBe(READER);
    expect(data.cartReminders).toEqual([expect.objectContaining({ items: [{ bookId: facundoId, quantity: 1 }] })]);
    expect(data.mailSent.map((mail: { subject: string }) => mail.subject)).toContain(SUBJECT);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);

    await noScript.screenshot({ path: "/tmp/privacidad-390.png", fullPage: true });
    const confirm = noScript.getByLabel("Para confirmar, escribí tu email");
    await confirm.fill("otra@example.com");
    await noScript.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await noScript.waitForLoadState();
    expect(await noScript.getByRole("alert").textContent()).toBe(
      "Escribí tu email tal como aparece arriba para confirmar.",
    );

    await noScript.getByLabel("Para confirmar, escribí tu email").fill(READER);
    await noScript.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await noScript.waitForURL(`${shop.app.baseUrl}/cuenta/eliminada`);
    expect(await noScript.getByRole("heading", { level: 1 }).textContent()).toBe("Eliminamos tu cuenta");

    // Signed out here and on the other device: every session went with the account.
    await noScript.goto(`${shop.app.baseUrl}/cuenta`);
    expect(new URL(noScript.url()).pathname).toBe("/cuenta/ingresar");
    await page.goto(`${shop.app.baseUrl}/cuenta/privacidad`);
    expect(new URL(page.url()).pathname).toBe("/cuenta/ingresar");
  });
});
