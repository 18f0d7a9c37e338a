import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, NotFound } from "~/domain/errors";
import { clockTime, isCalendarDay, numericDate, todayInBuenosAires } from "~/lib/dates";
import { formatMoney, parseMoney } from "~/lib/money";
import type { Db } from "~db/index";
import { cashClosings } from "~db/schema";
import { differenceText } from "./difference";
import { type ClosingPlace, fairIdOf, placeFromParam } from "./place";
import { type CashClosing, cashOfDay, closingOf, placeName } from "./summary.server";

/** The most a drawer holds, typed: under `integer`'s limit, far above a fair's weekend. */
const MAX_CASH_CENTS = 20_000_000_00;

export const CLOSING_MESSAGES = {
  day: "La fecha no es válida: elegí un día del calendario",
  future: "Ese día todavía no llegó: no se puede cerrar la caja",
  place: "El lugar no es válido: elegí el local o una feria",
  float: "El cambio inicial tiene que ser un monto en pesos (por ejemplo 5.000 o 5000,50)",
  counted: "Escribí cuánto efectivo contaste en la caja (por ejemplo 48.500)",
  note: "La nota tiene como máximo 500 caracteres",
  closed: (by: string, at: Date) =>
    `Esta caja ya la cerró ${by} a las ${clockTime(at)}: abajo está ese cierre. Si hay que corregirlo, una persona titular puede reabrirla.`,
  notClosed: "Esa caja no está cerrada",
} as const;

const money = (message: string) =>
  z.string({ error: message }).transform((text, ctx) => {
    const cents = parseMoney(text);
    if (cents === null || cents > MAX_CASH_CENTS) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });

/** The day and place of a closing, as the form and the URL write them (?fecha=&lugar=). */
export const closingPlaceSchema = z.object({
  fecha: z
    .string({ error: CLOSING_MESSAGES.day })
    .trim()
    .refine(isCalendarDay, CLOSING_MESSAGES.day)
    .refine((day) => day <= todayInBuenosAires(), CLOSING_MESSAGES.future),
  lugar: z.string({ error: CLOSING_MESSAGES.place }).transform((text, ctx) => {
    const place = placeFromParam(text);
    if (place) return place;
    ctx.addIssue({ code: "custom", message: CLOSING_MESSAGES.place });
    return z.NEVER;
  }),
});

/** The closing form: the opening float (empty: none), the cash counted and a note. */
export const closingFormSchema = closingPlaceSchema.extend({
  inicial: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? "0" : value),
    money(CLOSING_MESSAGES.float),
  ),
  contado: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    money(CLOSING_MESSAGES.counted),
  ),
  nota: z.string().trim().max(500, CLOSING_MESSAGES.note).optional().default(""),
});
export type ClosingForm = z.infer<typeof closingFormSchema>;

const placeLabel = (name: string, place: ClosingPlace) =>
  place.kind === "counter" ? "del local" : `de la feria ${name}`;

/**
 * Closes a place's day: the cash the drawer should hold (the float + the day's paid cash sales, read now)
 * against what was counted. One row per day and place, settled by the database (UNIQUE NULLS NOT DISTINCT):
 * when two people close at once, one row is written and the other is told who closed it (Conflict).
 * Audited in the same transaction.
 */
export async function closeCash(
  db: Db,
  admin: AdminIdentity,
  form: ClosingForm,
  now = new Date(),
): Promise<CashClosing> {
  const { fecha: day, lugar: place } = form;
  const name = await placeName(db, place);
  const saved = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cash = await cashOfDay(t, day, place);
    const expectedCents = form.inicial + cash.cents;
    const [row] = await t
      .insert(cashClosings)
      .values({
        day,
        fairId: fairIdOf(place),
        openingFloatCents: form.inicial,
        cashSalesCents: cash.cents,
        salesCount: cash.sales,
        expectedCents,
        countedCents: form.contado,
        differenceCents: form.contado - expectedCents,
        note: form.nota || null,
        closedById: admin.id,
        closedByName: admin.email,
        closedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(t, admin, {
      action: "cash.close",
      entity: "cash_closing",
      entityId: row.id,
      summary: `Cerró la caja ${placeLabel(name, place)} del ${numericDate(day)}: esperado ${formatMoney(expectedCents)}, contado ${formatMoney(form.contado)} (${differenceText(row.differenceCents).toLowerCase()})`,
      details: {
        day,
        fairId: row.fairId,
        expectedCents,
        countedCents: row.countedCents,
        differenceCents: row.differenceCents,
      },
    });
    return row;
  });
  if (saved) return saved;
  const first = await closingOf(db, day, place);
  if (!first) throw new Error("closing conflict without a closing");
  throw new Conflict(CLOSING_MESSAGES.closed(first.closedByName, first.closedAt));
}

/**
 * Reopens a closed day (owner only: the route says so): the closing is deleted, its numbers kept in the
 * audit log, so the day can be closed again with the right count.
 */
export async function reopenCash(db: Db, admin: AdminIdentity, day: string, place: ClosingPlace): Promise<void> {
  const name = await placeName(db, place);
  const fairId = fairIdOf(place);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [removed] = await t
      .delete(cashClosings)
      .where(
        and(eq(cashClosings.day, day), fairId === null ? isNull(cashClosings.fairId) : eq(cashClosings.fairId, fairId)),
      )
      .returning();
    if (!removed) throw new NotFound(CLOSING_MESSAGES.notClosed);
    await recordAudit(t, admin, {
      action: "cash.reopen",
      entity: "cash_closing",
      entityId: removed.id,
      summary: `Reabrió la caja ${placeLabel(name, place)} del ${numericDate(day)} (la había cerrado ${removed.closedByName}: ${differenceText(removed.differenceCents).toLowerCase()})`,
      details: { ...removed, closedAt: removed.closedAt.toISOString() },
    });
  });
}
