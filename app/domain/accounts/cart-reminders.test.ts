import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { placeOrder } from "~/domain/orders/place.server";
import { sign, signingSecret } from "~/domain/secrets/signing.server";
import { type Database, openPostgres } from "~db/connect";
import { books, cartReminders, mailOutbox } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import {
  forgetCart,
  MAX_REMINDER_LINES,
  REMINDER_MESSAGES,
  recoverCart,
  rememberCart,
  rememberCartSchema,
  reminderUnsubscribeState,
  sendDueReminders,
  unsubscribeCartReminders,
} from "./cart-reminders.server";

const { database, db } = await adminTestDatabase();
const ip = clientIps("10.31");
const SECRET = "r".repeat(32);
const SITE = "http://localhost:3000";
const visitor = () => ({ db, clientIp: ip() });
const job = { db, siteUrl: SITE, configuredSecret: SECRET };

async function book(title: string, values: Partial<typeof books.$inferInsert> = {}) {
  const [row] = await db
    .insert(books)
    .values({ title, author: "Autora", slug: `b-${randomUUID()}`, priceCents: 1_500_000, stock: 5, ...values })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const reminderRows = (email: string) => db.select().from(cartReminders).where(eq(cartReminders.email, email));
const mailTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const remember = (email: string, items: { bookId: number; quantity: number }[], now?: Date) =>
  rememberCart(visitor(), rememberCartSchema.parse({ email, items }), now);
/** Makes the email's open reminder due now. */
const due = (email: string) =>
  db
    .update(cartReminders)
    .set({ remindAt: new Date(Date.now() - 60_000) })
    .where(eq(cartReminders.email, email));

describe("Recordame mi carrito: saving", () => {
  it("upserts one open reminder per email, moved forward by the setting's hours at every change", async () => {
    const a = await book("Rayuela");
    const b = await book("Zama");
    const t0 = new Date("2026-11-20T12:00:00Z");
    const first = await remember(" Lectora@Example.com ", [{ bookId: a.id, quantity: 1 }], t0);
    expect(first.message).toBe(REMINDER_MESSAGES.remembered);
    const t1 = new Date("2026-11-20T13:00:00Z");
    await remember(
      "lectora@example.com",
      [
        { bookId: a.id, quantity: 2 },
        { bookId: b.id, quantity: 1 },
      ],
      t1,
    );
    const rows = await reminderRows("lectora@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.items).toEqual([
      { bookId: a.id, quantity: 2 },
      { bookId: b.id, quantity: 1 },
    ]);
    // The default setting: 24 hours after the last change.
    expect(rows[0]?.remindAt.toISOString()).toBe("2026-11-21T13:00:00.000Z");
  });

  it("refuses unknown or unpublished books, empty carts and more than 50 lines", async () => {
    const hidden = await book("Borrador", { published: false });
    await expect(remember("x@example.com", [{ bookId: hidden.id, quantity: 1 }])).rejects.toThrow(
      REMINDER_MESSAGES.unknownBook,
    );
    await expect(remember("x@example.com", [{ bookId: 99_999_999, quantity: 1 }])).rejects.toThrow(
      REMINDER_MESSAGES.unknownBook,
    );
    expect(rememberCartSchema.safeParse({ email: "x@example.com", items: [] }).success).toBe(false);
    const many = Array.from({ length: MAX_REMINDER_LINES + 1 }, (_, i) => ({ bookId: i + 1, quantity: 1 }));
    expect(rememberCartSchema.safeParse({ email: "x@example.com", items: many }).success).toBe(false);
    expect(rememberCartSchema.safeParse({ email: "no-es-un-email", items: [{ bookId: 1, quantity: 1 }] }).success).toBe(
      false,
    );
    expect(await reminderRows("x@example.com")).toEqual([]);
  });

  it("without the tick nothing is stored: an order placed at checkout writes no reminder", async () => {
    const a = await book("Los siete locos");
    await placeOrder(
      { db, siteUrl: SITE, configuredSecret: SECRET, clientIp: ip(), mercadoPago: null },
      {
        items: [{ id: a.id, quantity: 1 }],
        customer: { firstName: "Sin", lastName: "Tilde", email: "sintilde@example.com", phone: "+54 9 11 5555-1234" },
        delivery: { method: "pickup" },
        paymentMethod: "transfer",
      },
    );
    expect(await reminderRows("sintilde@example.com")).toEqual([]);
    await sendDueReminders(job);
    expect((await mailTo("sintilde@example.com")).map((m) => m.template)).toEqual(["order-received"]);
  });
});

describe("Recordame mi carrito: the order and the job", () => {
  it("placing an order with the email cancels its open reminder in the order's transaction", async () => {
    const a = await book("El entenado");
    await remember("compra@example.com", [{ bookId: a.id, quantity: 1 }]);
    await placeOrder(
      { db, siteUrl: SITE, configuredSecret: SECRET, clientIp: ip(), mercadoPago: null },
      {
        items: [{ id: a.id, quantity: 1 }],
        customer: { firstName: "Ana", lastName: "Pérez", email: "Compra@Example.com", phone: "+54 9 11 5555-1234" },
        delivery: { method: "pickup" },
        paymentMethod: "transfer",
      },
    );
    const [row] = await reminderRows("compra@example.com");
    expect(row?.cancelledAt).not.toBeNull();
    await due("compra@example.com");
    await sendDueReminders(job);
    expect((await mailTo("compra@example.com")).filter((m) => m.template === "cart-reminder")).toEqual([]);
  });

  it("sends exactly one e-mail per due reminder under two concurrent job runs, with the books for sale", async () => {
    const forSale = await book("Cometierra", { coverUrl: "/uploads/7.jpg" });
    const soldOut = await book("Agotado", { stock: 0 });
    const notDue = await book("Para mañana");
    await remember("job@example.com", [
      { bookId: forSale.id, quantity: 3 },
      { bookId: soldOut.id, quantity: 1 },
    ]);
    await remember("later@example.com", [{ bookId: notDue.id, quantity: 1 }]);
    await due("job@example.com");

    const other: Database | null = database.url ? await openPostgres(database.url, { max: 5 }) : null;
    try {
      const runs = await Promise.all([
        sendDueReminders(job, { batch: 1 }),
        sendDueReminders({ ...job, db: other?.db ?? db }, { batch: 1 }),
      ]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    } finally {
      await other?.close();
    }
    await sendDueReminders(job);

    const mails = await mailTo("job@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("Tus libros te esperan en Rizoma");
    expect(mail?.html).toContain("Cometierra");
    expect(mail?.html).toContain(`${SITE}/uploads/7.jpg`);
    expect(mail?.html).not.toContain("Agotado");
    expect(mail?.html).toContain("Volver a mi carrito");
    expect(mail?.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/cuenta\/recordatorio\/baja\?token=/);
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const [row] = await reminderRows("job@example.com");
    expect(row?.sentAt).not.toBeNull();
    expect(await mailTo("later@example.com")).toEqual([]);

    // "Volver a mi carrito": the link's token gives the lines still for sale back to the browser.
    const token = decodeURIComponent(/recuperar=([^"&\s>]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const lines = await recoverCart(job, token);
    expect(lines).toEqual([
      expect.objectContaining({ id: forSale.id, title: "Cometierra", quantity: 3, price: 15_000, isPreorder: false }),
    ]);
    await expect(recoverCart(job, `${token}x`)).rejects.toThrow(REMINDER_MESSAGES.badLink);
    // Another purpose's signature (the unsubscribe link) does not recover a cart.
    const secret = await signingSecret(db, SECRET);
    await expect(recoverCart(job, sign(secret, "newsletter-unsubscribe", String(row?.id)))).rejects.toThrow(
      REMINDER_MESSAGES.badLink,
    );
  });

  it("skips (cancels) a reminder whose email placed an order after it was made", async () => {
    const a = await book("Kentukis");
    await remember("ordered@example.com", [{ bookId: a.id, quantity: 1 }]);
    // An order written by another path (not the checkout's transaction), after the reminder.
    const { insertOrder } = await import("../../../tests/support/order-row");
    await insertOrder(db, { email: "ordered@example.com", createdAt: new Date(Date.now() + 1_000) });
    await due("ordered@example.com");
    const pass = await sendDueReminders(job);
    expect(pass.skipped).toBeGreaterThanOrEqual(1);
    expect(await mailTo("ordered@example.com")).toEqual([]);
    const [row] = await reminderRows("ordered@example.com");
    expect(row?.cancelledAt).not.toBeNull();
    expect(row?.sentAt).toBeNull();
  });

  it("the unsubscribe link cancels every open reminder of the email; a new tick is new consent", async () => {
    const a = await book("Nuestra parte de noche");
    await remember("baja@example.com", [{ bookId: a.id, quantity: 1 }]);
    await due("baja@example.com");
    await sendDueReminders(job);
    const [mail] = await mailTo("baja@example.com");
    const token = decodeURIComponent(/token=([^"&\s>]+)/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "");
    expect(token).not.toBe("");

    // A newer cart, ticked again before the first e-mail's link is used.
    await remember("baja@example.com", [{ bookId: a.id, quantity: 2 }]);
    expect(await reminderUnsubscribeState(job, token)).toEqual({ email: "baja@example.com", open: true });
    expect(await unsubscribeCartReminders(job, token)).toBe("baja@example.com");
    expect(await reminderUnsubscribeState(job, token)).toEqual({ email: "baja@example.com", open: false });
    // Idempotent.
    expect(await unsubscribeCartReminders(job, token)).toBe("baja@example.com");
    const open = (await reminderRows("baja@example.com")).filter((row) => !row.sentAt && !row.cancelledAt);
    expect(open).toEqual([]);
    await expect(unsubscribeCartReminders(job, "1.nope")).rejects.toThrow(REMINDER_MESSAGES.badLink);

    // forgetCart with nothing open changes nothing and still answers.
    expect((await forgetCart(visitor(), { email: "baja@example.com" })).message).toBe(REMINDER_MESSAGES.forgotten);
  });
});
