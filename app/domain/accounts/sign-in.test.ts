import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CODE_TTL_MS, wrongCodeMessage } from "~/domain/email-codes/email-codes.server";
import { DomainError, TooManyRequests } from "~/domain/errors";
import { getSection, updateSection } from "~/domain/settings/settings.server";
import { customerCodes, customerSessions, customers, mailOutbox } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { readCustomerSession } from "./sessions.server";
import {
  linkEmail,
  MAX_WRONG_CODES_PER_EMAIL_PER_DAY,
  requestSignInCode,
  SIGN_IN_MESSAGES,
  signInWithCode,
  signInWithLink,
} from "./sign-in.server";

/*
 * Sign-in to Mi cuenta by a 6-digit code or the e-mailed link (issue 20, item 1). Times are passed as
 * `now` rather than waited for; each request comes from a fresh address unless a test is about one.
 */

const { db, admin } = await adminTestDatabase();
const freshIp = clientIps("10.41");
const ctx = (clientIp = freshIp()) => ({ db, siteUrl: "http://localhost:3000", configuredSecret: null, clientIp });
const ask = (email: string, now?: Date, clientIp?: string) => requestSignInCode(ctx(clientIp), { email }, now);
const enter = (email: string, code: string, now?: Date, clientIp?: string) =>
  signInWithCode(ctx(clientIp), { email, code }, {}, now);

/** The newest sign-in letter to `email`: its code and its link's token, as the reader finds them. */
async function letter(email: string): Promise<{ code: string; link: string }> {
  const sent = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "account-sign-in-code")))
    .orderBy(mailOutbox.id);
  const text = sent.at(-1)?.text ?? "";
  const code = /Tu código para entrar a Rizoma: (\d{6})\. Vence en 15 minutos\./.exec(text)?.[1];
  const link = /Entrar a mi cuenta: http:\/\/localhost:3000\/cuenta\/ingresar\?enlace=([\w-]+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`no sign-in letter for ${email}`);
  return { code, link };
}

/** How a refused call failed: its HTTP status and message. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string; retryAfter?: number }> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      status: error.status,
      message: error.message,
      ...(error instanceof TooManyRequests ? { retryAfter: error.retryAfterSeconds } : {}),
    };
  }
  throw new Error("it was not refused");
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const sessionsOf = async (email: string) =>
  (await db.select().from(customerSessions).where(eq(customerSessions.email, email))).length;

describe("asking for a sign-in code", () => {
  it("answers the same for any address, e-mails a code and a link, and keeps neither in the clear", async () => {
    await db.insert(customers).values({ email: "conocida@example.com" });
    const known = await ask("conocida@example.com");
    const unknown = await ask("primera-vez@example.com");
    expect(known).toEqual({ message: SIGN_IN_MESSAGES.codeSent });
    expect(unknown).toEqual(known);
    const { code, link } = await letter("primera-vez@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const rows = await db.select().from(customerCodes).where(eq(customerCodes.email, "primera-vez@example.com"));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(link);
  });

  it("allows 5 codes per address an hour, then 429 with the seconds until the oldest is an hour old", async () => {
    const start = new Date("2026-04-01T12:00:00Z");
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    for (const n of [0, 1, 2, 3, 4]) await ask("rafaga@example.com", minutes(n));
    expect(await refusal(ask("rafaga@example.com", minutes(10)))).toEqual({
      status: 429,
      message: SIGN_IN_MESSAGES.tooManyCodes,
      retryAfter: 50 * 60,
    });
    // An hour after the first, one more is allowed.
    expect(await ask("rafaga@example.com", minutes(60.5))).toEqual({ message: SIGN_IN_MESSAGES.codeSent });
  });

  it("limits code requests per IP (the setting), whatever the addresses", async () => {
    const { accountCodesPerIpPerHour } = await getSection(db, "rateLimits");
    for (let i = 0; i < accountCodesPerIpPerHour; i++) await ask(`ip-${i}@example.com`, undefined, "10.99.0.1");
    const refused = await refusal(ask("ip-una-mas@example.com", undefined, "10.99.0.1"));
    expect(refused).toMatchObject({ status: 429, message: SIGN_IN_MESSAGES.tooManyFromIp });
    expect(refused.retryAfter).toBeGreaterThan(0);
    // Another connection is not affected.
    expect(await ask("ip-una-mas@example.com")).toEqual({ message: SIGN_IN_MESSAGES.codeSent });
  });
});

describe("signing in with the code", () => {
  it("starts a session with the right code, records the customer and ends the browser's previous session", async () => {
    await ask("lectora@example.com");
    const earlier = await enter("lectora@example.com", (await letter("lectora@example.com")).code);
    await ask("lectora@example.com");
    const { code } = await letter("lectora@example.com");
    const session = await signInWithCode(
      ctx(),
      { email: "lectora@example.com", code },
      { previousToken: earlier.token },
    );
    expect(session.email).toBe("lectora@example.com");
    expect((await readCustomerSession(db, session.token))?.customer).toEqual({ email: "lectora@example.com" });
    expect(await readCustomerSession(db, earlier.token)).toBeNull();
    const [customer] = await db.select().from(customers).where(eq(customers.email, "lectora@example.com"));
    expect(customer?.lastSignInAt).toBeInstanceOf(Date);
  });

  it("counts down wrong codes with 422; the 5th and 6th are refused with 410, and then even the right one", async () => {
    await ask("intentos@example.com");
    const { code } = await letter("intentos@example.com");
    for (const remaining of [4, 3, 2, 1]) {
      expect(await refusal(enter("intentos@example.com", wrong(code)))).toEqual({
        status: 422,
        message: wrongCodeMessage(remaining),
      });
    }
    expect(wrongCodeMessage(4)).toBe("El código no es correcto. Te quedan 4 intentos.");
    const dead = { status: 410, message: SIGN_IN_MESSAGES.dead };
    expect(await refusal(enter("intentos@example.com", wrong(code)))).toEqual(dead);
    expect(await refusal(enter("intentos@example.com", wrong(code)))).toEqual(dead);
    expect(await refusal(enter("intentos@example.com", code))).toEqual(dead);
    expect(await sessionsOf("intentos@example.com")).toBe(0);
  });

  it("refuses an expired code (410), a used one (410), and a code an address never asked for", async () => {
    const asked = new Date("2026-04-02T12:00:00Z");
    await ask("vencido@example.com", asked);
    const { code } = await letter("vencido@example.com");
    const late = new Date(asked.getTime() + CODE_TTL_MS + 1000);
    expect(await refusal(enter("vencido@example.com", code, late))).toEqual({
      status: 410,
      message: SIGN_IN_MESSAGES.dead,
    });
    // Just in time it works; once.
    const inTime = new Date(asked.getTime() + CODE_TTL_MS - 1000);
    await enter("vencido@example.com", code, inTime);
    expect(await refusal(enter("vencido@example.com", code, inTime))).toEqual({
      status: 410,
      message: SIGN_IN_MESSAGES.dead,
    });
    expect(await refusal(enter("nunca-pidio@example.com", "123456"))).toEqual({
      status: 410,
      message: SIGN_IN_MESSAGES.dead,
    });
  });

  it("a newer code ends the older one", async () => {
    await ask("dos-codigos@example.com");
    const first = (await letter("dos-codigos@example.com")).code;
    await ask("dos-codigos@example.com");
    const second = (await letter("dos-codigos@example.com")).code;
    if (first !== second) {
      expect((await refusal(enter("dos-codigos@example.com", first))).status).toBe(422);
    }
    expect((await enter("dos-codigos@example.com", second)).email).toBe("dos-codigos@example.com");
  });

  it("starts exactly one session when the right code arrives several times at once", async () => {
    await ask("paralelo@example.com");
    const { code } = await letter("paralelo@example.com");
    const answers = await Promise.allSettled(Array.from({ length: 5 }, () => enter("paralelo@example.com", code)));
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    const refused = answers.flatMap((answer) => (answer.status === "rejected" ? [answer.reason] : []));
    expect(refused.map((error: DomainError) => [error.status, error.message])).toEqual(
      Array.from({ length: 4 }, () => [410, SIGN_IN_MESSAGES.dead]),
    );
    expect(await sessionsOf("paralelo@example.com")).toBe(1);
  });

  it("uses at most 5 attempts under concurrent wrong guesses", async () => {
    await ask("adivinanzas@example.com");
    const { code } = await letter("adivinanzas@example.com");
    const guesses = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        enter("adivinanzas@example.com", String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0")),
      ),
    );
    expect(guesses.every((guess) => guess.status === "rejected")).toBe(true);
    const [row] = await db.select().from(customerCodes).where(eq(customerCodes.email, "adivinanzas@example.com"));
    expect(row?.attempts).toBe(5);
    expect((await refusal(enter("adivinanzas@example.com", code))).status).toBe(410);
  });
});

describe("signing in with the e-mailed link", () => {
  it("signs in once; the same link again, or the code it came with, is refused", async () => {
    await ask("enlace@example.com");
    const { code, link } = await letter("enlace@example.com");
    expect(await linkEmail(db, link)).toBe("enlace@example.com");
    const session = await signInWithLink(ctx(), link);
    expect((await readCustomerSession(db, session.token))?.customer).toEqual({ email: "enlace@example.com" });
    expect(await linkEmail(db, link)).toBeNull();
    const linkDead = { status: 410, message: SIGN_IN_MESSAGES.linkDead };
    expect(await refusal(signInWithLink(ctx(), link))).toEqual(linkDead);
    expect((await refusal(enter("enlace@example.com", code))).status).toBe(410);
    expect(await refusal(signInWithLink(ctx(), "no-es-un-enlace"))).toEqual(linkDead);
    expect(await refusal(signInWithLink(ctx(), "x".repeat(43)))).toEqual(linkDead);
  });

  it("expires with its code, and only one of two concurrent uses wins", async () => {
    const asked = new Date("2026-04-03T12:00:00Z");
    await ask("enlace-viejo@example.com", asked);
    const late = new Date(asked.getTime() + CODE_TTL_MS + 1000);
    const old = (await letter("enlace-viejo@example.com")).link;
    expect(await linkEmail(db, old, late)).toBeNull();
    expect((await refusal(signInWithLink(ctx(), old, {}, late))).status).toBe(410);

    await ask("enlace-doble@example.com");
    const { link } = await letter("enlace-doble@example.com");
    const both = await Promise.allSettled([signInWithLink(ctx(), link), signInWithLink(ctx(), link)]);
    expect(both.filter((use) => use.status === "fulfilled")).toHaveLength(1);
    expect(await sessionsOf("enlace-doble@example.com")).toBe(1);
  });
});

describe("the per-IP limit on attempts", () => {
  it("refuses wrong codes from one connection past the setting times 5, across addresses, with 429", async () => {
    const limits = await getSection(db, "rateLimits");
    await updateSection(db, admin, "rateLimits", { ...limits, accountCodesPerIpPerHour: 1 });
    try {
      const ip = "10.98.0.1";
      for (const n of [1, 2, 3]) await ask(`adivina-${n}@example.com`);
      const codes = await Promise.all([1, 2, 3].map((n) => letter(`adivina-${n}@example.com`)));
      // 5 wrong tries allowed from this address (1 code an hour × 5 attempts), spread over three addresses.
      for (const [n, tries] of [
        [1, 2],
        [2, 2],
        [3, 1],
      ] as const) {
        for (let i = 0; i < tries; i++) {
          const code = codes[n - 1]?.code ?? "";
          expect((await refusal(enter(`adivina-${n}@example.com`, wrong(code), undefined, ip))).status).toBe(422);
        }
      }
      const refused = await refusal(enter("adivina-3@example.com", codes[2]?.code ?? "", undefined, ip));
      expect(refused).toMatchObject({ status: 429, message: SIGN_IN_MESSAGES.tooManyAttempts });
      // From elsewhere the right code still works.
      expect((await enter("adivina-3@example.com", codes[2]?.code ?? "")).email).toBe("adivina-3@example.com");
    } finally {
      await updateSection(db, admin, "rateLimits", limits);
    }
  });

  it("counts wrong codes per e-mail per day from any connection, in parallel too; the link still works", async () => {
    const email = "asediada@example.com";
    // Each round: a fresh code, its 5 attempts spent by wrong guesses from fresh addresses at once.
    for (let round = 0; round < MAX_WRONG_CODES_PER_EMAIL_PER_DAY / 5; round++) {
      await ask(email, undefined, freshIp());
      const { code } = await letter(email);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => refusal(enter(email, wrong(code), undefined, freshIp()))),
      );
      expect(answers.every((answer) => answer.status === 422 || answer.status === 410)).toBe(true);
    }
    await ask(email, undefined, freshIp());
    const { code, link } = await letter(email);
    const refused = await refusal(enter(email, code, undefined, freshIp()));
    expect(refused).toMatchObject({ status: 429, message: SIGN_IN_MESSAGES.tooManyWrongCodes });
    // A day's window, counted in buckets of 1/15 of it (1.6 h): it frees between 22.4 and 24 hours later.
    expect(refused.retryAfter).toBeGreaterThan(22 * 3600);
    expect(refused.retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Another e-mail is not affected, and the e-mailed link still signs the owner in.
    await ask("vecina@example.com", undefined, freshIp());
    const other = await letter("vecina@example.com");
    expect((await enter("vecina@example.com", other.code)).email).toBe("vecina@example.com");
    expect((await signInWithLink(ctx(), link)).email).toBe(email);
  });

  it("gives the e-mail's daily turn back for a right code", async () => {
    const email = "acierta@example.com";
    for (let i = 0; i < MAX_WRONG_CODES_PER_EMAIL_PER_DAY + 2; i++) {
      await ask(email, undefined, freshIp());
      const { code } = await letter(email);
      expect((await enter(email, code)).email).toBe(email);
      await db.delete(customerCodes).where(eq(customerCodes.email, email));
    }
  });
});
