import { isIP } from "node:net";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import { Conflict, Invalid, Unauthorized } from "~/domain/errors";
import type { Db } from "~db/index";
import { adminFactors, adminSessions, adminUsers } from "~db/schema";
import type { AdminIdentity } from "./admin-users.server";
import { FACTOR_MESSAGES } from "./factors";
import { hasFactor, writeRecoveryCodes } from "./factors.server";
import { countAttempt } from "./login.server";
import { DEFAULT_PASSKEY_LABEL, PASSKEY_LABEL_MAX, PASSKEY_MESSAGES } from "./passkeys";
import { digestToken, finishEnrolment, markProved, readSession } from "./sessions.server";

export { PASSKEY_MESSAGES };

/**
 * Passkeys (WebAuthn) as an admin's second factor (issue 34, docs/decisions/0045), with SimpleWebAuthn.
 * Each ceremony has two requests: options (a fresh challenge, kept on the admin's own session row) and the
 * browser's answer, checked against that challenge. A challenge works once: the statement that reads it
 * also clears it, so a replayed answer, or two racing, find nothing and are refused.
 */

const RP_NAME = "Rizoma";
/** How long the browser's prompt stays open, and how long the server keeps its challenge. */
const CEREMONY_MS = 2 * 60 * 1000;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Where the ceremony happens: the RP ID the credential is scoped to and the page's exact origin. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

const loopbackName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * The relying party for a request. Normally the shop's public address (PUBLIC_URL): its host name is the RP
 * ID and its origin the only one accepted. A page opened at `localhost` (or `*.localhost`: development, the
 * e2e suite) uses its own name and origin instead — browsers treat those as secure and as valid RP IDs,
 * and a credential made there only ever works there. An IP address can never be an RP ID (WebAuthn wants a
 * domain), so a shop published as `http://127.0.0.1:3000` says so instead of failing in the browser.
 * `browserOrigin` is the request's Origin header (already checked by the CSRF guard), null when absent.
 */
export function relyingParty(publicUrl: string, browserOrigin: string | null): RelyingParty {
  if (browserOrigin) {
    const own = new URL(browserOrigin);
    if (loopbackName(own.hostname)) return { rpID: own.hostname, origin: own.origin };
  }
  const shop = new URL(publicUrl);
  if (isIP(shop.hostname.replace(/^\[|\]$/g, ""))) throw new Invalid(PASSKEY_MESSAGES.ipAddress);
  if (browserOrigin && new URL(browserOrigin).origin !== shop.origin) {
    throw new Invalid(PASSKEY_MESSAGES.otherOrigin(shop.origin));
  }
  return { rpID: shop.hostname, origin: shop.origin };
}

// What the browser sends back (SimpleWebAuthn's RegistrationResponseJSON / AuthenticationResponseJSON):
// checked for shape and size here; the library then checks every byte of it.
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.invalidResponse })
    .min(1, PASSKEY_MESSAGES.invalidResponse)
    .max(max, PASSKEY_MESSAGES.invalidResponse)
    .regex(/^[A-Za-z0-9_-]+$/, PASSKEY_MESSAGES.invalidResponse);

/** A transport's name ("internal", "usb", "hybrid"...). */
const transportName = z
  .string({ error: PASSKEY_MESSAGES.invalidResponse })
  .max(32, PASSKEY_MESSAGES.invalidResponse)
  .regex(/^[a-z0-9-]+$/, PASSKEY_MESSAGES.invalidResponse);

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key", { error: PASSKEY_MESSAGES.invalidResponse }),
  authenticatorAttachment: z
    .enum(["platform", "cross-platform"], { error: PASSKEY_MESSAGES.invalidResponse })
    .optional(),
  clientExtensionResults: z.record(z.string(), z.unknown(), { error: PASSKEY_MESSAGES.invalidResponse }),
};

export const registrationResponseSchema = z.strictObject(
  {
    ...credentialFields,
    response: z.strictObject(
      {
        clientDataJSON: base64url(4096),
        attestationObject: base64url(24_000),
        authenticatorData: base64url(24_000).optional(),
        transports: z
          .array(transportName, { error: PASSKEY_MESSAGES.invalidResponse })
          .max(10, PASSKEY_MESSAGES.invalidResponse)
          .optional(),
        publicKeyAlgorithm: z
          .number({ error: PASSKEY_MESSAGES.invalidResponse })
          .int(PASSKEY_MESSAGES.invalidResponse)
          .optional(),
        publicKey: base64url(4096).optional(),
      },
      { error: PASSKEY_MESSAGES.invalidResponse },
    ),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

export const authenticationResponseSchema = z.strictObject(
  {
    ...credentialFields,
    response: z.strictObject(
      {
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(4096),
        signature: base64url(2048),
        userHandle: base64url(256).optional(),
      },
      { error: PASSKEY_MESSAGES.invalidResponse },
    ),
  },
  { error: PASSKEY_MESSAGES.invalidResponse },
);

/** POST /api/admin/passkeys/register */
export const registerPasskeySchema = z
  .object({
    response: registrationResponseSchema,
    label: z.string({ error: "El nombre no es válido" }).max(200, "El nombre es demasiado largo").optional(),
  })
  .strict();
export interface RegisterPasskeyInput {
  response: RegistrationResponseJSON | z.infer<typeof registrationResponseSchema>;
  label?: string;
}

/** POST /api/auth/passkey/verify */
export const signInPasskeySchema = z
  .object({
    response: authenticationResponseSchema,
    next: z.string({ error: "La dirección no es válida" }).max(500, "La dirección no es válida").optional(),
  })
  .strict();

/** The challenge is stored with when it was given (`<ms>.<challenge>`): an old one is as good as none. */
async function keepChallenge(db: Db, sessionToken: string, challenge: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ challenge: `${Date.now()}.${challenge}` })
    .where(eq(adminSessions.tokenHash, digestToken(sessionToken)));
}

/**
 * Takes the session's challenge and clears it in the same statement (the row locked while it is read), so
 * it is used at most once however many answers race for it. Null when there is none, or it is too old.
 */
export async function takeChallenge(db: Db, sessionToken: string): Promise<string | null> {
  const result = await db.execute(sql`
    update admin_sessions as s set challenge = null
    from (select token_hash, challenge from admin_sessions where token_hash = ${digestToken(sessionToken)} for update) as old
    where s.token_hash = old.token_hash and old.challenge is not null
    returning old.challenge as challenge`);
  const stored = (result as unknown as { rows: { challenge: string }[] }).rows[0]?.challenge;
  const dot = stored?.indexOf(".") ?? -1;
  if (!stored || dot < 1) return null;
  const issuedAt = Number(stored.slice(0, dot));
  if (!Number.isFinite(issuedAt) || Date.now() - issuedAt > CHALLENGE_TTL_MS) return null;
  return stored.slice(dot + 1);
}

const splitTransports = (text: string | null) => (text ? text.split(",").filter(Boolean) : undefined);

async function passkeysOf(db: Db, userId: number) {
  return db
    .select({
      id: adminFactors.id,
      credentialId: adminFactors.credentialId,
      publicKey: adminFactors.publicKey,
      signCount: adminFactors.signCount,
      transports: adminFactors.transports,
    })
    .from(adminFactors)
    .where(and(eq(adminFactors.userId, userId), eq(adminFactors.kind, "passkey"), isNotNull(adminFactors.confirmedAt)));
}

/** Options for adding a passkey (the admin's own ones excluded: an authenticator holding one says so). */
export async function registrationOptions(
  db: Db,
  admin: AdminIdentity,
  sessionToken: string,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, admin.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: admin.email,
    userDisplayName: admin.email,
    timeout: CEREMONY_MS,
    attestationType: "none",
    excludeCredentials: existing.flatMap((key) =>
      key.credentialId ? [{ id: key.credentialId, transports: splitTransports(key.transports) }] : [],
    ),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(db, sessionToken, options.challenge);
  return options;
}

/**
 * Adds the passkey the browser just created, once its attestation checks out against this session's
 * challenge (spent either way). The admin's first factor also brings the ten recovery codes (returned, to
 * be shown once) and ends an enrolment-only session's restriction.
 */
export async function registerPasskey(
  db: Db,
  admin: AdminIdentity,
  sessionToken: string,
  input: RegisterPasskeyInput,
  rp: RelyingParty,
): Promise<{ recoveryCodes: string[] | null; label: string }> {
  const label = (input.label ?? "").trim().slice(0, PASSKEY_LABEL_MAX) || DEFAULT_PASSKEY_LABEL;
  const expectedChallenge = await takeChallenge(db, sessionToken);
  if (!expectedChallenge) throw new Invalid(PASSKEY_MESSAGES.challengeGone);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      // A second factor after the password: presence is enough, a PIN or fingerprint is welcome.
      requireUserVerification: false,
    });
  } catch {
    throw new Invalid(PASSKEY_MESSAGES.notRegistered);
  }
  if (!verification.verified) throw new Invalid(PASSKEY_MESSAGES.notRegistered);
  const { credential } = verification.registrationInfo;

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const hadFactor = await hasFactor(txDb, admin.id);
    const now = new Date();
    const [row] = await tx
      .insert(adminFactors)
      .values({
        userId: admin.id,
        kind: "passkey",
        label,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        signCount: credential.counter,
        transports: credential.transports?.join(",") || null,
        confirmedAt: now,
      })
      .onConflictDoNothing({ target: adminFactors.credentialId })
      .returning({ id: adminFactors.id });
    if (!row) throw new Conflict(PASSKEY_MESSAGES.taken);
    await recordAudit(txDb, admin, {
      action: "admin.factor_added",
      entity: "admin",
      entityId: admin.id,
      summary: `Agregó un segundo factor: ${label}`,
      details: { kind: "passkey", factorId: row.id },
    });
    const recoveryCodes = hadFactor ? null : await writeRecoveryCodes(txDb, admin.id);
    await finishEnrolment(txDb, admin.id);
    return { recoveryCodes, label };
  });
}

/** Options for proving a session with one of the admin's passkeys (only theirs are allowed). */
export async function authenticationOptions(
  db: Db,
  sessionToken: string,
  userId: number,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await passkeysOf(db, userId);
  if (keys.length === 0) throw new Invalid(PASSKEY_MESSAGES.noPasskeys);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: CEREMONY_MS,
    userVerification: "preferred",
    allowCredentials: keys.flatMap((key) =>
      key.credentialId ? [{ id: key.credentialId, transports: splitTransports(key.transports) }] : [],
    ),
  });
  await keepChallenge(db, sessionToken, options.challenge);
  return options;
}

/** The sign-in's second step: options for the admin whose password was right on this half-session. */
export async function signInOptions(
  db: Db,
  pendingToken: string | null,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const pending = pendingToken ? await readSession(db, pendingToken) : null;
  if (!pendingToken || pending?.stage !== "factor") throw new Unauthorized(FACTOR_MESSAGES.signInAgain);
  return authenticationOptions(db, pendingToken, pending.admin.id, rp);
}

/**
 * Whether `response` is a valid assertion by one of `userId`'s passkeys over this session's challenge
 * (spent by this call, whatever the answer). On success the key's counter and last use are written; a
 * counter that did not move forward (a cloned key) is refused by the library. For the sign-in's second
 * step (`completeSignIn`'s proof) and for a step-up.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  sessionToken: string,
  userId: number,
  response: AuthenticationResponseJSON | z.infer<typeof authenticationResponseSchema>,
  rp: RelyingParty,
): Promise<boolean> {
  const expectedChallenge = await takeChallenge(db, sessionToken);
  if (!expectedChallenge) return false;
  const key = (await passkeysOf(db, userId)).find((row) => row.credentialId === response.id);
  if (!key?.credentialId || !key.publicKey) return false;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.signCount,
        transports: splitTransports(key.transports),
      },
      requireUserVerification: false,
    });
    if (!verified) return false;
    // Written only if no other assertion moved the counter meanwhile.
    const [used] = await db
      .update(adminFactors)
      .set({ signCount: authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(and(eq(adminFactors.id, key.id), eq(adminFactors.signCount, key.signCount)))
      .returning({ id: adminFactors.id });
    return used !== undefined;
  } catch {
    return false;
  }
}

/** Whether the admin with this e-mail has a passkey (the sign-in's second step then offers it). */
export async function hasPasskey(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminFactors.id })
    .from(adminFactors)
    .innerJoin(adminUsers, eq(adminUsers.id, adminFactors.userId))
    .where(and(eq(adminUsers.email, email), eq(adminFactors.kind, "passkey"), isNotNull(adminFactors.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * A step-up with a passkey (docs/decisions/0046): the admin's assertion over this session's challenge marks
 * the session proved for the next 10 minutes. A refused one counts in the sign-in's lockout (per e-mail and
 * address) and lands in the audit log, as a wrong code does.
 */
export async function stepUpWithPasskey(
  db: Db,
  admin: AdminIdentity,
  sessionToken: string,
  response: z.infer<typeof authenticationResponseSchema>,
  rp: RelyingParty,
  ip: string,
): Promise<void> {
  const forgive = await countAttempt(db, admin.email, ip);
  if (!(await verifyPasskeyAssertion(db, sessionToken, admin.id, response, rp))) {
    await recordAudit(db, admin, {
      action: "admin.step_up_failed",
      entity: "admin",
      entityId: admin.id,
      summary: "Su llave de acceso no se pudo verificar al confirmar su identidad",
      details: { method: "passkey", ip },
    });
    throw new Unauthorized(PASSKEY_MESSAGES.refused);
  }
  await forgive();
  await markProved(db, sessionToken);
}
