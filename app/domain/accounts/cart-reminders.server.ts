import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { isPreorder, orderableQuantity } from "~/domain/catalog/book-view.server";
import { Invalid, NotFound } from "~/domain/errors";
import { startPeriodicJob } from "~/domain/jobs/periodic.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { currentPriceCents } from "~/domain/orders/place.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { DomainLog, RequestContext } from "~/domain/request-context";
import { sign, signingSecret, verify } from "~/domain/secrets/signing.server";
import { getSection } from "~/domain/settings/settings.server";
import { todayInBuenosAires } from "~/lib/dates";
import { emailSchema } from "~/lib/email-schema";
import { centsToPesos } from "~/lib/money";
import { parseId } from "~/lib/params";
import type { Db } from "~db/index";
import { books, cartReminders, type RememberedCartItem } from "~db/schema";
import { cancelOpenReminders } from "./open-reminders.server";
import { cartReminderMail, type ReminderBook } from "./reminder-mail.server";

/**
 * "Recordame mi carrito" (issue 20 item 5). A reminder exists only because the buyer ticked the box at
 * checkout with a valid email: the browser then sends the cart's lines here (`rememberCart`), unticking
 * cancels it (`forgetCart`). One open reminder per email (the partial unique index), moved forward at
 * every change; an order with the email cancels it in the order's transaction; the job sends ONE e-mail
 * per reminder when it is due (`sendDueReminders`), whose links refill the cart and stop reminders.
 */
export const REMINDER_MESSAGES = {
  email: "Ingresá un email válido para que te recordemos el carrito.",
  items: "Tu carrito está vacío: no hay nada para recordarte.",
  tooManyItems: "Tu carrito tiene demasiados libros distintos para recordártelo (hasta 50).",
  quantity: "La cantidad de cada libro tiene que ser un número entre 1 y 99.",
  unknownBook: "Algún libro de tu carrito ya no está a la venta: revisalo y probá de nuevo.",
  tooMany: "Hiciste demasiados cambios desde tu conexión. Probá de nuevo en un rato.",
  remembered: "Listo: si no terminás la compra, te mandamos un solo correo con tu carrito.",
  forgotten: "Listo: no te vamos a mandar el recordatorio.",
  badLink: "Este enlace no es válido. Revisá que esté completo o escribinos.",
} as const;

/** The most distinct books one reminder keeps. */
export const MAX_REMINDER_LINES = 50;

const email = emailSchema({ invalid: REMINDER_MESSAGES.email });
const item = z
  .object({
    bookId: z.number({ error: REMINDER_MESSAGES.items }).int().positive(REMINDER_MESSAGES.items),
    quantity: z
      .number({ error: REMINDER_MESSAGES.quantity })
      .int(REMINDER_MESSAGES.quantity)
      .min(1, REMINDER_MESSAGES.quantity)
      .max(99, REMINDER_MESSAGES.quantity),
  })
  .strict();
export const rememberCartSchema = z
  .object({
    email,
    items: z
      .array(item, { error: REMINDER_MESSAGES.items })
      .min(1, REMINDER_MESSAGES.items)
      .max(MAX_REMINDER_LINES, REMINDER_MESSAGES.tooManyItems),
  })
  .strict();
export const forgetCartSchema = z.object({ email }).strict();
export type RememberCartInput = z.infer<typeof rememberCartSchema>;
export type ForgetCartInput = z.infer<typeof forgetCartSchema>;

type VisitorContext = Pick<RequestContext, "db" | "clientIp">;

/** One line per book (a repeated book keeps its last quantity), in the cart's order. */
function distinctLines(items: RememberedCartItem[]): RememberedCartItem[] {
  const byBook = new Map<number, number>();
  for (const line of items) byBook.set(line.bookId, line.quantity);
  return [...byBook].map(([bookId, quantity]) => ({ bookId, quantity }));
}

/**
 * Saves (or moves forward) the email's open reminder: its lines and `remind_at` = now + the setting's
 * hours. Every line must be a published book (400 otherwise). Limited per IP with the newsletter's
 * sign-up limit ("newsletterPerIpPerHour"): both are a visitor leaving an address for one e-mail later.
 */
export async function rememberCart(
  ctx: VisitorContext,
  input: RememberCartInput,
  now = new Date(),
): Promise<{ message: string; remindAt: Date }> {
  await limitPerIp(ctx, "newsletterPerIpPerHour", REMINDER_MESSAGES.tooMany);
  const lines = distinctLines(input.items);
  const ids = lines.map((line) => line.bookId);
  const found = await ctx.db
    .select({ id: books.id })
    .from(books)
    .where(and(inArray(books.id, ids), eq(books.published, true)));
  if (found.length !== ids.length) throw new Invalid(REMINDER_MESSAGES.unknownBook);
  const { cartReminderHours } = await getSection(ctx.db, "accounts");
  const remindAt = new Date(now.getTime() + cartReminderHours * 3_600_000);
  await ctx.db.execute(sql`
    insert into ${cartReminders} (email, items, remind_at, created_at, updated_at)
    values (${input.email}, ${JSON.stringify(lines)}::jsonb, ${remindAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (email) where sent_at is null and cancelled_at is null do update set
      items = excluded.items,
      remind_at = excluded.remind_at,
      updated_at = excluded.updated_at`);
  return { message: REMINDER_MESSAGES.remembered, remindAt };
}

/** Unticking "Recordame mi carrito": the email's open reminder is cancelled (nothing happens without one). */
export async function forgetCart(ctx: VisitorContext, input: ForgetCartInput, now = new Date()) {
  await limitPerIp(ctx, "newsletterPerIpPerHour", REMINDER_MESSAGES.tooMany);
  await cancelOpenReminders(ctx.db, input.email, now);
  return { message: REMINDER_MESSAGES.forgotten };
}

// ---------------------------------------------------------------------------------------------------
// The job

const RECOVER = "cart-reminder-recover";
const UNSUBSCRIBE = "cart-reminder-unsubscribe";

export const recoverUrl = (siteUrl: string, secret: Buffer, reminderId: number) =>
  `${siteUrl}/carrito?recuperar=${encodeURIComponent(sign(secret, RECOVER, String(reminderId)))}`;
export const reminderUnsubscribeUrl = (siteUrl: string, secret: Buffer, reminderId: number) =>
  `${siteUrl}/cuenta/recordatorio/baja?token=${encodeURIComponent(sign(secret, UNSUBSCRIBE, String(reminderId)))}`;

/** A remembered line as the cart draws it (prices in pesos, like every JSON of the shop). */
export interface RecoveredLine {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  price: number | null;
  isPreorder: boolean;
  quantity: number;
}

/** The remembered lines still for sale today (published, priced, orderable), quantities capped by what is left. */
async function linesForSale(db: Db, items: RememberedCartItem[], now: Date): Promise<RecoveredLine[]> {
  if (items.length === 0) return [];
  const rows = await db
    .select()
    .from(books)
    .where(
      inArray(
        books.id,
        items.map((line) => line.bookId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const today = todayInBuenosAires(now);
  const lines: RecoveredLine[] = [];
  for (const { bookId, quantity } of items) {
    const book = byId.get(bookId);
    if (!book) continue;
    const priceCents = currentPriceCents(book, today);
    const available = orderableQuantity(book, today);
    if (priceCents === null || available <= 0) continue;
    lines.push({
      id: book.id,
      title: book.title,
      author: book.author,
      coverUrl: book.coverUrl,
      price: centsToPesos(priceCents),
      isPreorder: isPreorder(book, today),
      quantity: Math.min(quantity, available),
    });
  }
  return lines;
}

type JobContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret"> & { log?: DomainLog };

export interface ReminderPass {
  sent: number;
  /** Cancelled instead: an order with the email followed, or none of the books is for sale any more. */
  skipped: number;
}

const absolute = (siteUrl: string, url: string | null) => (url?.startsWith("/") ? `${siteUrl}${url}` : url);

/**
 * Sends the reminders that are due, `batch` at a time, until none is left. Each batch is one transaction:
 * the rows are claimed with FOR UPDATE SKIP LOCKED (two passes, on one instance or several, never take
 * the same row), and each gets `sent_at` and its ONE e-mail (outbox), or `cancelled_at` when the email
 * placed an order after the reminder was made or nothing in it is still for sale.
 */
export async function sendDueReminders(ctx: JobContext, { batch = 20, now = new Date() } = {}): Promise<ReminderPass> {
  const secret = await signingSecret(ctx.db, ctx.configuredSecret);
  const pass: ReminderPass = { sent: 0, skipped: 0 };
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const result = await db.execute(sql`
        select r.id, r.email, r.items,
          exists (
            select 1 from orders o where o.email = r.email and o.created_at >= r.created_at
          ) as ordered
        from ${cartReminders} r
        where r.sent_at is null and r.cancelled_at is null and r.remind_at <= ${now.toISOString()}::timestamptz
        order by r.remind_at, r.id
        limit ${batch}
        for update of r skip locked`);
      const rows = (
        result as unknown as { rows: { id: number; email: string; items: RememberedCartItem[]; ordered: boolean }[] }
      ).rows;
      for (const row of rows) {
        const id = Number(row.id);
        const lines = row.ordered ? [] : await linesForSale(db, row.items, now);
        if (lines.length === 0) {
          await db.update(cartReminders).set({ cancelledAt: now, updatedAt: now }).where(eq(cartReminders.id, id));
          pass.skipped++;
          continue;
        }
        await db.update(cartReminders).set({ sentAt: now, updatedAt: now }).where(eq(cartReminders.id, id));
        const mail = cartReminderMail({
          siteUrl: ctx.siteUrl,
          books: lines.map((line): ReminderBook => ({ ...line, coverUrl: absolute(ctx.siteUrl, line.coverUrl) })),
          recoverUrl: recoverUrl(ctx.siteUrl, secret, id),
          unsubscribeUrl: reminderUnsubscribeUrl(ctx.siteUrl, secret, id),
        });
        await enqueueMail(db, { to: row.email, mail, siteUrl: ctx.siteUrl });
        pass.sent++;
      }
      return rows.length;
    });
    if (claimed < batch) break;
  }
  if (pass.sent + pass.skipped > 0) ctx.log?.info({ ...pass }, "cart reminders sent");
  return pass;
}

// ---------------------------------------------------------------------------------------------------
// The e-mail's links

type LinkContext = Pick<RequestContext, "db" | "configuredSecret">;

async function reminderOfToken(ctx: LinkContext, purpose: string, token: string | null) {
  const id = parseId(token ? verify(await signingSecret(ctx.db, ctx.configuredSecret), purpose, token) : null);
  if (id === null) throw new Invalid(REMINDER_MESSAGES.badLink);
  const [row] = await ctx.db.select().from(cartReminders).where(eq(cartReminders.id, id));
  if (!row) throw new NotFound(REMINDER_MESSAGES.badLink);
  return row;
}

/** "Volver a mi carrito": the reminder's lines still for sale, for the browser to put back in its cart. */
export async function recoverCart(ctx: LinkContext, token: string | null, now = new Date()): Promise<RecoveredLine[]> {
  const reminder = await reminderOfToken(ctx, RECOVER, token);
  return linesForSale(ctx.db, reminder.items, now);
}

/** The email a signed unsubscribe link names, and whether it still has an open reminder (for the page). */
export async function reminderUnsubscribeState(ctx: LinkContext, token: string | null) {
  const reminder = await reminderOfToken(ctx, UNSUBSCRIBE, token);
  const [open] = await ctx.db
    .select({ id: cartReminders.id })
    .from(cartReminders)
    .where(
      and(eq(cartReminders.email, reminder.email), isNull(cartReminders.sentAt), isNull(cartReminders.cancelledAt)),
    );
  return { email: reminder.email, open: Boolean(open) };
}

/**
 * The e-mail's "no quiero más recordatorios": every open reminder of the email is cancelled. No column
 * keeps a refusal: a reminder exists only after a new tick, which is new consent. Idempotent.
 */
export async function unsubscribeCartReminders(ctx: LinkContext, token: string | null, now = new Date()) {
  const reminder = await reminderOfToken(ctx, UNSUBSCRIBE, token);
  await cancelOpenReminders(ctx.db, reminder.email, now);
  return reminder.email;
}

/** Runs `sendDueReminders` in this server process now and every `intervalMs`; `stop()` waits for a running pass. */
export function startCartReminderJob(ctx: JobContext, intervalMs = 5 * 60_000) {
  return startPeriodicJob(ctx.log, "cart reminder job failed", () => sendDueReminders(ctx), intervalMs);
}
