import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REMINDER_MESSAGES } from "~/domain/accounts/cart-reminders.server";
import { books, cartReminders } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import { action as reminderApi } from "./cuenta-recordatorio";

const { database, db } = await adminTestDatabase();
const ip = clientIps("10.32");
const reminderRows = (email: string) => db.select().from(cartReminders).where(eq(cartReminders.email, email));
const call = (method: string, body: unknown, clientIp = ip()) =>
  reminderApi(
    routeArgs("/api/cuenta/recordatorio", database, {
      method,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      context: { clientIp },
    }),
  );

describe("POST/DELETE /api/cuenta/recordatorio", () => {
  it("POST saves, DELETE (unticked) cancels; bad input is a Spanish 400", async () => {
    const [a] = await db
      .insert(books)
      .values({ title: "Las aventuras de la China Iron", slug: `b-${randomUUID()}`, priceCents: 1_000_000, stock: 2 })
      .returning();
    const saved = await call("POST", { email: "api@example.com", items: [{ bookId: a?.id, quantity: 1 }] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ success: true, message: REMINDER_MESSAGES.remembered });
    expect((await reminderRows("api@example.com")).filter((row) => !row.cancelledAt)).toHaveLength(1);

    const bad = await call("POST", { email: "api@example.com", items: [] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe(REMINDER_MESSAGES.items);
    const unknown = await call("POST", { email: "api@example.com", items: [{ bookId: 999_999, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe(REMINDER_MESSAGES.unknownBook);

    const gone = await call("DELETE", { email: "api@example.com" });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ success: true, message: REMINDER_MESSAGES.forgotten });
    const rows = await reminderRows("api@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.cancelledAt).not.toBeNull();
    expect(rows[0]?.sentAt).toBeNull();

    expect((await call("GET", undefined)).status).toBe(405);
  });

  it("is limited per IP with the newsletter's limit (10 an hour by default): the 11th is a 429 in Spanish", async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await call("DELETE", { email: "mucho@example.com" }, "10.99.0.1"));
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    const refused = answers[10];
    if (!refused) throw new Error("no 11th answer");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).error).toBe(REMINDER_MESSAGES.tooMany);
  });
});
