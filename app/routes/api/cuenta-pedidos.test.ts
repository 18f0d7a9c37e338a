import { describe, expect, it } from "vitest";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import * as route from "./cuenta-pedidos";

const { db, call } = await adminTestDatabase();
const as = (email: string | null) => ({ asAdmin: false, context: { customer: email ? { email } : null } });

describe("GET /api/cuenta/pedidos", () => {
  it("is a 401 in Spanish without a session", async () => {
    expect(await call(route.loader, "/api/cuenta/pedidos", as(null))).toEqual({
      status: 401,
      body: { success: false, error: "Necesitás entrar a tu cuenta" },
    });
  });

  it("lists only the email's orders (guest ones included), newest first, amounts in pesos", async () => {
    const older = await insertOrder(db, {
      email: "lector@example.com",
      totalCents: 1_234_550,
      createdAt: new Date("2026-03-01T12:00:00Z"),
    });
    const newer = await insertOrder(db, {
      email: "lector@example.com",
      status: "paid",
      totalCents: 2_000_000,
      createdAt: new Date("2026-05-10T12:00:00Z"),
    });
    await insertOrder(db, { email: "otra@example.com", createdAt: new Date("2026-06-01T12:00:00Z") });

    expect(await call(route.loader, "/api/cuenta/pedidos", as("lector@example.com"))).toEqual({
      status: 200,
      body: {
        success: true,
        orders: [
          { number: newer.number, status: "paid", total: 20_000, createdAt: "2026-05-10T12:00:00.000Z" },
          { number: older.number, status: "pending_payment", total: 12_345.5, createdAt: "2026-03-01T12:00:00.000Z" },
        ],
        purchases: [],
      },
    });
    expect(await call(route.loader, "/api/cuenta/pedidos", as("nadie@example.com"))).toEqual({
      status: 200,
      body: { success: true, orders: [], purchases: [] },
    });
  });

  it("answers 405 to anything but GET", async () => {
    const post = await call(route.action, "/api/cuenta/pedidos", { ...as("lector@example.com"), method: "POST" });
    expect(post.status).toBe(405);
  });
});
