import path from "node:path";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode, totpStep } from "~/domain/auth/totp";
import { adminSessions } from "~db/schema";
import { openMigratedDatabase } from "../../server/open-database";
import { startApp } from "../support/app-server";
import { expectAccessible, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * The second factor (issue 34): an owner enrols an authenticator app at /admin/seguridad and keeps the
 * recovery codes; from then on the sign-in asks for the app's code after the password (form and API), a
 * recovery code works once, and a session idle for 31 minutes is sent to sign in again.
 */
const owner = { email: "duena@rizoma.com.ar", password: "clave-de-la-duena-e2e" };
const shop = browserSuite({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
const root = path.resolve(import.meta.dirname, "../..");

let secret = "";
let recoveryCodes: string[] = [];

async function signInWithCode(page: Page, code: string, next = "/admin") {
  await page.goto(
    `${shop.app.baseUrl}${next === "/admin" ? "/admin/login" : `/admin/login?next=${encodeURIComponent(next)}`}`,
  );
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Contraseña").fill(owner.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.getByRole("heading", { name: "Segundo paso" }).waitFor();
  await page.getByLabel("Código", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verificar e ingresar" }).click();
}

describe("the second factor", () => {
  it("an owner enrols an authenticator app and from then on signs in with its code", async () => {
    const page = await shop.open({ width: 1280 });
    await signInAsAdmin(page, shop.app.baseUrl, owner, "/admin/seguridad");
    await page.getByRole("heading", { name: "Seguridad", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Agregar una app de autenticación" }).click();
    await page.getByRole("heading", { name: "Escaneá el código con tu app" }).waitFor();
    await page.getByRole("img", { name: "Código QR para tu app de autenticación" }).waitFor();
    secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code keeps the same QR on screen and says why.
    await page.getByLabel("Código de 6 dígitos").fill(totpCode(secret, totpStep() - 5));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByText("El código no es correcto o ya se usó").waitFor();
    shop.acknowledge(page, /status of 400/);
    expect((await page.getByTestId("totp-secret").textContent())?.trim()).toBe(secret);

    await page.getByLabel("Código de 6 dígitos").fill(totpCode(secret));
    await page.getByLabel("Nombre para reconocer esta app (opcional)").fill("Teléfono de la dueña");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByRole("heading", { name: "¡Listo! Guardá tus códigos de recuperación" }).waitFor();
    recoveryCodes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-seguridad-1280.png", fullPage: true });
    await page.getByText("Teléfono de la dueña").waitFor();

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.getByRole("heading", { name: "Ingresar al panel" }).waitFor();

    // The password alone is not enough any more: the second step asks for the code.
    const phone = await shop.open({ width: 390 });
    await signInWithCode(phone, "000000", "/admin/pedidos");
    await phone.getByText("El código no es correcto o ya se usó").waitFor();
    shop.acknowledge(phone, /status of 401/);
    await expectAccessible(phone);
    await phone.screenshot({ path: "/tmp/admin-second-step-390.png", fullPage: true });
    // The code of the step after the one the enrolment used: each code works once.
    await phone.getByLabel("Código", { exact: true }).fill(totpCode(secret, totpStep() + 1));
    await phone.getByRole("button", { name: "Verificar e ingresar" }).click();
    await phone.waitForURL(`${shop.app.baseUrl}/admin/pedidos`);
    await phone.getByRole("heading", { name: "Pedidos", level: 1 }).waitFor();

    // The API asks for the code too.
    const api = await phone.evaluate(async (credentials) => {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(credentials),
      });
      return { status: response.status, body: await response.json() };
    }, owner);
    shop.acknowledge(phone, /status of 401/);
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ success: false, factor: "required" });
    expect(api.body.error).toMatch(/segundo factor/);
  });

  it("a recovery code lets the owner in once; an admin idle 31 minutes is sent to sign in again", async () => {
    const code = recoveryCodes[0] ?? "";
    const page = await shop.open({ width: 390 });
    await signInWithCode(page, code, "/admin/pedidos");
    await page.waitForURL(`${shop.app.baseUrl}/admin/pedidos`);

    const other = await shop.open({ width: 390 });
    await signInWithCode(other, code);
    await other.getByText("El código no es correcto o ya se usó").waitFor();
    shop.acknowledge(other, /status of 401/);

    // 31 minutes without a request (the clock moved back in the database while the shop is stopped).
    await page.goto("about:blank");
    await shop.app.stop();
    const { database, close } = await openMigratedDatabase(
      { databaseUrl: shop.env.DATABASE_URL, dataDir: path.resolve(root, shop.env.DATA_DIR ?? "") },
      root,
    );
    await database.db.update(adminSessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    await close();
    shop.app = await startApp(shop.env);

    await page.goto(`${shop.app.baseUrl}/admin/pedidos`);
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fpedidos$/);
    await page.getByRole("heading", { name: "Ingresar al panel" }).waitFor();
  });
});
