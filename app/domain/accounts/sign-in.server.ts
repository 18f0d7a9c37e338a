import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, min, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CODE_TTL_MS,
  CodeGone,
  codeHash,
  HOUR_MS,
  MAX_ATTEMPTS,
  MAX_CODES_PER_EMAIL_PER_HOUR,
  newSixDigitCode,
  sameHash,
  sixDigitCode,
  WrongCode,
  wrongCodeMessage,
} from "~/domain/email-codes/email-codes.server";
import { TooManyRequests } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { addressKey } from "~/domain/rate-limit/address-key";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import { hit, undoHit } from "~/domain/rate-limit/rate-limit.server";
import type { RequestContext } from "~/domain/request-context";
import { signingSecret } from "~/domain/secrets/signing.server";
import { getSection } from "~/domain/settings/settings.server";
import { emailSchema } from "~/lib/email-schema";
import type { Db } from "~db/index";
import { customerCodes, customers } from "~db/schema";
import { signInCodeMail } from "./mail.server";
import { createCustomerSession, deleteCustomerSession } from "./sessions.server";

/**
 * Sign-in to Mi cuenta without a password: the email gets a 6-digit code and a magic link (15 minutes,
 * single use, 5 attempts; the same rules as the botón de baja, app/domain/email-codes). Every address can
 * sign in (an account is its email), so the answer to a code request says nothing about who buys here.
 */
export const SIGN_IN_MESSAGES = {
  email: "Ingresá tu email (por ejemplo, nombre@correo.com).",
  code: "El código tiene 6 números: copialo del correo que te mandamos.",
  codeSent:
    "Te mandamos un código de 6 números y un enlace para entrar. Revisá tu correo (también el spam): vencen en 15 minutos.",
  tooManyFromIp: "Pediste demasiados códigos desde tu conexión. Probá de nuevo en un rato.",
  tooManyCodes:
    "Ya pediste 5 códigos para este email en la última hora. Usá el último que te llegó o probá de nuevo más tarde.",
  tooManyAttempts: "Demasiados intentos desde tu conexión. Probá de nuevo en unos minutos.",
  tooManyWrongCodes:
    "Hoy se probaron demasiados códigos equivocados para este email. Entrá con el enlace del último correo o probá de nuevo mañana.",
  dead: "El código venció o se usaron los 5 intentos. Pedí uno nuevo.",
  linkDead: "El enlace venció o ya se usó. Pedí un código nuevo para entrar.",
} as const;

const PURPOSE = "customer-sign-in";
const email = emailSchema({ invalid: SIGN_IN_MESSAGES.email });
export const codeRequestSchema = z.object({ email }).strict();
export const signInSchema = z.object({ email, code: sixDigitCode(SIGN_IN_MESSAGES.code) }).strict();
export type CodeRequest = z.infer<typeof codeRequestSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

type SignInContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "clientIp">;

/** The magic link's token is random and long: a plain SHA-256 is enough to keep it out of the table. */
const linkDigest = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Where the e-mailed link lands: a page with one button, so a mail scanner opening links cannot spend it. */
export const signInLinkUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/cuenta/ingresar?enlace=${encodeURIComponent(token)}`;

/**
 * Step 1: a code and a link for `address`. 429 past the per-IP limit (a setting) or past 5 codes for the
 * address in an hour; a new code ends the older unused ones.
 */
export async function requestSignInCode(
  ctx: SignInContext,
  { email: address }: CodeRequest,
  now = new Date(),
): Promise<{ message: string }> {
  await limitPerIp(ctx, "accountCodesPerIpPerHour", SIGN_IN_MESSAGES.tooManyFromIp);
  const secret = await signingSecret(ctx.db, ctx.configuredSecret ?? null);
  const code = newSixDigitCode();
  const link = randomBytes(32).toString("base64url");
  await ctx.db.transaction(async (tx) => {
    // One request per address at a time, so the hourly count cannot be overrun by a burst.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${PURPOSE}:${address}`}))`);
    const [recent] = await tx
      .select({ n: count(), oldest: min(customerCodes.createdAt) })
      .from(customerCodes)
      .where(and(eq(customerCodes.email, address), gt(customerCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.n ?? 0) >= MAX_CODES_PER_EMAIL_PER_HOUR) {
      const freeAt = (recent?.oldest?.getTime() ?? now.getTime()) + HOUR_MS;
      throw new TooManyRequests(SIGN_IN_MESSAGES.tooManyCodes, (freeAt - now.getTime()) / 1000);
    }
    await tx
      .update(customerCodes)
      .set({ expiresAt: now })
      .where(and(eq(customerCodes.email, address), isNull(customerCodes.usedAt), gt(customerCodes.expiresAt, now)));
    await tx.insert(customerCodes).values({
      email: address,
      codeHash: codeHash(secret, PURPOSE, address, code),
      linkHash: linkDigest(link),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    const mail = signInCodeMail({ siteUrl: ctx.siteUrl, code, linkUrl: signInLinkUrl(ctx.siteUrl, link) });
    await enqueueMail(tx as unknown as Db, { to: address, mail, siteUrl: ctx.siteUrl });
  });
  return { message: SIGN_IN_MESSAGES.codeSent };
}

export interface SignedIn {
  email: string;
  token: string;
  expiresAt: Date;
}

/** Codes that may be tried for one e-mail in a day, from anywhere (four codes' worth of attempts). */
export const MAX_WRONG_CODES_PER_EMAIL_PER_DAY = 4 * MAX_ATTEMPTS;
const DAY_SECONDS = 86_400;

interface VerifyTurns {
  byIp: { key: string; bucketStart: Date } | null;
  byEmail: { bucketStart: Date };
}

/**
 * Every code tried counts before it is checked (a right one gives its turns back): per address (one
 * connection cannot spread guesses over many e-mails; an IPv6 /64 is one address) and per e-mail per day
 * (many connections cannot pool guesses at one e-mail). The e-mailed link never goes through this, so
 * a stranger who spends an e-mail's daily wrong codes cannot keep its owner out.
 */
async function verifyLimit(ctx: SignInContext, address: string): Promise<VerifyTurns> {
  const { accountCodesPerIpPerHour } = await getSection(ctx.db, "rateLimits");
  const ipKey = ctx.clientIp ? addressKey(ctx.clientIp) : null;
  const [byIp, byEmail] = await Promise.all([
    ipKey
      ? hit(ctx.db, "account-verify-ip", ipKey, { max: accountCodesPerIpPerHour * MAX_ATTEMPTS, windowSeconds: 3600 })
      : null,
    hit(ctx.db, "account-verify-email", address, {
      max: MAX_WRONG_CODES_PER_EMAIL_PER_DAY,
      windowSeconds: DAY_SECONDS,
    }),
  ]);
  if (byIp && !byIp.allowed) {
    await undoHit(ctx.db, "account-verify-email", address, byEmail.bucketStart);
    throw new TooManyRequests(SIGN_IN_MESSAGES.tooManyAttempts, byIp.retryAfterSeconds);
  }
  if (!byEmail.allowed) {
    if (byIp && ipKey) await undoHit(ctx.db, "account-verify-ip", ipKey, byIp.bucketStart);
    throw new TooManyRequests(SIGN_IN_MESSAGES.tooManyWrongCodes, byEmail.retryAfterSeconds);
  }
  return { byIp: byIp && ipKey ? { key: ipKey, bucketStart: byIp.bucketStart } : null, byEmail };
}

async function giveTurnsBack(ctx: SignInContext, address: string, turns: VerifyTurns) {
  await Promise.all([
    turns.byIp ? undoHit(ctx.db, "account-verify-ip", turns.byIp.key, turns.byIp.bucketStart) : undefined,
    undoHit(ctx.db, "account-verify-email", address, turns.byEmail.bucketStart),
  ]);
}

/**
 * Step 2 with the code: the address's newest code. Wrong -> one attempt used (a conditional UPDATE, so
 * concurrent guesses cannot use more than 5) and 422 with the attempts left; expired, used, spent or none
 * -> 410. Right -> the code is spent (only one sign-in wins it) and a new session starts; the previous
 * session of this browser, if any, ends (no fixation).
 */
export async function signInWithCode(
  ctx: SignInContext,
  { email: address, code }: SignInInput,
  meta: { previousToken?: string | null } = {},
  now = new Date(),
): Promise<SignedIn> {
  return withRightCode(ctx, { email: address, code }, now, (tx) => startSession(tx, address, now, meta.previousToken));
}

/**
 * Every check of a typed code, whatever it proves (signing in, or a fresh proof before deleting the account
 * or downloading its data): the turns counted per address and per e-mail, the attempts, the expiry. A right
 * code is spent in the transaction that runs `use`, so the code is never spent without `use`'s effect (and
 * `use` throwing leaves it unspent).
 */
export async function withRightCode<T>(
  ctx: SignInContext,
  { email: address, code }: SignInInput,
  now: Date,
  use: (tx: Db) => Promise<T>,
): Promise<T> {
  const turns = await verifyLimit(ctx, address);
  const secret = await signingSecret(ctx.db, ctx.configuredSecret ?? null);
  const [row] = await ctx.db
    .select()
    .from(customerCodes)
    .where(eq(customerCodes.email, address))
    .orderBy(desc(customerCodes.id))
    .limit(1);
  if (!row) throw new CodeGone(SIGN_IN_MESSAGES.dead);
  const alive = and(
    eq(customerCodes.id, row.id),
    isNull(customerCodes.usedAt),
    lt(customerCodes.attempts, MAX_ATTEMPTS),
    gt(customerCodes.expiresAt, now),
  );
  if (!sameHash(row.codeHash, codeHash(secret, PURPOSE, address, code))) {
    const [used] = await ctx.db
      .update(customerCodes)
      .set({ attempts: sql`${customerCodes.attempts} + 1` })
      .where(alive)
      .returning({ attempts: customerCodes.attempts });
    const remaining = used ? MAX_ATTEMPTS - used.attempts : 0;
    if (remaining <= 0) throw new CodeGone(SIGN_IN_MESSAGES.dead);
    throw new WrongCode(wrongCodeMessage(remaining), { field: "code" });
  }
  const spent = await spend(ctx.db, alive, now, use);
  if (!spent) throw new CodeGone(SIGN_IN_MESSAGES.dead);
  await giveTurnsBack(ctx, address, turns);
  return spent.result;
}

/** Step 2 with the e-mailed link: the same spending of the code row, found by the link's hash. */
export async function signInWithLink(
  ctx: SignInContext,
  token: string,
  meta: { previousToken?: string | null } = {},
  now = new Date(),
): Promise<SignedIn> {
  if (!/^[\w-]{20,100}$/.test(token)) throw new CodeGone(SIGN_IN_MESSAGES.linkDead);
  const [row] = await ctx.db
    .select({ id: customerCodes.id, email: customerCodes.email })
    .from(customerCodes)
    .where(eq(customerCodes.linkHash, linkDigest(token)));
  if (!row) throw new CodeGone(SIGN_IN_MESSAGES.linkDead);
  const alive = and(
    eq(customerCodes.id, row.id),
    isNull(customerCodes.usedAt),
    lt(customerCodes.attempts, MAX_ATTEMPTS),
    gt(customerCodes.expiresAt, now),
  );
  const signedIn = await spend(ctx.db, alive, now, (tx) => startSession(tx, row.email, now, meta.previousToken));
  if (!signedIn) throw new CodeGone(SIGN_IN_MESSAGES.linkDead);
  return signedIn.result;
}

/** The email a live link would sign in as (for the page's "Entrar como …" button); null when spent. */
export async function linkEmail(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ email: customerCodes.email })
    .from(customerCodes)
    .where(
      and(
        eq(customerCodes.linkHash, linkDigest(token)),
        isNull(customerCodes.usedAt),
        lt(customerCodes.attempts, MAX_ATTEMPTS),
        gt(customerCodes.expiresAt, now),
      ),
    );
  return row?.email ?? null;
}

/**
 * Spends the code `alive` names and runs `use` in one transaction (a spent code always has its effect, and
 * a crash leaves the code unspent); null when another use won it first.
 */
async function spend<T>(
  db: Db,
  alive: ReturnType<typeof and>,
  now: Date,
  use: (tx: Db) => Promise<T>,
): Promise<{ result: T } | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [claimed] = await t
      .update(customerCodes)
      .set({ usedAt: now })
      .where(alive)
      .returning({ id: customerCodes.id });
    if (!claimed) return null;
    return { result: await use(t) };
  });
}

/** A spent code's sign-in: the customer recorded, this browser's previous session ended, a new one begun. */
async function startSession(tx: Db, address: string, now: Date, previousToken?: string | null): Promise<SignedIn> {
  await tx
    .insert(customers)
    .values({ email: address, lastSignInAt: now })
    .onConflictDoUpdate({ target: customers.email, set: { lastSignInAt: now } });
  if (previousToken) await deleteCustomerSession(tx, previousToken);
  const session = await createCustomerSession(tx, address);
  return { email: address, ...session };
}
