import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerSessions } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { CUSTOMER_SESSION_DAYS, createCustomerSession, readCustomerSession } from "./sessions.server";

/* Issue 34, item 5: a Mi cuenta session ends 30 days after the sign-in, however often the reader comes back. */

const { db } = await adminTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe("Mi cuenta's sessions", () => {
  it("end 30 days after the sign-in: visits do not move the end", async () => {
    const signedInAt = daysAgo(29);
    const { token, expiresAt } = await createCustomerSession(db, "fiel@example.com", signedInAt);
    expect(CUSTOMER_SESSION_DAYS).toBe(30);
    expect(expiresAt.getTime()).toBe(signedInAt.getTime() + 30 * DAY_MS);

    // A visit a day before the end, and another: still signed in, and the end is where it was.
    for (let visit = 0; visit < 2; visit++) {
      expect(await readCustomerSession(db, token)).toEqual({ customer: { email: "fiel@example.com" }, expiresAt });
    }
    const [row] = await db.select().from(customerSessions).where(eq(customerSessions.email, "fiel@example.com"));
    expect(row?.expiresAt).toEqual(expiresAt);

    // The day comes (the row's end reached, as the clock would): signed out, visits or not.
    await db
      .update(customerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSessions.email, "fiel@example.com"));
    expect(await readCustomerSession(db, token)).toBeNull();
  });

  it("a session signed in 30 days and a minute ago is over", async () => {
    const { token } = await createCustomerSession(db, "vieja@example.com", daysAgo(30 + 1 / (24 * 60)));
    expect(await readCustomerSession(db, token)).toBeNull();
  });

  it("records the sign-in as the session's proof of the email", async () => {
    const signedInAt = daysAgo(2);
    await createCustomerSession(db, "prueba@example.com", signedInAt);
    const [row] = await db.select().from(customerSessions).where(eq(customerSessions.email, "prueba@example.com"));
    expect(row?.verifiedAt).toEqual(signedInAt);
    expect(row?.createdAt).toEqual(signedInAt);
  });
});
