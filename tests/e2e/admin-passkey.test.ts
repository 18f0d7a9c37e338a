import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * Passkeys as an admin's second factor (issue 34), in Chromium with its virtual authenticator (the WebAuthn
 * domain of the DevTools protocol): an admin adds one in Seguridad, gets the recovery codes, signs out and
 * in again with the password and the passkey. A key with the same id but another private key (a clone that
 * never had the secret) is refused, and so is a credential the shop never saw.
 *
 * The pages are opened at `localhost`, not 127.0.0.1: WebAuthn refuses IP addresses as RP IDs, and the shop
 * uses a loopback name as its own (docs/decisions/0045).
 */
const admin = { email: "llaves@rizoma.com.ar", password: "clave-de-prueba-llaves-e2e" };

const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
const site = () => shop.app.baseUrl.replace("127.0.0.1", "localhost");

/** The credential the first test registered (base64, as the DevTools protocol gives it). */
let registeredId = "";

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The sign-in's first step, up to the second one ("Segundo paso"). */
async function passwordStep(page: Page): Promise<void> {
  await page.goto(`${site()}/admin/login`);
  await hydrated(page);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Contraseña").fill(admin.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.getByRole("heading", { name: "Segundo paso" }).waitFor();
  await hydrated(page);
}

describe("passkeys", () => {
  it("an admin adds a passkey in Seguridad, keeps the recovery codes, and signs in with it", async () => {
    const page = await shop.open({ width: 1280 });
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto(`${site()}/admin/login?next=%2Fadmin%2Fseguridad`);
    await hydrated(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${site()}/admin/seguridad`);
    await page.getByRole("heading", { name: "Llaves de acceso" }).waitFor();
    await hydrated(page);

    await page.getByLabel("Nombre para reconocerla (opcional)").fill("Notebook de la librería");
    await page.getByRole("button", { name: "Agregar una llave de acceso" }).click();
    await page.getByRole("heading", { name: "¡Listo! Guardá tus códigos de recuperación" }).waitFor();
    expect(await page.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    // The list is read again: the new key is there, with its name and kind.
    await page.getByText("Notebook de la librería", { exact: true }).waitFor();
    await page.getByText(/^Llave de acceso · Agregado: /).waitFor();
    await page.getByText("Te quedan 10 de 10.", { exact: false }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-passkey-seguridad.png", fullPage: true });

    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe("localhost");
    registeredId = credentials[0]?.credentialId ?? "";
    const countBefore = credentials[0]?.signCount ?? 0;

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(/\/admin\/login/);

    await passwordStep(page);
    await page.getByRole("button", { name: "Usar mi llave de acceso" }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/admin-passkey-login.png", fullPage: true });
    await page.getByRole("button", { name: "Usar mi llave de acceso" }).click();
    await page.waitForURL(`${site()}/admin`);
    await page.getByRole("heading", { name: "Panel Principal" }).waitFor();
    const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(after.credentials[0]?.signCount).toBeGreaterThan(countBefore);
  });

  it("refuses a key that has the right id but not the right secret, and a credential the shop never saw", async () => {
    expect(registeredId, "the first test registered a passkey").not.toBe("");
    const page = await shop.open({ width: 390 });
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    await cdp.send("WebAuthn.addCredential", {
      authenticatorId,
      credential: {
        credentialId: registeredId,
        isResidentCredential: false,
        rpId: "localhost",
        privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
        signCount: 50,
      },
    });

    await passwordStep(page);
    await page.getByRole("button", { name: "Usar mi llave de acceso" }).click();
    await page.getByText("No pudimos verificar tu llave de acceso. Probá de nuevo o usá un código.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByRole("heading", { name: "Segundo paso" }).waitFor();

    // A credential the shop never saw, answered straight to the API with a fresh challenge.
    const unknown = await page.evaluate(async (id) => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const options = await (await post("/api/auth/passkey/options", {})).json();
      const clientData = btoa(
        JSON.stringify({ type: "webauthn.get", challenge: options.options.challenge, origin: location.origin }),
      )
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      const answer = await post("/api/auth/passkey/verify", {
        response: {
          id,
          rawId: id,
          type: "public-key",
          clientExtensionResults: {},
          response: { clientDataJSON: clientData, authenticatorData: "AAAA", signature: "AAAA" },
        },
      });
      return { status: answer.status, body: await answer.json() };
    }, randomBytes(16).toString("base64url"));
    expect(unknown).toEqual({
      status: 401,
      body: {
        success: false,
        error: "No pudimos verificar tu llave de acceso. Probá de nuevo o usá un código.",
        factor: "required",
      },
    });
    // Chromium logs each refused request (401) as a console error: those two were provoked on purpose.
    shop.acknowledge(page, /status of 401/);
  });
});
