import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, DomainError, Invalid, NotFound } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { getSection } from "~/domain/settings/settings.server";
import { csvDocument } from "~/lib/csv";
import { endOfDay, numericDateTime } from "~/lib/dates";
import { randomCode } from "~/lib/random-code.server";
import { zodMessage } from "~/lib/zod-spanish";
import { isUniqueViolation } from "~db/errors";
import type { Db } from "~db/index";
import { prizeClaims, qrCodes } from "~db/schema";
import { prizeClaimedShop, prizeClaimedWinner } from "./mail.server";
import {
  type ClaimInput,
  type CreateCodeInput,
  claimSchema,
  createCodeSchema,
  EXPIRED_CODE,
  INVALID_CODE,
  initialOf,
  normaliseCode,
  type PublicQrCode,
  type PublicStatus,
  QR_CODE_MAX,
  QR_STYLE,
} from "./rules";

export type { PublicQrCode, PublicStatus } from "./rules";

export class Gone extends DomainError {
  override readonly status = 410;
}

type QrRow = typeof qrCodes.$inferSelect;

const statusOf = (row: Pick<QrRow, "status" | "expiresAt">, now = new Date()): PublicStatus =>
  row.status === "validated" ? "validated" : row.expiresAt && row.expiresAt <= now ? "expired" : "pending";

export const qrUrl = (siteUrl: string, code: string) => `${siteUrl}/qr/${encodeURIComponent(code)}`;

/** The QR of a code's page: PNG as a data URL (the API's `qrImage`), or SVG for print. */
export async function qrImage(siteUrl: string, code: string, format: "png" | "svg" = "png"): Promise<string> {
  const options = {
    errorCorrectionLevel: QR_STYLE.errorCorrectionLevel,
    margin: QR_STYLE.margin,
    width: QR_STYLE.width,
    color: { dark: QR_STYLE.dark, light: QR_STYLE.light },
  };
  return format === "svg"
    ? QRCode.toString(qrUrl(siteUrl, code), { ...options, type: "svg" })
    : QRCode.toDataURL(qrUrl(siteUrl, code), options);
}

export async function qrPng(siteUrl: string, code: string): Promise<Buffer> {
  return QRCode.toBuffer(qrUrl(siteUrl, code), {
    errorCorrectionLevel: QR_STYLE.errorCorrectionLevel,
    margin: QR_STYLE.margin,
    width: QR_STYLE.width,
    color: { dark: QR_STYLE.dark, light: QR_STYLE.light },
  });
}

/** Creates a code (the admin's own, or a generated one). A code that exists -> 409 'El código ya existe'. */
export async function createCode(
  db: Db,
  admin: AdminIdentity,
  raw: CreateCodeInput | unknown,
  siteUrl: string,
): Promise<{ code: string; qrUrl: string; qrImage: string }> {
  const parsed = createCodeSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;
  for (let attempt = 0; ; attempt++) {
    const code = input.code ?? randomCode(QR_CODE_MAX);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(qrCodes).values({
          code,
          bookTitle: input.bookTitle,
          description: input.description,
          expiresAt: input.expiresAt ? endOfDay(input.expiresAt) : null,
        });
        await recordAudit(tx as unknown as Db, admin, {
          action: "qr.create",
          entity: "qr_code",
          entityId: code,
          summary: `Creó el código QR ${code} («${input.bookTitle}»)`,
        });
      });
      return { code, qrUrl: qrUrl(siteUrl, code), qrImage: await qrImage(siteUrl, code) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.code || attempt >= 4) throw new Conflict("El código ya existe");
    }
  }
}

export interface AdminQrCode {
  id: number;
  code: string;
  bookTitle: string;
  description: string | null;
  status: PublicStatus;
  createdAt: string;
  validatedAt: string | null;
  expiresAt: string | null;
}

export async function listCodes(db: Db): Promise<AdminQrCode[]> {
  const rows = await db.select().from(qrCodes).orderBy(desc(qrCodes.createdAt), desc(qrCodes.id));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    bookTitle: row.bookTitle,
    description: row.description,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    validatedAt: row.validatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}

export interface Winner {
  id: number;
  name: string;
  email: string;
  dni: string;
  phone: string;
  bookTitle: string;
  code: string;
  claimedAt: string;
}

export async function listWinners(db: Db): Promise<Winner[]> {
  const rows = await db
    .select({
      id: prizeClaims.id,
      name: prizeClaims.name,
      email: prizeClaims.email,
      dni: prizeClaims.dni,
      phone: prizeClaims.phone,
      bookTitle: qrCodes.bookTitle,
      code: qrCodes.code,
      claimedAt: prizeClaims.claimedAt,
    })
    .from(prizeClaims)
    .innerJoin(qrCodes, eq(qrCodes.id, prizeClaims.qrCodeId))
    .orderBy(desc(prizeClaims.claimedAt), desc(prizeClaims.id));
  return rows.map((row) => ({ ...row, claimedAt: row.claimedAt.toISOString() }));
}

export async function winnersCsv(db: Db): Promise<string> {
  return csvDocument(
    ["Nombre", "Email", "DNI", "Teléfono", "Libro", "Código", "Fecha"],
    (await listWinners(db)).map((w) => [
      w.name,
      w.email,
      w.dni,
      w.phone,
      w.bookTitle,
      w.code,
      numericDateTime(w.claimedAt),
    ]),
  );
}

const TOO_MANY_CHECKS = "Demasiadas consultas de códigos desde tu conexión. Esperá un minuto y probá de nuevo.";
const TOO_MANY_CLAIMS = "Demasiados intentos de reclamo desde tu conexión. Esperá un minuto y probá de nuevo.";

/** What anyone with the link may see of a code. */
export async function checkCode(
  ctx: Pick<RequestContext, "db" | "clientIp">,
  rawCode: string | undefined,
): Promise<PublicQrCode> {
  const { db } = ctx;
  await limitPerIp(ctx, "qrChecksPerMinute", TOO_MANY_CHECKS);
  const code = normaliseCode(rawCode);
  if (!/^[A-Z0-9]{1,8}$/.test(code)) throw new NotFound(INVALID_CODE);
  const [row] = await db
    .select({
      code: qrCodes.code,
      bookTitle: qrCodes.bookTitle,
      description: qrCodes.description,
      status: qrCodes.status,
      expiresAt: qrCodes.expiresAt,
      validatedAt: qrCodes.validatedAt,
      claimedAt: prizeClaims.claimedAt,
      claimedBy: prizeClaims.name,
    })
    .from(qrCodes)
    .leftJoin(prizeClaims, eq(prizeClaims.qrCodeId, qrCodes.id))
    .where(eq(qrCodes.code, code));
  if (!row) throw new NotFound(INVALID_CODE);
  const status = statusOf(row);
  return {
    code: row.code,
    bookTitle: row.bookTitle,
    description: row.description,
    status,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    canClaim: status === "pending",
    winnerInfo:
      row.claimedAt && row.claimedBy
        ? { claimedAt: row.claimedAt.toISOString(), claimedByName: initialOf(row.claimedBy) }
        : null,
  };
}

/**
 * Claims a code's prize. Exactly one claim wins, settled by the database: the code's row is locked for
 * the transaction, the claim insert is UNIQUE per code, and the status moves from 'pending' only once.
 * Everyone else gets 409 with the date and the winner's initial. The winner and the shop are e-mailed
 * through the outbox, in the same transaction.
 */
export async function claimPrize(
  ctx: Pick<RequestContext, "db" | "clientIp" | "siteUrl" | "shopEmail">,
  rawCode: string | undefined,
  raw: ClaimInput | unknown,
): Promise<{ message: string; claimedAt: string }> {
  const { db, siteUrl } = ctx;
  await limitPerIp(ctx, "qrClaimsPerMinute", TOO_MANY_CLAIMS);
  const code = normaliseCode(rawCode);
  if (!/^[A-Z0-9]{1,8}$/.test(code)) throw new NotFound(INVALID_CODE);
  const parsed = claimSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;
  const contact = await getSection(db, "contact");

  return db.transaction(async (tx) => {
    const [qr] = await tx.select().from(qrCodes).where(eq(qrCodes.code, code)).for("update");
    if (!qr) throw new NotFound(INVALID_CODE);
    if (qr.status === "pending" && statusOf(qr) === "expired") throw new Gone(EXPIRED_CODE);
    const [claim] = await tx
      .insert(prizeClaims)
      .values({ qrCodeId: qr.id, ...input })
      .onConflictDoNothing({ target: prizeClaims.qrCodeId })
      .returning({ claimedAt: prizeClaims.claimedAt });
    if (!claim) {
      const [winner] = await tx
        .select({ claimedAt: prizeClaims.claimedAt, name: prizeClaims.name })
        .from(prizeClaims)
        .where(eq(prizeClaims.qrCodeId, qr.id));
      throw new Conflict("Este premio ya fue reclamado", {
        alreadyClaimed: true,
        claimedAt: winner?.claimedAt.toISOString() ?? null,
        claimedByInitial: winner ? initialOf(winner.name) : null,
        message: "Este premio ya fue reclamado",
      });
    }
    const [validated] = await tx
      .update(qrCodes)
      .set({ status: "validated", validatedAt: claim.claimedAt })
      .where(and(eq(qrCodes.id, qr.id), eq(qrCodes.status, "pending")))
      .returning({ id: qrCodes.id });
    if (!validated) throw new Error(`QR ${code} had a claim inserted but was not pending`);

    const details = { code, bookTitle: qr.bookTitle, ...input, claimedAt: claim.claimedAt };
    await enqueueMail(tx as unknown as Db, {
      to: input.email,
      mail: prizeClaimedWinner({ siteUrl, claim: details, contact }),
      siteUrl,
    });
    const shopEmail = ctx.shopEmail ?? contact.email;
    if (shopEmail) {
      await enqueueMail(tx as unknown as Db, {
        to: shopEmail,
        mail: prizeClaimedShop({ siteUrl, claim: details }),
        siteUrl,
      });
    }
    return {
      message:
        "¡Felicitaciones! Reclamaste tu premio. Nuestro equipo se va a comunicar con vos dentro de las 24-48 horas.",
      claimedAt: claim.claimedAt.toISOString(),
    };
  });
}

/** Dashboard figures: codes still available, and prizes claimed this Buenos Aires month. */
export async function prizeFigures(db: Db): Promise<{ available: number; claimedThisMonth: number }> {
  const monthStart = sql`date_trunc('month', now() at time zone 'America/Argentina/Buenos_Aires') at time zone 'America/Argentina/Buenos_Aires'`;
  const [[available], [claimed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(qrCodes)
      .where(and(eq(qrCodes.status, "pending"), sql`(${qrCodes.expiresAt} is null or ${qrCodes.expiresAt} > now())`)),
    db.select({ n: count() }).from(prizeClaims).where(gte(prizeClaims.claimedAt, monthStart)),
  ]);
  return { available: available?.n ?? 0, claimedThisMonth: claimed?.n ?? 0 };
}
