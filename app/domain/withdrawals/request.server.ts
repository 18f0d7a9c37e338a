import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import type { WorkingCalendar } from "~/domain/holidays/calendar";
import { shopCalendar } from "~/domain/holidays/calendar.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { getSection } from "~/domain/settings/settings.server";
import { longDate, todayInBuenosAires } from "~/lib/dates";
import { zodMessage } from "~/lib/zod-spanish";
import { isUniqueViolation } from "~db/errors";
import type { Db } from "~db/index";
import { orders, withdrawals } from "~db/schema";
import { withdrawalReceived, withdrawalShop } from "./mail.server";
import { CODE_ALPHABET, CODE_PATTERN, orderIdFromNumber, WITHDRAWAL_MESSAGES, withdrawalRequestSchema } from "./rules";
import { WITHDRAWAL_DAYS, withdrawalDeadline } from "./window";

export type Withdrawal = typeof withdrawals.$inferSelect;
type Order = typeof orders.$inferSelect;

export interface WithdrawalRequested {
  /** The "código de gestión". */
  code: string;
  /** False when the order already had a request: the same code, and no e-mail is sent again. */
  created: boolean;
  /** The Spanish line the page and the API show. */
  message: string;
  requestedAt: Date;
  order: Pick<Order, "number" | "status" | "paymentMethod" | "totalCents" | "deliveredAt">;
}

/** A new "código de gestión": "ARR-" and 8 characters of the unambiguous alphabet (32, so no bias). */
export function newWithdrawalCode(): string {
  const bytes = randomBytes(8);
  return `ARR-${Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31]).join("")}`;
}

/** A collision of two random codes is a one-in-a-trillion event; a few tries settle it. */
const CODE_ATTEMPTS = 5;

/**
 * The buyer's withdrawal (Ley 24.240 art. 34, Disposición 954/2025): no sign-in, the order's number and
 * e-mail. A wrong pair gets the same 404 as an unknown order, so orders cannot be probed (and the per-IP
 * limit counts every try). Allowed at any time before delivery and up to the window's last day after it
 * (./window.ts); a cancelled order or one past the window is a 409 with a Spanish reason.
 *
 * One request per order: the order row is locked, so concurrent requests run one after the other, and the
 * insert is `ON CONFLICT (order_id) DO NOTHING` besides. A repeat (any reason, any time, even after the
 * shop resolved it) answers the same code with `created: false` and sends nothing. The request and both
 * e-mails (the buyer's code, the shop's notice) are written in one transaction.
 */
export async function requestWithdrawal(
  ctx: Pick<RequestContext, "db" | "siteUrl" | "shopEmail" | "clientIp">,
  raw: unknown,
  now: Date = new Date(),
): Promise<WithdrawalRequested> {
  const parsed = withdrawalRequestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Invalid(zodMessage(parsed.error), { field: String(parsed.error.issues[0]?.path[0] ?? "") });
  }
  const { orderNumber: orderId, email, reason } = parsed.data;
  await limitPerIp(ctx, "withdrawalsPerIpPerHour", WITHDRAWAL_MESSAGES.tooMany);
  const contact = await getSection(ctx.db, "contact");
  const shopEmail = ctx.shopEmail ?? contact.email;
  // Read before the transaction: on the embedded database a query outside it would wait for it.
  const calendar = await shopCalendar(ctx.db);

  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [order] = await db
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), sql`lower(trim(${orders.email})) = ${email}`))
          .for("update");
        if (!order) throw new NotFound(WITHDRAWAL_MESSAGES.notFound);
        const [existing] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
        if (existing) return answer(existing, order, false);
        refuseOutsideWindow(order, now, contact, calendar);

        const [row] = await db
          .insert(withdrawals)
          .values({
            orderId: order.id,
            code: newWithdrawalCode(),
            email,
            reason,
            refundIdempotencyKey: randomUUID(),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: withdrawals.orderId })
          .returning();
        if (!row) {
          // Only reachable if another request slipped past the lock: its row is the one.
          const [other] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
          if (!other) throw new Error("withdrawal neither inserted nor found");
          return answer(other, order, false);
        }
        const mail = { siteUrl: ctx.siteUrl, code: row.code, reason, requestedAt: row.createdAt, order, contact };
        await enqueueMail(db, { to: order.email, mail: withdrawalReceived(mail), siteUrl: ctx.siteUrl });
        if (shopEmail) await enqueueMail(db, { to: shopEmail, mail: withdrawalShop(mail), siteUrl: ctx.siteUrl });
        return answer(row, order, true);
      });
    } catch (error) {
      // The order's row cannot conflict (ON CONFLICT), so a unique violation here is a repeated code.
      if (attempt < CODE_ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function refuseOutsideWindow(
  order: Order,
  now: Date,
  contact: { email: string; whatsapp: string },
  calendar: WorkingCalendar,
): void {
  if (order.status === "cancelled") throw new Conflict(WITHDRAWAL_MESSAGES.cancelled);
  // A delivered order without its date (written before the date was kept) cannot be shown late: it is taken.
  if (order.status !== "delivered" || !order.deliveredAt) return;
  const delivered = todayInBuenosAires(order.deliveredAt);
  const deadline = withdrawalDeadline(delivered, calendar);
  if (todayInBuenosAires(now) <= deadline) return;
  throw new Conflict(
    `Pasaron más de ${WITHDRAWAL_DAYS} días desde que recibiste el pedido (lo recibiste el ${longDate(delivered)} y el plazo para arrepentirte venció el ${longDate(deadline)}). Si tenés un problema con tu compra, escribinos a ${contact.email} o por WhatsApp al ${contact.whatsapp}.`,
    { deadline },
  );
}

function answer(row: Withdrawal, order: Order, created: boolean): WithdrawalRequested {
  const message = created
    ? `Recibimos tu arrepentimiento del pedido ${order.number}. Tu código de gestión es ${row.code}: también te lo mandamos por email.`
    : `Ya habíamos recibido tu arrepentimiento del pedido ${order.number} el ${longDate(row.createdAt)}. Tu código de gestión es ${row.code}.`;
  const { number, status, paymentMethod, totalCents, deliveredAt } = order;
  return {
    code: row.code,
    created,
    message,
    requestedAt: row.createdAt,
    order: { number, status, paymentMethod, totalCents, deliveredAt },
  };
}

export interface WithdrawalConfirmation {
  code: string;
  requestedAt: Date;
  order: Pick<Order, "number" | "status" | "paymentMethod" | "totalCents">;
}

/**
 * The confirmation page's request: found only by its code and its order's number together (the code is
 * 8 random characters of 32, so the pair cannot be guessed). Null when they do not match.
 */
export async function withdrawalConfirmation(
  db: Db,
  code: string,
  orderNumber: string,
): Promise<WithdrawalConfirmation | null> {
  const normalisedCode = code.trim().toUpperCase();
  const orderId = orderIdFromNumber(orderNumber);
  if (!CODE_PATTERN.test(normalisedCode) || orderId === null) return null;
  const [row] = await db
    .select({
      code: withdrawals.code,
      requestedAt: withdrawals.createdAt,
      number: orders.number,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalCents: orders.totalCents,
    })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(and(eq(withdrawals.code, normalisedCode), eq(withdrawals.orderId, orderId)));
  if (!row) return null;
  const { number, status, paymentMethod, totalCents, ...rest } = row;
  return { ...rest, order: { number, status, paymentMethod, totalCents } };
}
