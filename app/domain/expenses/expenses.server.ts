import { and, asc, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { NotFound } from "~/domain/errors";
import { csvDocument } from "~/lib/csv";
import { isCalendarDay, monthYear, todayInBuenosAires } from "~/lib/dates";
import { type Cents, centsToPesos, formatMoney, formatMoneyCsv, parseMoney } from "~/lib/money";
import { idParam } from "~/lib/params";
import type { Db } from "~db/index";
import { expenses } from "~db/schema";
import { EXPENSE_CATEGORIES } from "./categories";

export { EXPENSE_CATEGORIES };

/** One line of the ledger, amounts in centavos; `date` is a Buenos Aires date, "YYYY-MM-DD". */
export interface Expense {
  id: number;
  date: string;
  concept: string;
  category: string;
  amountCents: Cents;
  note: string | null;
}

/**
 * $ 20.000.000. The issue asked for $ 100.000.000, but `expenses.amount_cents` is a 32-bit integer
 * (at most $ 21.474.836,47); a round limit under it refuses bigger amounts with a message instead of
 * a database error. Raising it needs a bigint column first.
 */
export const MAX_EXPENSE_CENTS: Cents = 2_000_000_000;

export const EXPENSE_NOT_FOUND = "Gasto no encontrado";
const INVALID_DATE = "La fecha no es válida";
const CONCEPT_REQUIRED = "El concepto es requerido";
const CHOOSE_CATEGORY = "Elegí una categoría";
const AMOUNT_POSITIVE = "El monto debe ser mayor a cero";
const AMOUNT_FORMAT = "El monto no es válido: escribilo como 12.345,50";
const AMOUNT_TOO_LARGE = `El monto no puede superar ${formatMoney(MAX_EXPENSE_CENTS)}`;

/** A real calendar date from 2000 up to one year after today in Buenos Aires. */
export function isExpenseDate(text: string, today = todayInBuenosAires()): boolean {
  if (!isCalendarDay(text) || text < "2000-01-01") return false;
  const oneYearAhead = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return text <= oneYearAhead;
}

const amountField = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? AMOUNT_POSITIVE : AMOUNT_FORMAT),
  })
  .transform((value, ctx): Cents => {
    const text = String(value).trim();
    if (text === "" || (typeof value === "number" && value <= 0) || /^-/.test(text)) {
      ctx.addIssue({ code: "custom", message: AMOUNT_POSITIVE });
      return z.NEVER;
    }
    const cents = parseMoney(value);
    if (cents === null) ctx.addIssue({ code: "custom", message: AMOUNT_FORMAT });
    else if (cents <= 0) ctx.addIssue({ code: "custom", message: AMOUNT_POSITIVE });
    else if (cents > MAX_EXPENSE_CENTS) ctx.addIssue({ code: "custom", message: AMOUNT_TOO_LARGE });
    else return cents;
    return z.NEVER;
  });

/** One expense as the API and the page's form send it (the PUT replaces every field). */
export const expenseSchema = z
  .object({
    date: z
      .string({ error: INVALID_DATE })
      .trim()
      .refine((text) => isExpenseDate(text), INVALID_DATE),
    concept: z
      .string({ error: CONCEPT_REQUIRED })
      .trim()
      .min(1, CONCEPT_REQUIRED)
      .max(200, "El concepto puede tener hasta 200 caracteres"),
    category: z.enum(EXPENSE_CATEGORIES, { error: CHOOSE_CATEGORY }),
    amount: amountField,
    note: z
      .string({ error: "La nota no es válida" })
      .trim()
      .max(1000, "La nota puede tener hasta 1000 caracteres")
      .nullish()
      .transform((note) => note || null),
  })
  .strict()
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));

export type ExpenseInput = z.output<typeof expenseSchema>;

/** "YYYY-MM", a month of the ledger. */
export const monthSchema = z
  .string({ error: "El mes no es válido: usá AAAA-MM" })
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, "El mes no es válido: usá AAAA-MM");

/** `?month=YYYY-MM` of the ledger's URLs (absent: the current month). */
export const monthQuery = z.object({ month: monthSchema.optional() });

export const currentMonth = (now = new Date()) => todayInBuenosAires(now).slice(0, 7);

/** "2025-01" shifted by -1 -> "2024-12". */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "2025-11" -> "noviembre de 2025". */
export const monthLabel = (month: string) => monthYear(`${month}-15`);

/** A message for ids from URLs and forms: anything but a plain positive integer is not an expense. */
export const expenseId = (raw: unknown): number => idParam(raw, EXPENSE_NOT_FOUND);

const columns = {
  id: expenses.id,
  date: expenses.date,
  concept: expenses.concept,
  category: expenses.category,
  amountCents: expenses.amountCents,
  note: expenses.note,
};

const inMonth = (month: string) =>
  and(gte(expenses.date, `${month}-01`), lt(expenses.date, `${shiftMonth(month, 1)}-01`));

/** A month's expenses, latest first (what was just added is on top). */
export function listExpenses(db: Db, { month }: { month: string }): Promise<Expense[]> {
  return db.select(columns).from(expenses).where(inMonth(month)).orderBy(desc(expenses.date), desc(expenses.id));
}

export async function getExpense(db: Db, id: number): Promise<Expense | null> {
  const [row] = await db.select(columns).from(expenses).where(eq(expenses.id, id));
  return row ?? null;
}

export interface MonthSummary {
  month: string;
  totalCents: Cents;
  count: number;
  /** Largest first; categories without expenses that month are left out. */
  byCategory: { category: string; totalCents: Cents }[];
  previousMonth: string;
  previousTotalCents: Cents;
}

const centsSum = sql<number>`coalesce(sum(${expenses.amountCents}), 0)`.mapWith(Number);

export async function monthSummary(db: Db, month: string): Promise<MonthSummary> {
  const previousMonth = shiftMonth(month, -1);
  const [rows, previous] = await Promise.all([
    db
      .select({ category: expenses.category, totalCents: centsSum, count: sql<number>`count(*)`.mapWith(Number) })
      .from(expenses)
      .where(inMonth(month))
      .groupBy(expenses.category),
    db.select({ totalCents: centsSum }).from(expenses).where(inMonth(previousMonth)),
  ]);
  const byCategory = rows
    .map(({ category, totalCents }) => ({ category, totalCents }))
    .sort((a, b) => b.totalCents - a.totalCents || a.category.localeCompare(b.category, "es"));
  return {
    month,
    totalCents: byCategory.reduce((sum, row) => sum + row.totalCents, 0),
    count: rows.reduce((sum, row) => sum + row.count, 0),
    byCategory,
    previousMonth,
    previousTotalCents: previous[0]?.totalCents ?? 0,
  };
}

/** The API's shapes: pesos as numbers. */
export const expenseJson = ({ amountCents, ...expense }: Expense) => ({
  ...expense,
  amount: centsToPesos(amountCents),
});

export const summaryJson = (summary: MonthSummary) => ({
  month: summary.month,
  total: centsToPesos(summary.totalCents),
  byCategory: summary.byCategory.map(({ category, totalCents }) => ({ category, total: centsToPesos(totalCents) })),
  previousTotal: centsToPesos(summary.previousTotalCents),
});

export function createExpense(db: Db, admin: AdminIdentity, input: ExpenseInput): Promise<Expense> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(expenses).values(input).returning(columns);
    if (!created) throw new Error("insert returned no row");
    await recordAudit(tx as unknown as Db, admin, {
      action: "expense.create",
      entity: "expense",
      entityId: created.id,
      summary: `Registró el gasto «${created.concept}» por ${formatMoney(created.amountCents)}`,
      details: { ...input },
    });
    return created;
  });
}

export function updateExpense(db: Db, admin: AdminIdentity, id: number, input: ExpenseInput): Promise<Expense> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(expenses).where(eq(expenses.id, id)).for("update");
    if (!before) throw new NotFound(EXPENSE_NOT_FOUND);
    const [after] = await tx
      .update(expenses)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(expenses.id, id))
      .returning(columns);
    if (!after) throw new NotFound(EXPENSE_NOT_FOUND);
    const changed = (Object.keys(input) as (keyof ExpenseInput)[]).filter((key) => before[key] !== after[key]);
    const amount =
      before.amountCents === after.amountCents
        ? ` (${formatMoney(after.amountCents)})`
        : `: de ${formatMoney(before.amountCents)} a ${formatMoney(after.amountCents)}`;
    await recordAudit(tx as unknown as Db, admin, {
      action: "expense.update",
      entity: "expense",
      entityId: id,
      summary: `Editó el gasto «${after.concept}»${amount}`,
      details: {
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
    });
    return after;
  });
}

export function deleteExpense(db: Db, admin: AdminIdentity, id: number): Promise<Expense> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(expenses).where(eq(expenses.id, id)).returning(columns);
    if (!deleted) throw new NotFound(EXPENSE_NOT_FOUND);
    const { id: _id, ...kept } = deleted;
    await recordAudit(tx as unknown as Db, admin, {
      action: "expense.delete",
      entity: "expense",
      entityId: id,
      summary: `Eliminó el gasto «${deleted.concept}» por ${formatMoney(deleted.amountCents)}`,
      // The whole row, so a mistaken delete can be typed in again from the log.
      details: kept,
    });
    return deleted;
  });
}

/** Dates in the CSV are written as people in Argentina read them: "2025-11-03" -> "03/11/2025". */
const dayMonthYear = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export type CsvRange = { month: string } | { from: string; to: string };

/**
 * The ledger as a CSV for a spreadsheet in Spanish: UTF-8 with a BOM (so Excel reads the accents),
 * `;` between fields, CRLF line ends, amounts "12345,50", dates DD/MM/YYYY, oldest first.
 * `from` and `to` are inclusive dates.
 */
export async function expensesCsv(db: Db, range: CsvRange): Promise<string> {
  const where =
    "month" in range ? inMonth(range.month) : and(gte(expenses.date, range.from), lte(expenses.date, range.to));
  const rows = await db.select(columns).from(expenses).where(where).orderBy(asc(expenses.date), asc(expenses.id));
  return csvDocument(
    ["Fecha", "Concepto", "Categoría", "Monto", "Nota"],
    rows.map((row) => [
      dayMonthYear(row.date),
      row.concept,
      row.category,
      formatMoneyCsv(row.amountCents),
      row.note ?? "",
    ]),
  );
}
