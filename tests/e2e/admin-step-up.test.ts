import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAdmin, findAdminByEmail } from "~/domain/auth/admin-users.server";
import { confirmTotp, startTotp } from "~/domain/auth/factors.server";
import { createSession } from "~/domain/auth/sessions.server";
import { totpCode, totpStep } from "~/domain/auth/totp";
import { openPglite, openPostgres } from "~db/connect";
import { adminSessions } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { deliveredMails } from "../support/mail-folder";
import { until } from "../support/until";

/**
 * Step-up (issue 34 item 3, "Done when": changing the CBU asks the factor again and e-mails the owners). An
 * owner with an authenticator app, whose last proof is 20 minutes old, changes the CBU in Ajustes: the form
 * asks "Confirmá que sos vos", a wrong code is refused and the CBU stays, the right code saves it, and every
 * owner gets "Se cambió el CBU de la cuenta de transferencias" with the number masked. Both databases.
 */
const owner = { email: "titular@rizoma.com.ar", password: "clave-de-la-titular-e2e" };
const partner = { email: "socia@rizoma.com.ar", password: "clave-de-la-socia-e2e" };
const NEW_CBU = "0170099220000067797370";
const SUBJECT = "Se cambió el CBU de la cuenta de transferencias";
let secret = "";
let sessionToken = "";

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
  {
    async beforeStart(env) {
      // The first start migrates and creates the owner; then, with the app stopped (PGlite has one owner),
      // the owner enrols an authenticator app, a second owner joins, and a session is opened 20 minutes ago.
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      const { db } = database;
      const row = await findAdminByEmail(db, owner.email);
      if (!row) throw new Error("the first admin was not created");
      const identity = { id: row.id, email: row.email, role: row.role };
      const enrolment = await startTotp(db, identity);
      secret = enrolment.secret;
      await confirmTotp(db, identity, { factorId: enrolment.factorId, code: totpCode(secret, totpStep() - 1) });
      await createAdmin(db, partner, "owner");
      sessionToken = (await createSession(db, row.id)).token;
      await db
        .update(adminSessions)
        .set({ provedAt: new Date(Date.now() - 20 * 60 * 1000) })
        .where(eq(adminSessions.userId, row.id));
      await database.close();
    },
  },
);

async function signedIn(page: Page) {
  await page.context().addCookies([{ name: "rizoma_admin", value: sessionToken, url: shop.app.baseUrl }]);
}

async function storedCbu(page: Page): Promise<string> {
  const response = await page.request.get(`${shop.app.baseUrl}/api/admin/settings`);
  expect(response.status()).toBe(200);
  return (await response.json()).settings.bank.cbu;
}

describe("step-up before changing the CBU", () => {
  it("asks for the code again, refuses a wrong one, saves with the right one and mails every owner", async () => {
    const page = await shop.open({ width: 390 });
    await signedIn(page);
    await page.goto(`${shop.app.baseUrl}/admin/ajustes#bank`);
    const bank = page.getByRole("region", { name: "Datos bancarios" });
    const proof = bank.getByRole("group", { name: "Confirmá que sos vos" });
    await proof.waitFor();
    await bank.getByText(/ingresá el código de tu app de autenticación \(o uno de recuperación\)/).waitFor();
    await expectAccessible(page);
    const before = await storedCbu(page);
    expect(before).not.toBe(NEW_CBU);

    // A wrong code: refused, and the CBU stays.
    await bank.getByLabel("CBU o CVU").fill(NEW_CBU);
    await proof.getByLabel("Código de tu app de autenticación o de recuperación").fill("000000");
    await bank.getByRole("button", { name: "Guardar datos bancarios" }).click();
    await bank
      .getByText(/El código no es correcto o ya se usó/)
      .first()
      .waitFor();
    shop.acknowledge(page, /401/);
    expect(await storedCbu(page)).toBe(before);
    await bank.screenshot({ path: "/tmp/admin-step-up-refused-390.png" });

    // The right code: saved, and the next 10 minutes need none.
    await bank.getByLabel("CBU o CVU").fill(NEW_CBU);
    await proof.getByLabel("Código de tu app de autenticación o de recuperación").fill(totpCode(secret));
    await bank.getByRole("button", { name: "Guardar datos bancarios" }).click();
    await bank.getByText("Ajustes guardados").waitFor();
    expect(await storedCbu(page)).toBe(NEW_CBU);
    await bank.getByText(/Ya confirmaste que sos vos/).waitFor();
    expect(await bank.getByRole("group", { name: "Confirmá que sos vos" }).count()).toBe(0);

    const letters = await until(
      async () => {
        const mails = (await deliveredMails(shop.app.dataDir)).filter((mail) => mail.subject === SUBJECT);
        return mails.length >= 2 ? mails : undefined;
      },
      "the owners' alerts",
      30_000,
    );
    expect(letters.map((mail) => mail.to).sort()).toEqual([owner.email, partner.email].sort());
    for (const letter of letters) {
      expect(letter.text).toContain(`Quién: ${owner.email}`);
      expect(letter.text).toMatch(/Desde dónde: \S+ · Chrome en Linux/);
      expect(letter.text).toContain("CBU o CVU: •••• 7891 → •••• 7370");
      expect(letter.text).not.toContain(NEW_CBU);
    }
  });
});
