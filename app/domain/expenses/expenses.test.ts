import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, expenses } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { createExpense, isExpenseDate, shiftMonth } from "./expenses.server";

const { db } = await adminTestDatabase();

const rowCounts = async () => ({
  expenses: (await db.select({ n: count() }).from(expenses))[0]?.n,
  audit: (await db.select({ n: count() }).from(auditLog))[0]?.n,
});

describe("amounts and dates", () => {
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
    const ghost = { id: 999, email: "nadie@rizoma.com.ar", role: "owner" as const };
    const input = { date: "2025-03-10", concept: "Fantasma", category: "Otros", amountCents: 100, note: null } as const;
    await expect(createExpense(db, ghost, input)).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
  });
});
