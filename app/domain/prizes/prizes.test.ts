import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { createAdmin } from "~/domain/auth/admin-users.server";
import { UNAMBIGUOUS_ALPHABET } from "~/lib/random-code.server";
import { mailOutbox, prizeClaims, qrCodes, settings } from "~db/schema";
import { clientIps } from "../../../tests/support/admin-database";
import { testDatabase } from "../../../tests/support/test-database";
import { Conflict, Invalid, NotFound, TooManyRequests } from "../errors";
import { checkCode, claimPrize, createCode, Gone, listWinners, prizeFigures } from "./prizes.server";

const database = await testDatabase();
const db = database.db;
const siteUrl = "https://rizoma.test";
const context = { db, siteUrl, shopEmail: "libreria@rizoma.test" };
let admin: AdminIdentity;
const freshIp = clientIps("10.60");
const meta = () => ({ ...context, clientIp: freshIp() });
const winner = { name: "Mariana López", email: "Mariana@Example.com", dni: "30123456", phone: "+54 11 5555-1234" };

beforeAll(async () => {
  admin = await createAdmin(db, { email: "qr@rizoma.com.ar", password: "una-clave-larga-de-prueba" });
  // The race test sends 100 claims from one address: the per-IP limits are not what it tests.
  await db.insert(settings).values({ key: "rateLimits", value: { qrClaimsPerMinute: 1000, qrChecksPerMinute: 1000 } });
});
afterAll(() => database.close());

describe("creating codes", () => {
  it("generates an 8-character code from the unambiguous alphabet, with a QR for the code's page", async () => {
    const created = await createCode(db, admin, { bookTitle: "Rayuela" }, siteUrl);
    expect(created.code).toMatch(new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{8}$`));
    expect(created.code).not.toMatch(/[01OI]/);
    expect(created.qrUrl).toBe(`${siteUrl}/qr/${created.code}`);
    expect(created.qrImage).toMatch(/^data:image\/png;base64,/);
  });

  it("uppercases a custom code, refuses a duplicate with 409 and bad input with the spec's messages", async () => {
    expect((await createCode(db, admin, { bookTitle: "Facundo", code: "feria24" }, siteUrl)).code).toBe("FERIA24");
    await expect(createCode(db, admin, { bookTitle: "Otro", code: "FERIA24" }, siteUrl)).rejects.toThrow(
      new Conflict("El código ya existe"),
    );
    await expect(createCode(db, admin, { bookTitle: "  " }, siteUrl)).rejects.toThrow(
      new Invalid("El título del libro es requerido"),
    );
    await expect(createCode(db, admin, { bookTitle: "X", code: "NUEVECHAR" }, siteUrl)).rejects.toThrow(Invalid);
    await expect(createCode(db, admin, { bookTitle: "X", code: "Ñ-1" }, siteUrl)).rejects.toThrow(Invalid);
  });
});

describe("claiming", () => {
  it("gives the prize to exactly one of 100 concurrent claims; the rest hear who and when, by initial only", async () => {
    const { code } = await createCode(db, admin, { bookTitle: "Los detectives salvajes" }, siteUrl);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        claimPrize(meta(), code.toLowerCase(), { ...winner, name: `Persona ${i}`, email: `p${i}@example.com` }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    for (const loss of lost) {
      expect(loss.reason).toBeInstanceOf(Conflict);
      expect(loss.reason.details).toMatchObject({ alreadyClaimed: true, claimedByInitial: "P." });
    }
    const [qr] = await db.select().from(qrCodes).where(eq(qrCodes.code, code));
    expect(qr?.status).toBe("validated");
    expect(
      await db
        .select()
        .from(prizeClaims)
        .where(eq(prizeClaims.qrCodeId, qr?.id ?? 0)),
    ).toHaveLength(1);
    // One e-mail to the winner and one to the shop, no more.
    const mails = (await db.select().from(mailOutbox)).filter((m) => m.subject.includes("Los detectives salvajes"));
    expect(mails.map((m) => m.template).sort()).toEqual(["prize-shop", "prize-winner"]);
  });

  it("never shows a winner's e-mail, DNI or phone in public answers", async () => {
    const { code } = await createCode(db, admin, { bookTitle: "Glosa" }, siteUrl);
    await claimPrize(meta(), code, winner);
    const check = await checkCode(meta(), code);
    expect(check).toMatchObject({ status: "validated", canClaim: false, winnerInfo: { claimedByName: "M." } });
    const loser = await claimPrize(meta(), code, { ...winner, email: "otra@example.com" }).catch((e) => e);
    const text = JSON.stringify([check, loser.details, loser.message]);
    for (const secret of ["mariana@example.com", "30123456", "5555-1234", "López"]) expect(text).not.toContain(secret);
  });

  it("checks the form in the spec's order with its messages, on the server too", async () => {
    const { code } = await createCode(db, admin, { bookTitle: "Zama" }, siteUrl);
    const cases: [Record<string, string>, string][] = [
      [{ ...winner, name: " " }, "El nombre es requerido"],
      [{ ...winner, email: "" }, "El email es requerido"],
      [{ ...winner, email: "mariana@" }, "Email inválido"],
      [{ ...winner, dni: "" }, "El DNI es requerido"],
      [{ ...winner, dni: "123456" }, "DNI inválido (7-8 dígitos)"],
      [{ ...winner, dni: "30.123.456" }, "DNI inválido (7-8 dígitos)"],
      [{ ...winner, phone: "" }, "El teléfono es requerido"],
      [{ ...winner, phone: "11-555" }, "Teléfono inválido"],
    ];
    for (const [input, message] of cases) {
      await expect(claimPrize(meta(), code, input)).rejects.toThrow(new Invalid(message));
    }
    const [qr] = await db.select().from(qrCodes).where(eq(qrCodes.code, code));
    expect(qr?.status).toBe("pending");
  });

  it("refuses unknown and expired codes", async () => {
    await expect(checkCode(meta(), "NOEXISTE")).rejects.toThrow(new NotFound("Código QR no válido"));
    await expect(checkCode(meta(), "../etc")).rejects.toThrow(NotFound);
    const { code } = await createCode(db, admin, { bookTitle: "Vencido", expiresAt: "2020-01-31" }, siteUrl);
    expect((await checkCode(meta(), code)).status).toBe("expired");
    await expect(claimPrize(meta(), code, winner)).rejects.toThrow(new Gone("Este código QR ha expirado."));
  });

  it("limits checks and claims per IP (the settings)", async () => {
    await db
      .update(settings)
      .set({ value: { qrClaimsPerMinute: 2, qrChecksPerMinute: 3 } })
      .where(eq(settings.key, "rateLimits"));
    try {
      const { code } = await createCode(db, admin, { bookTitle: "Límite" }, siteUrl);
      for (let i = 0; i < 3; i++) await checkCode({ db, clientIp: "10.99.0.1" }, code);
      await expect(checkCode({ db, clientIp: "10.99.0.1" }, code)).rejects.toThrow(TooManyRequests);
      const bad = { ...winner, dni: "1" };
      for (let i = 0; i < 2; i++)
        await expect(claimPrize({ ...context, clientIp: "10.99.0.2" }, code, bad)).rejects.toThrow(Invalid);
      await expect(claimPrize({ ...context, clientIp: "10.99.0.2" }, code, winner)).rejects.toThrow(TooManyRequests);
    } finally {
      await db
        .update(settings)
        .set({ value: { qrClaimsPerMinute: 1000, qrChecksPerMinute: 1000 } })
        .where(eq(settings.key, "rateLimits"));
    }
  });

  it("lists winners with their data for the admin, and counts the dashboard figures", async () => {
    const winners = await listWinners(db);
    expect(winners.find((w) => w.bookTitle === "Glosa")).toMatchObject({
      name: "Mariana López",
      email: "mariana@example.com",
      dni: "30123456",
    });
    const figures = await prizeFigures(db);
    expect(figures.claimedThisMonth).toBe(2);
    expect(figures.available).toBeGreaterThanOrEqual(3);
  });
});
