import jsQR from "jsqr";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectAccessible, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";

const admin = { email: "premios@rizoma.com.ar", password: "clave-de-prueba-premios" };

const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

const signIn = (page: Page, path: string) => signInAsAdmin(page, shop.app.baseUrl, admin, path);

/** Reads the URL out of a QR image, as a phone camera would. */
async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const result = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!result) throw new Error("no QR found in the image");
  return result.data;
}

describe("QR prizes", () => {
  it("the admin creates a code, the printed QR leads to the claim, the winner shows in the admin", async () => {
    const { page: adminPage, errors: adminErrors } = await shop.watch({ width: 1280 });
    await signIn(adminPage, "/admin/qr");
    await expectAccessible(adminPage);
    await adminPage.getByLabel("Título del libro").fill("Los detectives salvajes");
    await adminPage.getByLabel("Descripción").fill("Premio de la feria del libro");
    await adminPage.getByRole("button", { name: "Crear código QR" }).click();
    await expect.poll(() => adminPage.getByRole("status").filter({ hasText: "¡Éxito!" }).count()).toBe(1);
    const heading = await adminPage.getByRole("heading", { name: /¡Éxito! Código/ }).textContent();
    const code = /Código ([A-Z0-9]{8})/.exec(heading ?? "")?.[1] ?? "";
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const png = await adminPage.request.get(`${shop.app.baseUrl}/api/qr/admin/image/${code}.png`);
    expect(png.headers()["content-type"]).toBe("image/png");
    const url = await decodeQr(await png.body());
    expect(url).toBe(`http://localhost:${new URL(shop.app.baseUrl).port}/qr/${code}`);
    const svg = await adminPage.request.get(`${shop.app.baseUrl}/api/qr/admin/image/${code}.svg`);
    expect(await svg.text()).toContain("<svg");

    // The visitor scans it (same path on the test server) on a phone.
    const { page, errors } = await shop.watch({ width: 390 });
    await page.goto(`${shop.app.baseUrl}${new URL(url).pathname.toLowerCase()}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Los detectives salvajes");
    expect(await page.getByTestId("qr-status").textContent()).toContain("Disponible");
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
    );
    await expectAccessible(page);
    await page.getByRole("button", { name: "Reclamar premio" }).click();
    expect(await page.getByText("El nombre es requerido").count()).toBe(1);
    await page.getByLabel("Nombre y apellido").fill("Mariana López");
    await page.getByLabel("Email").fill("mariana@example.com");
    await page.getByLabel("DNI").pressSequentially("30.123.456");
    expect(await page.getByLabel("DNI").inputValue()).toBe("30123456");
    await page.getByLabel("Teléfono").fill("+54 11 5555-1234");
    await page.getByRole("button", { name: "Reclamar premio" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("¡Felicitaciones!");
    expect(await page.getByText("dentro de las 24-48 horas").first().count()).toBe(1);
    expect(errors).toEqual([]);

    // A second visitor finds it claimed, with only the date and an initial.
    const check = await (await fetch(`${shop.app.baseUrl}/api/qr/check/${code.toLowerCase()}`)).json();
    expect(check.data).toMatchObject({
      code,
      status: "validated",
      canClaim: false,
      winnerInfo: { claimedByName: "M." },
    });
    const late = await fetch(`${shop.app.baseUrl}/api/qr/claim/${code}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Otro", email: "otro@example.com", dni: "12345678", phone: "1155551234" }),
    });
    expect(late.status).toBe(409);
    const lateBody = await late.json();
    expect(lateBody).toMatchObject({ success: false, alreadyClaimed: true, claimedByInitial: "M." });
    expect(JSON.stringify([check, lateBody])).not.toMatch(/mariana@|30123456|5555-1234/);

    await adminPage.goto(`${shop.app.baseUrl}/admin/qr?tab=ganadores`);
    const row = adminPage.getByRole("row").filter({ hasText: code });
    expect(await row.textContent()).toContain("mariana@example.com");
    await expectAccessible(adminPage);
    const csv = await adminPage.request.get(`${shop.app.baseUrl}/api/qr/admin/winners/export`);
    expect(await csv.text()).toContain(
      // A phone starting with "+" gets an apostrophe, so a spreadsheet never reads it as a formula.
      `Mariana López;mariana@example.com;30123456;'+54 11 5555-1234;Los detectives salvajes;${code};`,
    );
    expect(adminErrors).toEqual([]);
  });

  it("claims without JavaScript, and a taken code says so", async () => {
    const created = await (
      await (async () => {
        const { page } = await shop.watch();
        await signIn(page, "/admin/qr");
        return page.request.post(`${shop.app.baseUrl}/api/qr/admin/create`, {
          data: { bookTitle: "Zama", code: "zama1" },
          headers: { Origin: shop.app.baseUrl },
        });
      })()
    ).json();
    expect(created).toMatchObject({ success: true, data: { code: "ZAMA1" } });

    const { page } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await page.goto(`${shop.app.baseUrl}/qr/zama1`);
    await page.getByLabel("Nombre y apellido").fill("Tomás");
    await page.getByLabel("Email").fill("tomas@example.com");
    await page.getByLabel("DNI").fill("1234");
    await page.getByLabel("Teléfono").fill("11 4444-5555");
    await page.getByRole("button", { name: "Reclamar premio" }).click();
    await expect.poll(() => page.getByText("DNI inválido (7-8 dígitos)").count()).toBe(1);
    expect(await page.getByLabel("Nombre y apellido").inputValue()).toBe("Tomás");
    await page.getByLabel("DNI").fill("12345678");
    await page.getByRole("button", { name: "Reclamar premio" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("¡Felicitaciones!");

    await page.goto(`${shop.app.baseUrl}/qr/ZAMA1`);
    expect(await page.getByTestId("qr-status").textContent()).toContain("Ya Reclamado");
    expect(await page.getByRole("button", { name: "Reclamar premio" }).count()).toBe(0);

    const invalid = await page.goto(`${shop.app.baseUrl}/qr/NOEXISTE`);
    expect(invalid?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Código No Válido");
    expect(await page.getByRole("link", { name: "Volver al Inicio" }).getAttribute("href")).toBe("/");
  });
});
