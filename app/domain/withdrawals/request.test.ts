import { count, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { NATIONAL_CALENDAR, workingCalendar } from "~/domain/holidays/calendar";
import { mailOutbox, settings, withdrawals } from "~db/schema";
import { clientIps } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { testDatabase } from "../../../tests/support/test-database";
import { Conflict, Invalid, NotFound, TooManyRequests } from "../errors";
import { requestWithdrawal, withdrawalConfirmation } from "./request.server";
import { CODE_PATTERN, orderIdFromNumber, WITHDRAWAL_MESSAGES } from "./rules";
import { withdrawalDeadline } from "./window";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

const freshIp = clientIps("10.81");
const ctx = (clientIp = freshIp()) => ({
  db,
  siteUrl: "https://rizoma.test",
  shopEmail: "avisos@rizoma.test",
  clientIp,
});
/** A Wednesday afternoon in Buenos Aires. */
const NOW = new Date("2026-11-25T15:00:00-03:00");
const delivered = (instant: string) => insertOrder(db, { status: "delivered", deliveredAt: new Date(instant) });
const ask = (order: { number: string; email: string }, extra: Record<string, unknown> = {}, now = NOW) =>
  requestWithdrawal(ctx(), { orderNumber: order.number, email: order.email, ...extra }, now);

const mailTo = async (orderNumber: string) =>
  db
    .select({
      template: mailOutbox.template,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.template, ["withdrawal-received", "withdrawal-shop"]))
    .then((rows) => rows.filter((row) => row.subject.includes(orderNumber)));
const rowsOf = async (orderId: number) =>
  (await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.orderId, orderId)))[0]?.n ?? 0;

async function refusal(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error("the request was not refused");
}

describe("the window", () => {
  it("ends on the delivery day + 10, carried past weekends and national holidays, movable ones where they fall", () => {
    expect(withdrawalDeadline("2026-11-15")).toBe("2026-11-25");
    // 2026-11-21 is a Saturday, and Monday 23 is the Día de la Soberanía Nacional (20/11, a Friday, moved by
    // Ley 27.399 art. 6): the last day is Tuesday 24.
    expect(withdrawalDeadline("2026-11-11")).toBe("2026-11-24");
    // Ends on Monday 15 June 2026, Güemes moved from Wednesday 17: the next working day.
    expect(withdrawalDeadline("2026-06-05")).toBe("2026-06-16");
    // Good Friday 2026 (April 3), then the weekend: Monday April 6.
    expect(withdrawalDeadline("2026-03-24")).toBe("2026-04-06");
    for (const day of ["2026-02-16", "2026-02-17", "2026-04-03", "2026-12-25", "2026-07-09", "2026-07-10"]) {
      expect(NATIONAL_CALENDAR.isNonWorkingDay(day), day).toBe(true);
    }
    expect(NATIONAL_CALENDAR.isNonWorkingDay("2026-11-25")).toBe(false);
  });

  it("reads the dates the admin adds in Ajustes", () => {
    // 2027-11-20 is a Saturday; if the Jefatura de Gabinete moves it to Monday 22, the admin adds that day.
    expect(withdrawalDeadline("2027-11-12")).toBe("2027-11-22");
    const calendar = workingCalendar([{ day: "2027-11-22", name: "Día de la Soberanía Nacional (trasladado)" }]);
    expect(withdrawalDeadline("2027-11-12", calendar)).toBe("2027-11-23");
    expect(calendar.holidayName("2027-11-22")).toBe("Día de la Soberanía Nacional (trasladado)");
  });

  it("reads the ways a buyer writes an order number", () => {
    for (const text of ["RZ-000123", "rz-123", "123", " RZ 000123 ", "#123", "RZ123", "rz–0123"]) {
      expect(orderIdFromNumber(text), text).toBe(123);
    }
    for (const text of ["", "RZ-", "ABC-123", "12a", "RZ-0", "1234567890", "-5"]) {
      expect(orderIdFromNumber(text), text).toBeNull();
    }
  });
});

describe("a buyer's withdrawal", () => {
  it("is taken on the 10th day after delivery, with the code and both e-mails queued", async () => {
    const order = await delivered("2026-11-15T11:00:00-03:00");
    const result = await ask(
      { number: order.number.toLowerCase(), email: "  ANA@Example.com " },
      { reason: "Me lo regalaron repetido" },
    );
    expect(result).toMatchObject({ created: true, order: { number: order.number, status: "delivered" } });
    expect(result.code).toMatch(CODE_PATTERN);
    expect(result.message).toContain(result.code);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
    expect(row).toMatchObject({
      code: result.code,
      email: "ana@example.com",
      reason: "Me lo regalaron repetido",
      status: "requested",
    });
    expect(row?.refundIdempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const mails = await mailTo(order.number);
    expect(mails.map((mail) => [mail.template, mail.to]).sort()).toEqual([
      ["withdrawal-received", "ana@example.com"],
      ["withdrawal-shop", "avisos@rizoma.test"],
    ]);
    const buyer = mails.find((mail) => mail.template === "withdrawal-received");
    expect(buyer?.subject).toBe(`Recibimos tu arrepentimiento — pedido ${order.number}`);
    expect(buyer?.text).toContain(`Código de gestión: ${result.code}`);
    expect(buyer?.text).toContain("Para devolvernos los libros");
    const shop = mails.find((mail) => mail.template === "withdrawal-shop");
    expect(shop?.text).toContain(`https://rizoma.test/admin/pedidos/${order.number}`);
    expect(shop?.text).toContain("Me lo regalaron repetido");
    expect(await withdrawalConfirmation(db, result.code.toLowerCase(), order.number)).toMatchObject({
      code: result.code,
      order: { number: order.number, paymentMethod: "transfer" },
    });
    expect(await withdrawalConfirmation(db, result.code, "RZ-999999")).toBeNull();
  });

  it("is refused on the 11th day, with the dates and the shop's contact, and nothing is written", async () => {
    const order = await delivered("2026-11-14T11:00:00-03:00");
    const error = await refusal(ask(order));
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(
      "Pasaron más de 10 días desde que recibiste el pedido (lo recibiste el 14 de noviembre de 2026 y el plazo para arrepentirte venció el 24 de noviembre de 2026). Si tenés un problema con tu compra, escribinos a hola@rizoma.com.ar o por WhatsApp al +54 9 11 1234-5678.",
    );
    expect(await rowsOf(order.id)).toBe(0);
    expect(await mailTo(order.number)).toEqual([]);
  });

  it("counts Buenos Aires days: delivered late at night is still that day", async () => {
    // 23:30 of the 14th in Buenos Aires is already the 15th in UTC.
    const order = await delivered("2026-11-14T23:30:00-03:00");
    expect(await refusal(ask(order))).toBeInstanceOf(Conflict);
  });

  it("runs past the weekend and the movable holiday: the 10th day is a Saturday, Monday is 20/11 moved", async () => {
    const order = await delivered("2026-11-11T10:00:00-03:00");
    expect(await refusal(ask(order, {}, new Date("2026-11-25T09:00:00-03:00")))).toBeInstanceOf(Conflict);
    expect((await ask(order, {}, new Date("2026-11-24T23:59:00-03:00"))).created).toBe(true);
  });

  it("reads the holidays the admin added in Ajustes", async () => {
    const order = await delivered("2026-11-14T11:00:00-03:00");
    await db
      .insert(settings)
      .values({ key: "holidays", value: { extra: [{ day: "2026-11-24", name: "Feriado de prueba" }] } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { extra: [{ day: "2026-11-24", name: "Feriado de prueba" }] } },
      });
    try {
      expect((await ask(order, {}, new Date("2026-11-25T10:00:00-03:00"))).created).toBe(true);
    } finally {
      await db.delete(settings).where(eq(settings.key, "holidays"));
    }
  });

  it("is taken at any time before delivery", async () => {
    for (const status of ["pending_payment", "paid", "shipped"] as const) {
      const order = await insertOrder(db, { status, createdAt: new Date("2026-01-05T10:00:00-03:00") });
      const result = await ask(order);
      expect(result.created, status).toBe(true);
      expect(result.order.status).toBe(status);
    }
  });

  it("is refused for a cancelled order", async () => {
    const order = await insertOrder(db, { status: "cancelled", cancelledAt: NOW });
    const error = await refusal(ask(order));
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(WITHDRAWAL_MESSAGES.cancelled);
  });

  it("answers a wrong e-mail exactly as an unknown order", async () => {
    const order = await insertOrder(db, { status: "paid" });
    const wrongEmail = await refusal(ask({ number: order.number, email: "otra@example.com" }));
    const unknown = await refusal(ask({ number: "RZ-987654", email: order.email }));
    expect(wrongEmail).toBeInstanceOf(NotFound);
    expect(unknown).toBeInstanceOf(NotFound);
    expect(wrongEmail.message).toBe(
      "No encontramos un pedido con ese número y ese email. Revisá los datos del correo de confirmación.",
    );
    expect(unknown.message).toBe(wrongEmail.message);
    expect(await rowsOf(order.id)).toBe(0);
  });

  it("refuses bad input by field, before anything is looked up", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ orderNumber: "pedido", email: "ana@example.com" }, "orderNumber"],
      [{ orderNumber: "RZ-000001", email: "ana" }, "email"],
      [{ orderNumber: "RZ-000001", email: "ana@example.com", reason: "x".repeat(1001) }, "reason"],
      [{ email: "ana@example.com" }, "orderNumber"],
    ];
    for (const [input, field] of cases) {
      const error = await refusal(requestWithdrawal(ctx(), input, NOW));
      expect(error, field).toBeInstanceOf(Invalid);
      expect((error as Invalid).details?.field).toBe(field);
    }
    expect(
      await refusal(requestWithdrawal(ctx(), { orderNumber: "1", email: "a@b.co", extra: 1 }, NOW)),
    ).toBeInstanceOf(Invalid);
  });

  it("is one per order: a repeat answers the same code, sends nothing, even once the window is over", async () => {
    const order = await delivered("2026-11-20T10:00:00-03:00");
    const first = await ask(order, { reason: "Primera vez" });
    const again = await ask(order, { reason: "Otro motivo" });
    const later = await ask(order, {}, new Date("2027-03-01T10:00:00-03:00"));
    expect([again.code, later.code]).toEqual([first.code, first.code]);
    expect([again.created, later.created]).toEqual([false, false]);
    expect(again.message).toBe(
      `Ya habíamos recibido tu arrepentimiento del pedido ${order.number} el 25 de noviembre de 2026. Tu código de gestión es ${first.code}.`,
    );
    expect(await rowsOf(order.id)).toBe(1);
    expect(await mailTo(order.number)).toHaveLength(2);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
    expect(row?.reason).toBe("Primera vez");
  });

  it("settles concurrent requests for one order into one row, one code and one pair of e-mails", async () => {
    const order = await insertOrder(db, { status: "paid", paymentMethod: "mercadopago" });
    const results = await Promise.all(Array.from({ length: 6 }, () => ask(order)));
    expect(new Set(results.map((result) => result.code)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await rowsOf(order.id)).toBe(1);
    const mails = await mailTo(order.number);
    expect(mails).toHaveLength(2);
    expect(mails.find((mail) => mail.template === "withdrawal-received")?.text).toContain("por Mercado Pago");
  });

  it("counts every try of a visitor against the per-IP limit", async () => {
    await db.insert(settings).values({ key: "rateLimits", value: { withdrawalsPerIpPerHour: 2 } });
    try {
      const ip = freshIp();
      const order = await insertOrder(db, { status: "paid" });
      const attempt = () =>
        requestWithdrawal(ctx(ip), { orderNumber: order.number, email: "nadie@example.com" }, NOW).catch((e) => e);
      expect(await attempt()).toBeInstanceOf(NotFound);
      expect(await attempt()).toBeInstanceOf(NotFound);
      const third = await attempt();
      expect(third).toBeInstanceOf(TooManyRequests);
      expect(third.message).toBe(WITHDRAWAL_MESSAGES.tooMany);
    } finally {
      await db.delete(settings).where(eq(settings.key, "rateLimits"));
    }
  });
});
