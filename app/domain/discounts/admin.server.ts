import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { ZodError, z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { startOfDay, todayInBuenosAires } from "~/lib/dates";
import { type Cents, centsToPesos, formatMoney } from "~/lib/money";
import { idParam } from "~/lib/params";
import { randomCode } from "~/lib/random-code.server";
import { zodMessage } from "~/lib/zod-spanish";
import { isForeignKeyViolation, isUniqueViolation } from "~db/errors";
import type { Db } from "~db/index";
import { discountCodes, discountRedemptions } from "~db/schema";
import {
  type CreateDiscountInput,
  createDiscountSchema,
  DISCOUNT_FORM_MESSAGES,
  isToggleBody,
  toggleDiscountSchema,
  updateDiscountSchema,
} from "./input";
import { type DiscountDisplayStatus, discountDisplayStatus } from "./rules";

/** The admin side of discount codes (/admin/descuentos and /api/discount-codes/*). */

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export interface AdminDiscountCode extends DiscountCodeRow {
  status: DiscountDisplayStatus;
}

export const DISCOUNT_NOT_FOUND = "Código de descuento no encontrado";
export const DELETE_USED = "No se puede eliminar un código que ya se usó: desactivalo para que no se use más";
export const GENERATED_CODE_LENGTH = 8;
export const alreadyExists = (code: string) => `El código ${code} ya existe`;
export const belowUses = (used: number) =>
  `Los usos máximos no pueden ser menos que los usos que ya tiene el código (${used.toLocaleString("es-AR")})`;

/** Ids from URLs and forms: anything but a plain positive integer is no code. */
export const discountCodeId = (raw: unknown): number => idParam(raw, DISCOUNT_NOT_FOUND);

/** Bad input names its field next to the Spanish message (`{success:false, error, field}`). */
function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw invalid(parsed.error);
}

const invalid = (error: ZodError) => {
  const field = error.issues[0]?.path[0];
  return new Invalid(zodMessage(error), typeof field === "string" ? { field } : undefined);
};

const withStatus = (row: DiscountCodeRow, now: Date): AdminDiscountCode => ({
  ...row,
  status: discountDisplayStatus(row, now),
});

/** Every code, newest first, with the spec's display status. */
export async function listDiscountCodes(db: Db, now = new Date()): Promise<AdminDiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map((row) => withStatus(row, now));
}

export async function getDiscountCode(db: Db, id: number, now = new Date()): Promise<AdminDiscountCode | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row ? withStatus(row, now) : null;
}

/** Counts as "active" exactly what `discountDisplayStatus` calls active. */
const activeNow = (now: Date) =>
  sql`${discountCodes.active} and (${discountCodes.validUntil} is null or ${discountCodes.validUntil} > ${now}) and (${discountCodes.maxUses} is null or ${discountCodes.usedCount} < ${discountCodes.maxUses})`;

export interface DiscountStats {
  totalCodes: number;
  activeCodes: number;
  totalUsage: number;
  /** What the codes took off orders that still stand (released uses of cancelled orders excluded). */
  totalDiscountGivenCents: Cents;
}

export async function discountStats(db: Db, now = new Date()): Promise<DiscountStats> {
  const [[codes], [given]] = await Promise.all([
    db
      .select({
        totalCodes: count(),
        activeCodes: sql<number>`count(*) filter (where ${activeNow(now)})`.mapWith(Number),
        totalUsage: sql<number>`coalesce(sum(${discountCodes.usedCount}), 0)`.mapWith(Number),
      })
      .from(discountCodes),
    db
      .select({ cents: sql<number>`coalesce(sum(${discountRedemptions.amountCents}), 0)`.mapWith(Number) })
      .from(discountRedemptions)
      .where(isNull(discountRedemptions.releasedAt)),
  ]);
  return {
    totalCodes: codes?.totalCodes ?? 0,
    activeCodes: codes?.activeCodes ?? 0,
    totalUsage: codes?.totalUsage ?? 0,
    totalDiscountGivenCents: given?.cents ?? 0,
  };
}

/** The dashboard's figure: codes usable now and the uses of this Buenos Aires month (still standing). */
export async function discountFigures(
  db: Db,
  now = new Date(),
): Promise<{ activeCodes: number; usesThisMonth: number }> {
  const monthStart = startOfDay(`${todayInBuenosAires(now).slice(0, 7)}-01`);
  const [[codes], [uses]] = await Promise.all([
    db.select({ n: count() }).from(discountCodes).where(activeNow(now)),
    db
      .select({ n: count() })
      .from(discountRedemptions)
      .where(and(isNull(discountRedemptions.releasedAt), gte(discountRedemptions.createdAt, monthStart))),
  ]);
  return { activeCodes: codes?.n ?? 0, usesThisMonth: uses?.n ?? 0 };
}

/** The API's shape of a code: the spec's entity fields, amounts in pesos, dates in ISO, plus `status`. */
export const discountCodeJson = (code: AdminDiscountCode) => ({
  id: code.id,
  code: code.code,
  description: code.description,
  discountPercentage: code.discountPercentage,
  discountAmount: centsToPesos(code.discountAmountCents),
  minimumAmount: centsToPesos(code.minimumAmountCents),
  maxUses: code.maxUses,
  usedCount: code.usedCount,
  validUntil: code.validUntil?.toISOString() ?? null,
  active: code.active,
  createdAt: code.createdAt.toISOString(),
  status: code.status,
});

export const discountStatsJson = ({ totalDiscountGivenCents, ...counts }: DiscountStats) => ({
  ...counts,
  totalDiscountGiven: centsToPesos(totalDiscountGivenCents),
});

/** "10 %" or "$ 1.500": what a code takes off, for people. */
export const discountText = (code: Pick<DiscountCodeRow, "discountPercentage" | "discountAmountCents">) =>
  code.discountPercentage !== null ? `${code.discountPercentage} %` : formatMoney(code.discountAmountCents ?? 0);

type Terms = Omit<CreateDiscountInput, "customCode">;
const auditTerms = (terms: Partial<Terms>) => ({
  ...terms,
  validUntil: terms.validUntil === undefined ? undefined : (terms.validUntil?.toISOString() ?? null),
});

/**
 * Creates a code: the admin's own (uppercased, 3-20 letters and digits) or, when blank, a generated one
 * of 8 unambiguous characters. A code that exists -> 409; the unique index settles simultaneous creates.
 */
export async function createDiscountCode(
  db: Db,
  admin: AdminIdentity,
  raw: unknown,
  now = new Date(),
): Promise<AdminDiscountCode> {
  const { customCode, ...terms } = parse(createDiscountSchema, raw);
  for (let attempt = 0; ; attempt++) {
    const code = customCode ?? randomCode(GENERATED_CODE_LENGTH);
    try {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(discountCodes)
          .values({ ...terms, code })
          .returning();
        if (!row) throw new Error("insert returned no row");
        await recordAudit(tx as unknown as Db, admin, {
          action: "discount.create",
          entity: "discount_code",
          entityId: row.id,
          summary: `Creó el código de descuento ${code} (${discountText(row)})`,
          details: { code, ...auditTerms(terms) },
        });
        return row;
      });
      return withStatus(created, now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (customCode || attempt >= 4) throw new Conflict(alreadyExists(code), { field: "customCode" });
    }
  }
}

/**
 * PUT: either only `{active}` (the toggle) or every field of the form, which replaces the terms. The row
 * is locked while checking, so an order redeeming the code at the same moment waits: `maxUses` never
 * ends below `usedCount` (the table's CHECK says so too).
 */
export async function updateDiscountCode(
  db: Db,
  admin: AdminIdentity,
  id: number,
  raw: unknown,
  now = new Date(),
): Promise<AdminDiscountCode> {
  if (isToggleBody(raw)) return setDiscountActive(db, admin, id, parse(toggleDiscountSchema, raw).active, now);
  const { customCode, ...input } = parse(updateDiscountSchema, raw);
  const updated = await db.transaction(async (tx) => {
    const before = await lockCode(tx as unknown as Db, id);
    if (customCode !== null && customCode !== before.code) {
      throw new Invalid(DISCOUNT_FORM_MESSAGES.codeFixed, { field: "customCode" });
    }
    if (input.maxUses !== null && input.maxUses < before.usedCount) {
      throw new Conflict(belowUses(before.usedCount), { field: "maxUses" });
    }
    const terms: Terms = { ...input, active: input.active ?? before.active };
    const [after] = await tx
      .update(discountCodes)
      .set({ ...terms, updatedAt: now })
      .where(eq(discountCodes.id, id))
      .returning();
    if (!after) throw new NotFound(DISCOUNT_NOT_FOUND);
    const changed = (Object.keys(terms) as (keyof Terms)[]).filter((key) => !same(before[key], after[key]));
    await recordAudit(tx as unknown as Db, admin, {
      action: "discount.update",
      entity: "discount_code",
      entityId: id,
      summary: `Editó el código de descuento ${after.code} (${discountText(after)})`,
      details: {
        before: auditTerms(Object.fromEntries(changed.map((key) => [key, before[key]])) as Partial<Terms>),
        after: auditTerms(Object.fromEntries(changed.map((key) => [key, after[key]])) as Partial<Terms>),
      },
    });
    return after;
  });
  return withStatus(updated, now);
}

/** The list's toggle: turns a code on or off (a code off is refused at the checkout). */
export async function setDiscountActive(
  db: Db,
  admin: AdminIdentity,
  id: number,
  active: boolean,
  now = new Date(),
): Promise<AdminDiscountCode> {
  const updated = await db.transaction(async (tx) => {
    const before = await lockCode(tx as unknown as Db, id);
    const [after] = await tx
      .update(discountCodes)
      .set({ active, updatedAt: now })
      .where(eq(discountCodes.id, id))
      .returning();
    if (!after) throw new NotFound(DISCOUNT_NOT_FOUND);
    if (before.active !== active) {
      await recordAudit(tx as unknown as Db, admin, {
        action: active ? "discount.activate" : "discount.deactivate",
        entity: "discount_code",
        entityId: id,
        summary: `${active ? "Activó" : "Desactivó"} el código de descuento ${after.code}`,
      });
    }
    return after;
  });
  return withStatus(updated, now);
}

/**
 * Deletes a code nobody used. Once an order used it (`usedCount` > 0, or any redemption, even one given
 * back by a cancelled order) it stays, for the orders' history: 409. The row lock makes an order
 * redeeming it at the same moment either come first (delete refused) or find no code (order refused).
 */
export async function deleteDiscountCode(db: Db, admin: AdminIdentity, id: number): Promise<DiscountCodeRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockCode(tx as unknown as Db, id);
      const [redemption] = await tx
        .select({ id: discountRedemptions.id })
        .from(discountRedemptions)
        .where(eq(discountRedemptions.discountCodeId, id))
        .limit(1);
      if (before.usedCount > 0 || redemption) throw new Conflict(DELETE_USED);
      await tx.delete(discountCodes).where(eq(discountCodes.id, id));
      const { id: _id, ...kept } = before;
      await recordAudit(tx as unknown as Db, admin, {
        action: "discount.delete",
        entity: "discount_code",
        entityId: id,
        summary: `Eliminó el código de descuento ${before.code} (${discountText(before)})`,
        // The whole row, so a mistaken delete can be typed in again from the log.
        details: { ...kept, validUntil: kept.validUntil?.toISOString() ?? null },
      });
      return before;
    });
  } catch (error) {
    // An order that references the code without a redemption row (restrict) also keeps it.
    if (isForeignKeyViolation(error)) throw new Conflict(DELETE_USED);
    throw error;
  }
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

async function lockCode(tx: Db, id: number): Promise<DiscountCodeRow> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  if (!row) throw new NotFound(DISCOUNT_NOT_FOUND);
  return row;
}
