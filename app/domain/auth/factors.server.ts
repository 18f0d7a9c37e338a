import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { recordAudit } from "~/domain/audit/audit.server";
import { shopMode } from "~/domain/demo/demo-mode.server";
import { Invalid, NotFound } from "~/domain/errors";
import type { Db } from "~db/index";
import { adminFactors, adminRecoveryCodes, settings } from "~db/schema";
import type { AdminIdentity } from "./admin-users.server";
import { FACTOR_MESSAGES, type FactorSummary, RECOVERY_CODE_COUNT } from "./factors";
import { type AlertOrigin, alertOwners } from "./owner-alerts.server";
import { matchTotp, newTotpSecret, totpUri } from "./totp";

export { FACTOR_MESSAGES, type FactorSummary, RECOVERY_CODE_COUNT };

/**
 * Admins' second factors (issue 34, docs/decisions/0044): an authenticator app (TOTP) and passkeys, with ten
 * single-use recovery codes once the first factor is confirmed. Every check that consumes something — a
 * TOTP step, a recovery code — is one conditional UPDATE, so two requests racing with the same code are
 * settled by the database: one wins, the other is refused.
 */

const ISSUER = "Rizoma";
/** The settings row where an owner requires a second factor for everyone before the shop goes live. */
export const FACTOR_REQUIRED_KEY = "admin_factor_required";
/** An unconfirmed authenticator (QR shown, never confirmed) is dropped after this long. */
const UNCONFIRMED_MINUTES = 30;

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Whether this shop requires a second factor of every admin: never in a demo shop (it is offered there,
 * and the demo says so); always once the shop is live; before that, when an owner chose so in Equipo.
 */
export async function factorRequired(db: Db): Promise<boolean> {
  const mode = await shopMode(db);
  if (mode === "demo") return false;
  if (mode === "live") return true;
  return factorRequiredChoice(db);
}

/** What an owner chose for before the shop goes live (false when they never chose). */
export async function factorRequiredChoice(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, FACTOR_REQUIRED_KEY));
  return (row?.value as { required?: boolean } | undefined)?.required === true;
}

/**
 * An owner requires (or stops requiring) a second factor of the whole team before going live: written,
 * audited, and every owner told by e-mail (`origin`: where the request came from), in one transaction.
 */
export async function setFactorRequired(
  db: Db,
  actor: AdminIdentity,
  required: boolean,
  origin: AlertOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    await inner
      .insert(settings)
      .values({ key: FACTOR_REQUIRED_KEY, value: { required } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { required }, updatedAt: new Date() } });
    await recordAudit(inner, actor, {
      action: "team.factor_required",
      entity: "settings",
      entityId: FACTOR_REQUIRED_KEY,
      summary: required
        ? "Pidió el segundo factor a todo el equipo"
        : "Dejó el segundo factor como opcional hasta pasar a producción",
    });
    await alertOwners(inner, {
      ...origin,
      what: required
        ? "Ahora todo el equipo necesita un segundo factor para entrar"
        : "El segundo factor dejó de ser obligatorio para el equipo",
      actor,
      details: [["Segundo factor", required ? "Obligatorio para todo el equipo" : "Opcional hasta pasar a producción"]],
    });
  });
}

/** The admin's confirmed factors, oldest first, as Seguridad and Equipo list them. */
export async function listFactors(db: Db, userId: number): Promise<FactorSummary[]> {
  const rows = await db
    .select({
      id: adminFactors.id,
      kind: adminFactors.kind,
      label: adminFactors.label,
      createdAt: adminFactors.createdAt,
      lastUsedAt: adminFactors.lastUsedAt,
    })
    .from(adminFactors)
    .where(and(eq(adminFactors.userId, userId), isNotNull(adminFactors.confirmedAt)))
    .orderBy(asc(adminFactors.createdAt), asc(adminFactors.id));
  return rows;
}

/** Whether the admin has at least one confirmed factor (then every sign-in asks for it). */
export async function hasFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(adminFactors)
    .where(and(eq(adminFactors.userId, userId), isNotNull(adminFactors.confirmedAt)));
  return (row?.n ?? 0) > 0;
}

export interface TotpEnrolment {
  factorId: number;
  secret: string;
  uri: string;
  /** The QR to scan, as an SVG document (inline in the page: nothing leaves the shop). */
  qrSvg: string;
}

/**
 * Starts enrolling an authenticator app: a new secret, written unconfirmed (it counts only once a code
 * from the app confirms it), and the QR that carries it. Unconfirmed secrets older than half an hour go.
 */
export async function startTotp(db: Db, admin: AdminIdentity): Promise<TotpEnrolment> {
  await db
    .delete(adminFactors)
    .where(
      and(
        eq(adminFactors.userId, admin.id),
        isNull(adminFactors.confirmedAt),
        lt(adminFactors.createdAt, sql`now() - make_interval(mins => ${UNCONFIRMED_MINUTES})`),
      ),
    );
  const secret = newTotpSecret();
  const [row] = await db
    .insert(adminFactors)
    .values({ userId: admin.id, kind: "totp", label: "App de autenticación", secret })
    .returning({ id: adminFactors.id });
  if (!row) throw new Error("admin_factors insert returned nothing");
  const uri = totpUri(secret, admin.email, ISSUER);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { factorId: row.id, secret, uri, qrSvg };
}

/** The enrolment still waiting for its first code (the page shows its QR again after a wrong code), or null. */
export async function resumeTotp(db: Db, admin: AdminIdentity, factorId: number): Promise<TotpEnrolment | null> {
  const [row] = await db
    .select({ secret: adminFactors.secret })
    .from(adminFactors)
    .where(
      and(
        eq(adminFactors.id, factorId),
        eq(adminFactors.userId, admin.id),
        eq(adminFactors.kind, "totp"),
        isNull(adminFactors.confirmedAt),
      ),
    );
  if (!row?.secret) return null;
  const uri = totpUri(row.secret, admin.email, ISSUER);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { factorId, secret: row.secret, uri, qrSvg };
}

/**
 * Confirms an authenticator app with a code it shows. Returns the recovery codes when this is the admin's
 * first factor (shown once, never again), else null.
 */
export async function confirmTotp(
  db: Db,
  admin: AdminIdentity,
  input: { factorId: number; code: string; label?: string },
): Promise<{ recoveryCodes: string[] | null }> {
  const code = input.code.replace(/\s/g, "");
  const label = (input.label ?? "").trim().slice(0, 60) || "App de autenticación";
  return db.transaction(async (tx) => {
    const [factor] = await tx
      .select({ secret: adminFactors.secret, confirmedAt: adminFactors.confirmedAt })
      .from(adminFactors)
      .where(and(eq(adminFactors.id, input.factorId), eq(adminFactors.userId, admin.id), eq(adminFactors.kind, "totp")))
      .for("update");
    if (!factor?.secret || factor.confirmedAt) throw new NotFound(FACTOR_MESSAGES.enrolmentGone);
    const step = matchTotp(factor.secret, code);
    if (step === null) throw new Invalid(FACTOR_MESSAGES.wrongCode, { field: "code" });
    const hadFactor = await hasFactor(tx as unknown as Db, admin.id);
    await tx
      .update(adminFactors)
      .set({ confirmedAt: new Date(), lastStep: step, lastUsedAt: new Date(), label })
      .where(eq(adminFactors.id, input.factorId));
    await recordAudit(tx as unknown as Db, admin, {
      action: "admin.factor_added",
      entity: "admin",
      entityId: admin.id,
      summary: `Agregó un segundo factor: ${label}`,
      details: { kind: "totp", factorId: input.factorId },
    });
    const recoveryCodes = hadFactor ? null : await writeRecoveryCodes(tx as unknown as Db, admin.id);
    return { recoveryCodes };
  });
}

/**
 * Ten new recovery codes like `7KQ2-M9XD`, replacing any the admin had; only their hashes are kept. Called
 * when an admin confirms a first factor (an app here, a passkey in passkeys.server.ts) and on request.
 */
export async function writeRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db.insert(adminRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: digest(normalRecovery(code)) })));
  return codes;
}

/** New recovery codes on request (the old ones stop working), audited. */
export async function renewRecoveryCodes(db: Db, admin: AdminIdentity): Promise<string[]> {
  if (!(await hasFactor(db, admin.id))) throw new Invalid(FACTOR_MESSAGES.noFactorYet);
  return db.transaction(async (tx) => {
    const codes = await writeRecoveryCodes(tx as unknown as Db, admin.id);
    await recordAudit(tx as unknown as Db, admin, {
      action: "admin.recovery_codes",
      entity: "admin",
      entityId: admin.id,
      summary: "Generó nuevos códigos de recuperación",
    });
    return codes;
  });
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

const normalRecovery = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** What a typed code looks like: six digits from the app, or a recovery code. */
export const looksLikeCode = (code: string) =>
  /^\d{6}$/.test(code.replace(/\s/g, "")) || /^[0-9A-Z]{8}$/.test(normalRecovery(code));

/**
 * Checks a second-factor code for an admin: six digits against each confirmed authenticator (a step
 * already accepted is refused: a code works once), or a recovery code (spent in the same statement that
 * finds it). Returns what was used, or null for a wrong code.
 */
export async function verifyCode(db: Db, userId: number, rawCode: string): Promise<"totp" | "recovery" | null> {
  const code = rawCode.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) {
    const factors = await db
      .select({ id: adminFactors.id, secret: adminFactors.secret })
      .from(adminFactors)
      .where(and(eq(adminFactors.userId, userId), eq(adminFactors.kind, "totp"), isNotNull(adminFactors.confirmedAt)));
    for (const factor of factors) {
      if (!factor.secret) continue;
      const step = matchTotp(factor.secret, code);
      if (step === null) continue;
      const [used] = await db
        .update(adminFactors)
        .set({ lastStep: step, lastUsedAt: new Date() })
        .where(and(eq(adminFactors.id, factor.id), or(isNull(adminFactors.lastStep), lt(adminFactors.lastStep, step))))
        .returning({ id: adminFactors.id });
      return used ? "totp" : null;
    }
    return null;
  }
  const recovery = normalRecovery(code);
  if (!/^[0-9A-Z]{8}$/.test(recovery)) return null;
  const hash = digest(recovery);
  const [spent] = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ hash: adminRecoveryCodes.codeHash });
  return spent ? "recovery" : null;
}

/**
 * Removes one of the admin's own factors. The last one cannot go while the shop requires a factor (the
 * admin would be locked into enrolling again); with the last one the recovery codes go too.
 */
export async function removeFactor(db: Db, admin: AdminIdentity, factorId: number): Promise<void> {
  const required = await factorRequired(db);
  await db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: adminFactors.id, label: adminFactors.label, kind: adminFactors.kind })
      .from(adminFactors)
      .where(and(eq(adminFactors.userId, admin.id), isNotNull(adminFactors.confirmedAt)))
      .for("update");
    const factor = mine.find((row) => row.id === factorId);
    if (!factor) throw new NotFound(FACTOR_MESSAGES.notFound);
    if (mine.length === 1 && required) throw new Invalid(FACTOR_MESSAGES.lastRequired);
    await tx.delete(adminFactors).where(eq(adminFactors.id, factorId));
    if (mine.length === 1) await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id));
    await recordAudit(tx as unknown as Db, admin, {
      action: "admin.factor_removed",
      entity: "admin",
      entityId: admin.id,
      summary: `Quitó un segundo factor: ${factor.label}`,
      details: { kind: factor.kind, factorId },
    });
  });
}
