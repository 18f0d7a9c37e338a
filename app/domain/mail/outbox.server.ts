import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, NotFound } from "~/domain/errors";
import type { Db } from "~db/index";
import { type MailAttachmentRef, mailOutbox } from "~db/schema";
import { OUTBOX_STATUSES, type OutboxStatus } from "./status";
import { CAMPAIGN_HEADER, type RenderedMail } from "./templates/render.server";

export { OUTBOX_STATUSES, type OutboxStatus };

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Mails that carry a secret (a sign-in code, a magic link, a code that confirms a baja): their subject
 * never holds it, the admin's views never show their body, and the body is emptied from the outbox in the
 * same update that marks them sent. A new template that carries a code or a link joins this list.
 */
export const SENSITIVE_TEMPLATES: readonly string[] = ["account-sign-in-code", "box-cancellation-code", "team-invite"];
export const isSensitive = (template: string) => SENSITIVE_TEMPLATES.includes(template);

/** What stays of a sensitive mail's body once sent, and what the admin sees of it before. */
export const SENSITIVE_SENT_TEXT = "[Contenido borrado al enviarse: llevaba un código o un enlace para entrar.]";
export const SENSITIVE_HIDDEN_TEXT =
  "Este correo lleva un código o un enlace para entrar: el panel no muestra su contenido y se borra al enviarse.";
const paragraph = (text: string) => `<p style="font-family:sans-serif">${text}</p>`;

/** Wakes this process's worker when a message is queued (other instances find it on their next poll). */
export const outboxEvents = new EventEmitter();

/** A Message-ID under the shop's own domain, fixed when the message is queued (re-sends keep it). */
export function newMessageId(siteUrl: string): string {
  const host = URL.canParse(siteUrl) ? new URL(siteUrl).hostname : "rizoma.local";
  return `<${randomUUID()}@${host || "rizoma.local"}>`;
}

/**
 * Queues one e-mail. Call it with the transaction of the change that causes the mail, so both are
 * written or neither is.
 */
export async function enqueueMail(
  db: Db,
  message: { to: string; mail: RenderedMail; siteUrl: string; attachments?: MailAttachmentRef[] },
): Promise<{ id: number; messageId: string }> {
  const messageId = newMessageId(message.siteUrl);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      messageId,
      template: message.mail.template,
      toAddress: message.to,
      subject: message.mail.subject,
      html: message.mail.html,
      text: message.mail.text,
      headers: message.mail.headers ?? {},
      attachments: message.attachments ?? [],
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("outbox insert returned nothing");
  outboxEvents.emit("queued");
  return { id: row.id, messageId };
}

/**
 * Claims up to `limit` messages that are due: queued ones whose time has come, and ones left 'sending'
 * by a worker that died (lease over). SKIP LOCKED lets several workers claim side by side without
 * ever taking the same row; the lease makes a crashed worker's rows come back.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${mailOutbox}
    set status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${mailOutbox}
      where (status = 'queued' and next_attempt_at <= now())
         or (status = 'sending' and locked_until < now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id
  `);
  const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.id} in (${sql.join(ids, sql`, `)})`);
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Renews a claimed message's lease right before it is sent, so a slow batch never outlives its lease
 * and lets a second worker send the same message. False when the message is no longer this worker's.
 */
export async function renewLease(db: Db, id: number, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "sending"), sql`${mailOutbox.lockedUntil} > now()`))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Marks a message sent; a sensitive one loses its body in the same update (template and state stay). */
export async function markSent(db: Db, id: number): Promise<void> {
  const sensitive = sql`${mailOutbox.template} in (${sql.join(
    SENSITIVE_TEMPLATES.map((template) => sql`${template}`),
    sql`, `,
  )})`;
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      html: sql`case when ${sensitive} then ${paragraph(SENSITIVE_SENT_TEXT)} else ${mailOutbox.html} end`,
      text: sql`case when ${sensitive} then ${SENSITIVE_SENT_TEXT} else ${mailOutbox.text} end`,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "sending")));
}

/** A failed attempt: back to the queue after `delayMs`, or 'failed' once the attempts are used up. */
export async function markAttemptFailed(
  db: Db,
  row: Pick<OutboxRow, "id" | "attempts">,
  error: string,
  options: { maxAttempts: number; delayMs: number },
): Promise<OutboxStatus> {
  const status = row.attempts >= options.maxAttempts ? "failed" : "queued";
  await db
    .update(mailOutbox)
    .set({
      status,
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${options.delayMs / 1000})`,
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "sending")));
  return status;
}

/** Hands claimed-but-unsent rows back (a worker stopping cleanly); the attempt does not count. */
export async function releaseClaimed(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: "queued", lockedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(and(sql`${mailOutbox.id} in (${sql.join(ids, sql`, `)})`, eq(mailOutbox.status, "sending")));
}

/** Exponential backoff with ±20% jitter: 30 s, 1 min, 2 min... capped at one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

// ---------------------------------------------------------------------------------------------------
// Admin (/admin/correos)

export async function outboxCounts(db: Db): Promise<Record<OutboxStatus, number>> {
  const rows = await db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function listOutbox(
  db: Db,
  options: { status?: OutboxStatus | null; page: number; pageSize?: number },
): Promise<{ rows: Omit<OutboxRow, "html" | "text">[]; total: number }> {
  const pageSize = options.pageSize ?? 50;
  const where = options.status ? eq(mailOutbox.status, options.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        messageId: mailOutbox.messageId,
        template: mailOutbox.template,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        headers: mailOutbox.headers,
        attachments: mailOutbox.attachments,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        lockedUntil: mailOutbox.lockedUntil,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(pageSize)
      .offset((Math.max(1, options.page) - 1) * pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One message as the admin sees it (page, JSON and .eml): a sensitive one shows its template and state,
 * never its code or link, even before it is sent.
 */
export async function getOutboxMessage(db: Db, id: number): Promise<OutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new NotFound("No encontramos ese correo");
  if (!isSensitive(row.template)) return row;
  const text = row.status === "sent" ? SENSITIVE_SENT_TEXT : SENSITIVE_HIDDEN_TEXT;
  return { ...row, html: paragraph(text), text };
}

/** Puts a failed message back in the queue, with its attempts reset. */
export async function retryFailed(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailOutbox)
      .set({ status: "queued", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
      .returning({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject });
    if (!row) {
      const [exists] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
      throw exists
        ? new Conflict("Ese correo no está fallido: no hace falta reintentarlo")
        : new NotFound("No encontramos ese correo");
    }
    await recordAudit(tx as unknown as Db, admin, {
      action: "mail.retry",
      entity: "mail",
      entityId: String(id),
      summary: `Reintentó el correo «${row.subject}» a ${row.to}`,
    });
  });
  outboxEvents.emit("queued");
}

/** An outbox row as the admin API shows it (without the bodies, except for one message). */
export function outboxJson(row: Omit<OutboxRow, "html" | "text"> & Partial<Pick<OutboxRow, "html" | "text">>) {
  return {
    id: row.id,
    messageId: row.messageId,
    template: row.template,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
    headers: row.headers,
    ...(row.html !== undefined ? { html: row.html, text: row.text } : {}),
  };
}

export const outboxQuery = z.object({
  estado: z
    .enum(OUTBOX_STATUSES, { error: "Estado desconocido: usá queued, sending, sent o failed" })
    .optional()
    .catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

/** How far one bulk send has gone: its messages by state (the campaign id is a header of each). */
export async function campaignProgress(
  db: Db,
  campaign: string,
): Promise<Record<OutboxStatus, number> & { total: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(sql`${mailOutbox.headers} ->> ${CAMPAIGN_HEADER} = ${campaign}`)
    .groupBy(mailOutbox.status);
  const progress = { queued: 0, sending: 0, sent: 0, failed: 0, total: 0 };
  for (const row of rows) {
    progress[row.status] = row.n;
    progress.total += row.n;
  }
  return progress;
}
