import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { wrongCodeMessage } from "~/domain/email-codes/email-codes.server";
import { DomainError, TooManyRequests } from "~/domain/errors";
import { customerSessions, mailOutbox } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import {
  confirmFreshCode,
  FRESH_MESSAGES,
  FRESH_PROOF_MS,
  hasFreshProof,
  requireFreshProof,
  sendFreshCode,
} from "./fresh-code.server";
import { createCustomerSession, customerSessionDigest } from "./sessions.server";
import {
  MAX_WRONG_CODES_PER_EMAIL_PER_DAY,
  requestSignInCode,
  SIGN_IN_MESSAGES,
  signInWithCode,
} from "./sign-in.server";

/*
 * Issue 34, item 5: deleting the account or downloading its data needs a proof of the email younger than
 * 10 minutes; an older session gets one by a code, through the sign-in's own code machinery and limits.
 */

const { db } = await adminTestDatabase();
const freshIp = clientIps("10.43");
const ctx = (clientIp = freshIp()) => ({ db, siteUrl: "http://localhost:3000", configuredSecret: null, clientIp });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** The code in the newest sign-in mail to `email`, as the reader reads it. */
async function mailedCode(email: string): Promise<string> {
  const sent = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "account-sign-in-code")))
    .orderBy(mailOutbox.id);
  const code = /Tu código para entrar a Rizoma: (\d{6})\./.exec(sent.at(-1)?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { status: error.status, message: error.message };
  }
  throw new Error("it was not refused");
}

describe("a fresh proof of the email", () => {
  it("is the sign-in for 10 minutes, then it is not", async () => {
    const now = new Date();
    const recent = await createCustomerSession(db, "reciente@example.com", minutesAgo(9));
    const older = await createCustomerSession(db, "reciente@example.com", minutesAgo(11));
    expect(FRESH_PROOF_MS).toBe(10 * 60_000);
    expect(await hasFreshProof(db, recent.token, now)).toBe(true);
    expect(await hasFreshProof(db, older.token, now)).toBe(false);
    expect(await hasFreshProof(db, null, now)).toBe(false);
    expect(await refusal(requireFreshProof(db, older.token, FRESH_MESSAGES.delete, now))).toEqual({
      status: 403,
      message: FRESH_MESSAGES.delete,
    });
    await requireFreshProof(db, recent.token, FRESH_MESSAGES.delete, now);
  });

  it("comes back with the e-mailed code, for this session only, and the code works once", async () => {
    const email = "vuelve@example.com";
    const here = await createCustomerSession(db, email, minutesAgo(60));
    const elsewhere = await createCustomerSession(db, email, minutesAgo(60));
    expect(await sendFreshCode(ctx(), email)).toEqual({ message: FRESH_MESSAGES.codeSent(email) });
    const code = await mailedCode(email);

    await confirmFreshCode(ctx(), email, here.token, { code });
    expect(await hasFreshProof(db, here.token)).toBe(true);
    expect(await hasFreshProof(db, elsewhere.token)).toBe(false);
    // Spent: it neither confirms again nor signs in.
    expect(await refusal(confirmFreshCode(ctx(), email, elsewhere.token, { code }))).toEqual({
      status: 410,
      message: SIGN_IN_MESSAGES.dead,
    });
    expect((await refusal(signInWithCode(ctx(), { email, code }))).status).toBe(410);
  });

  it("another email's code, or a session of another email, proves nothing", async () => {
    const mine = await createCustomerSession(db, "mia@example.com", minutesAgo(30));
    await requestSignInCode(ctx(), { email: "ajena@example.com" });
    const theirs = await mailedCode("ajena@example.com");
    // The code is checked against the signed-in email's newest code: there is none.
    expect((await refusal(confirmFreshCode(ctx(), "mia@example.com", mine.token, { code: theirs }))).status).toBe(410);
    // A code for "ajena" with a "mia" session: the session is not stamped, and the code stays unspent.
    expect(await refusal(confirmFreshCode(ctx(), "ajena@example.com", mine.token, { code: theirs }))).toEqual({
      status: 401,
      message: FRESH_MESSAGES.sessionGone,
    });
    expect(await hasFreshProof(db, mine.token)).toBe(false);
    expect((await signInWithCode(ctx(), { email: "ajena@example.com", code: theirs })).email).toBe("ajena@example.com");
  });

  it("counts wrong codes as the sign-in does: the same 5 attempts per code", async () => {
    const email = "equivocada@example.com";
    const session = await createCustomerSession(db, email, minutesAgo(20));
    await sendFreshCode(ctx(), email);
    const code = await mailedCode(email);
    expect(await refusal(confirmFreshCode(ctx(), email, session.token, { code: wrong(code) }))).toEqual({
      status: 422,
      message: wrongCodeMessage(4),
    });
    // The sign-in page sees the same attempts used.
    expect(await refusal(signInWithCode(ctx(), { email, code: wrong(code) }))).toEqual({
      status: 422,
      message: wrongCodeMessage(3),
    });
    for (const remaining of [2, 1]) {
      expect((await refusal(confirmFreshCode(ctx(), email, session.token, { code: wrong(code) }))).message).toBe(
        wrongCodeMessage(remaining),
      );
    }
    // The fifth wrong one ends the code: then even the right one is refused.
    const dead = { status: 410, message: SIGN_IN_MESSAGES.dead };
    expect(await refusal(confirmFreshCode(ctx(), email, session.token, { code: wrong(code) }))).toEqual(dead);
    expect(await refusal(confirmFreshCode(ctx(), email, session.token, { code }))).toEqual(dead);
    expect(await hasFreshProof(db, session.token)).toBe(false);
  });

  it("shares the e-mail's daily wrong codes with the sign-in: no second way to guess", async () => {
    const email = "sitiada@example.com";
    const session = await createCustomerSession(db, email, minutesAgo(20));
    for (let round = 0; round < MAX_WRONG_CODES_PER_EMAIL_PER_DAY / 5; round++) {
      await requestSignInCode(ctx(), { email });
      const code = await mailedCode(email);
      for (let i = 0; i < 5; i++) await refusal(signInWithCode(ctx(), { email, code: wrong(code) }));
    }
    await sendFreshCode(ctx(), email);
    const code = await mailedCode(email);
    const refused = await confirmFreshCode(ctx(), email, session.token, { code }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).message).toBe(SIGN_IN_MESSAGES.tooManyWrongCodes);
    expect(await hasFreshProof(db, session.token)).toBe(false);
  });

  it("asking for codes keeps the sign-in's 5 an hour per e-mail", async () => {
    const email = "insistente@example.com";
    for (let i = 0; i < 5; i++) await sendFreshCode(ctx(), email);
    expect(await refusal(sendFreshCode(ctx(), email))).toEqual({ status: 429, message: SIGN_IN_MESSAGES.tooManyCodes });
  });

  it("a session that ended meanwhile is not brought back, and keeps the code for a new sign-in", async () => {
    const email = "cerrada@example.com";
    const session = await createCustomerSession(db, email, minutesAgo(20));
    await sendFreshCode(ctx(), email);
    const code = await mailedCode(email);
    await db.delete(customerSessions).where(eq(customerSessions.tokenHash, customerSessionDigest(session.token)));
    expect(await refusal(confirmFreshCode(ctx(), email, session.token, { code }))).toEqual({
      status: 401,
      message: FRESH_MESSAGES.sessionGone,
    });
    expect((await signInWithCode(ctx(), { email, code })).email).toBe(email);
  });
});
