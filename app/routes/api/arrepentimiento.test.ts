import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, settings, type withdrawals } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { action, loader } from "./arrepentimiento";

const { db, call } = await adminTestDatabase();
const freshIp = clientIps("10.83");

const send = (body: unknown, clientIp = freshIp()) =>
  call(action, "/api/arrepentimiento", {
    asAdmin: false,
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    context: { clientIp },
  });
const total = async (table: typeof withdrawals | typeof mailOutbox) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe("POST /api/arrepentimiento", () => {
  it("answers 201 with the code, then 200 with the same code and no second e-mail", async () => {
    const order = await insertOrder(db, { status: "shipped" });
    const first = await send({ orderNumber: order.number, email: order.email, reason: "No lo necesito" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      code: expect.stringMatching(/^ARR-[2-9A-HJ-NP-Z]{8}$/),
      message: `Recibimos tu arrepentimiento del pedido ${order.number}. Tu código de gestión es ${first.body.code}: también te lo mandamos por email.`,
    });
    const mails = await total(mailOutbox);
    const again = await send({ orderNumber: order.number.replace("RZ-", "rz-"), email: order.email });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, code: first.body.code });
    expect(again.body.message).toContain("Ya habíamos recibido tu arrepentimiento");
    expect(await total(mailOutbox)).toBe(mails);
  });

  it("refuses bad input (400), an unknown pair (404), a cancelled order or a late one (409) in Spanish", async () => {
    const invalid = await send({ orderNumber: "RZ-000001", email: "no-es-un-email" });
    expect(invalid).toMatchObject({
      status: 400,
      body: { success: false, message: "Ingresá el email con el que hiciste la compra", field: "email" },
    });
    expect((await send({ orderNumber: "1", email: "a@b.co", admin: true })).status).toBe(400);

    const order = await insertOrder(db, { status: "paid" });
    const wrong = await send({ orderNumber: order.number, email: "otra@example.com" });
    expect(wrong).toMatchObject({
      status: 404,
      body: {
        success: false,
        message: "No encontramos un pedido con ese número y ese email. Revisá los datos del correo de confirmación.",
      },
    });

    const cancelled = await insertOrder(db, { status: "cancelled" });
    const refusedCancelled = await send({ orderNumber: cancelled.number, email: cancelled.email });
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body.message).toMatch(/^Ese pedido ya está cancelado/);

    const late = await insertOrder(db, { status: "delivered", deliveredAt: new Date(Date.now() - 40 * 86_400_000) });
    const refusedLate = await send({ orderNumber: late.number, email: late.email });
    expect(refusedLate.status).toBe(409);
    expect(refusedLate.body.message).toMatch(/^Pasaron más de 10 días desde que recibiste el pedido/);
    expect(refusedLate.body.message).toContain("hola@rizoma.com.ar");

    const recent = await insertOrder(db, { status: "delivered", deliveredAt: new Date() });
    expect((await send({ orderNumber: recent.number, email: recent.email })).status).toBe(201);
  });

  it("answers 429 with Retry-After past the per-IP limit; GET is not allowed", async () => {
    await db.insert(settings).values({ key: "rateLimits", value: { withdrawalsPerIpPerHour: 1 } });
    const ip = freshIp();
    expect((await send({ orderNumber: "RZ-000999", email: "a@example.com" }, ip)).status).toBe(404);
    const limited = await send({ orderNumber: "RZ-000999", email: "a@example.com" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, message: expect.stringContaining("Probá de nuevo") });
    expect((await call(loader, "/api/arrepentimiento", { asAdmin: false })).status).toBe(405);
  });
});
