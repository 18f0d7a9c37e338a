import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, expenses } from "~db/schema";
import { testDatabase } from "../../../tests/support/test-database";
import { createExpense, isExpenseDate, parseAmount, shiftMonth } from "./expenses.server";

const database = await testDatabase();
const db = database.db;
const admin = { id: 1, email: "libreria@rizoma.com.ar" };

beforeAll(async () => {
  await db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "no se usa en este test" });
});
afterAll(() => database.close());

const rowCounts = async () => ({
  expenses: (await db.select({ n: count() }).from(expenses))[0]?.n,
  audit: (await db.select({ n: count() }).from(auditLog))[0]?.n,
});

describe("amounts and dates", () => {
  it.each([
    ["12345,50", 1234550],
    ["12.345,50", 1234550],
    ["12345.50", 1234550],
    ["12345.5", 1234550],
    ["1.234", 123400],
    ["1.23", 123],
    ["1.234.567,89", 123456789],
    ["$ 12.500", 1250000],
    [" 7 ", 700],
    [12345.5, 1234550],
    [19.99, 1999],
    [0.1, 10],
    ["12,345", null],
    ["1,234.50", null],
    ["12.34.56", null],
    ["1e3", null],
    [1e21, null],
    [0.001, null],
    ["0.001", null],
    [1.234, null],
    ["doce", null],
  ] as const)("%j -> %j centavos", (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
  });

  it("takes real dates from 2000 up to a year from today", () => {
    expect(isExpenseDate("2024-02-29", "2025-06-01")).toBe(true);
    expect(isExpenseDate("2025-02-29", "2025-06-01")).toBe(false);
    expect(isExpenseDate("2026-06-01", "2025-06-01")).toBe(true);
    expect(isExpenseDate("2026-06-02", "2025-06-01")).toBe(false);
    expect(isExpenseDate("1999-12-31", "2025-06-01")).toBe(false);
    expect(isExpenseDate("2025-6-1", "2025-06-01")).toBe(false);
  });

  it("steps months across years", () => {
    expect(shiftMonth("2025-01", -1)).toBe("2024-12");
    expect(shiftMonth("2024-12", 1)).toBe("2025-01");
    expect(shiftMonth("2025-03", -14)).toBe("2024-01");
  });
});

describe("the ledger", () => {
  it("writes nothing when the audit record cannot be written", async () => {
    const before = await rowCounts();
    const ghost = { id: 999, email: "nadie@rizoma.com.ar" };
    const input = { date: "2025-03-10", concept: "Fantasma", category: "Otros", amountCents: 100, note: null } as const;
    await expect(createExpense(db, ghost, input)).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
  });
});
