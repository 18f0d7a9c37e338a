import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { getSection } from "~/domain/settings/settings.server";
import { containsPattern } from "~/lib/like";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { books, specialOrderReplies, specialOrders } from "~db/schema";
import { receivedMessage, type SpecialOrderStatus, STATUS_LABELS } from "./labels";
import { specialOrderReceived, specialOrderReply, specialOrderShop } from "./mail.server";
import { adminUpdateSchema, MESSAGES, nextStatuses, replySchema, requestSchema } from "./rules";

export type SpecialOrder = typeof specialOrders.$inferSelect;
export type SpecialOrderReply = typeof specialOrderReplies.$inferSelect;

export const NOT_FOUND = "No encontramos ese pedido especial";
export const TOO_MANY_REQUESTS =
  "Recibimos muchos pedidos desde tu conexión. Probá de nuevo en un rato o escribinos por WhatsApp.";

/**
 * A visitor asks for a book. The form is checked first (nothing is written on bad input), then the
 * per-IP limit; the request, the visitor's confirmation and the shop's notice are written in one
 * transaction, so there is never a request without its e-mails or the other way round.
 */
export async function createSpecialOrder(
  ctx: Pick<RequestContext, "db" | "siteUrl" | "shopEmail" | "clientIp">,
  raw: unknown,
): Promise<{ order: SpecialOrder; message: string }> {
  const parsed = requestSchema.safeParse(raw);
  if (!parsed.success)
    throw new Invalid(zodMessage(parsed.error), { field: String(parsed.error.issues[0]?.path[0] ?? "") });
  const input = parsed.data;
  if (input.bookId !== null) {
    const [book] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.id, input.bookId));
    if (!book) throw new Invalid(MESSAGES.bookId, { field: "bookId" });
  }
  await limitPerIp(ctx, "specialOrdersPerIpPerHour", TOO_MANY_REQUESTS);
  const shopEmail = ctx.shopEmail ?? (await getSection(ctx.db, "contact")).email;

  const order = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(specialOrders).values(input).returning();
    if (!row) throw new Error("special order insert returned nothing");
    const mail = { siteUrl: ctx.siteUrl, order: row };
    await enqueueMail(tx as unknown as Db, { to: row.email, mail: specialOrderReceived(mail), siteUrl: ctx.siteUrl });
    if (shopEmail) {
      await enqueueMail(tx as unknown as Db, { to: shopEmail, mail: specialOrderShop(mail), siteUrl: ctx.siteUrl });
    }
    return row;
  });
  return { order, message: receivedMessage(order.scope) };
}

/** The book a request form starts from ("ORDENAR 72HS"), or null when the id names nothing. */
export async function bookForRequest(
  db: Db,
  id: number,
): Promise<{ id: number; title: string; author: string } | null> {
  const [book] = await db
    .select({ id: books.id, title: books.title, author: books.author })
    .from(books)
    .where(and(eq(books.id, id), eq(books.published, true)));
  return book ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Admin (/admin/pedidos-especiales)

export interface SpecialOrderFilters {
  status?: SpecialOrderStatus;
  search?: string;
  page?: number;
  pageSize?: number;
}

function filterWhere(filters: SpecialOrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(specialOrders.status, filters.status));
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(specialOrders.bookTitle, pattern),
        ilike(specialOrders.bookAuthor, pattern),
        ilike(specialOrders.name, pattern),
        ilike(specialOrders.email, pattern),
      ) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first, 50 a page, with the count per status for the filter tabs. */
export async function listSpecialOrders(
  db: Db,
  filters: SpecialOrderFilters = {},
): Promise<{ rows: SpecialOrder[]; total: number; counts: Record<SpecialOrderStatus, number> }> {
  const pageSize = filters.pageSize ?? 50;
  const where = filterWhere(filters);
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select()
      .from(specialOrders)
      .where(where)
      .orderBy(desc(specialOrders.createdAt), desc(specialOrders.id))
      .limit(pageSize)
      .offset((Math.max(1, filters.page ?? 1) - 1) * pageSize),
    db.select({ n: count() }).from(specialOrders).where(where),
    db
      .select({ status: specialOrders.status, n: count() })
      .from(specialOrders)
      .where(filterWhere({ search: filters.search }))
      .groupBy(specialOrders.status),
  ]);
  const counts = Object.fromEntries(Object.keys(STATUS_LABELS).map((status) => [status, 0])) as Record<
    SpecialOrderStatus,
    number
  >;
  for (const row of perStatus) counts[row.status] = row.n;
  return { rows, total: total?.n ?? 0, counts };
}

export async function getSpecialOrder(
  db: Db,
  id: number,
): Promise<{ order: SpecialOrder; replies: SpecialOrderReply[] }> {
  const [order] = await db.select().from(specialOrders).where(eq(specialOrders.id, id));
  if (!order) throw new NotFound(NOT_FOUND);
  const replies = await db
    .select()
    .from(specialOrderReplies)
    .where(eq(specialOrderReplies.specialOrderId, id))
    .orderBy(asc(specialOrderReplies.sentAt), asc(specialOrderReplies.id));
  return { order, replies };
}

/**
 * The admin changes a request's status and/or notes. The row is locked, so two admins at once apply one
 * after the other and the second one's status change is checked against the first one's result. A status
 * the request cannot go to (see `nextStatuses`) is a 409; bad input is a 400; either way nothing changes.
 */
export async function updateSpecialOrder(
  db: Db,
  admin: AdminIdentity,
  id: number,
  raw: unknown,
): Promise<SpecialOrder> {
  const parsed = adminUpdateSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const { status, adminNotes } = parsed.data;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(specialOrders).where(eq(specialOrders.id, id)).for("update");
    if (!current) throw new NotFound(NOT_FOUND);
    const changes: Partial<SpecialOrder> = {};
    const summary: string[] = [];
    if (status !== undefined && status !== current.status) {
      if (!nextStatuses(current.status).includes(status)) {
        throw new Conflict(
          `Un pedido ${STATUS_LABELS[current.status].toLowerCase()} no puede pasar a ${STATUS_LABELS[status].toLowerCase()}`,
        );
      }
      changes.status = status;
      summary.push(`pasó a ${STATUS_LABELS[status].toLowerCase()}`);
    }
    if (adminNotes !== undefined && adminNotes !== current.adminNotes) {
      changes.adminNotes = adminNotes;
      summary.push("notas actualizadas");
    }
    if (summary.length === 0) return current;
    const [updated] = await tx
      .update(specialOrders)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(specialOrders.id, id))
      .returning();
    if (!updated) throw new NotFound(NOT_FOUND);
    await recordAudit(tx as unknown as Db, admin, {
      action: "special-order.update",
      entity: "special_order",
      entityId: id,
      summary: `Pedido especial #${id} («${current.bookTitle}»): ${summary.join(", ")}`,
      details: { from: current.status, to: updated.status, notesChanged: "adminNotes" in changes },
    });
    return updated;
  });
}

/**
 * The admin answers the requester by e-mail: the reply is stored and its e-mail queued in the same
 * transaction (both or neither), with an audit line.
 */
export async function replyToSpecialOrder(
  db: Db,
  admin: AdminIdentity,
  id: number,
  raw: unknown,
  siteUrl: string,
): Promise<SpecialOrderReply> {
  const parsed = replySchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const { message } = parsed.data;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(specialOrders).where(eq(specialOrders.id, id)).for("update");
    if (!order) throw new NotFound(NOT_FOUND);
    const [reply] = await tx
      .insert(specialOrderReplies)
      .values({ specialOrderId: id, adminEmail: admin.email, body: message })
      .returning();
    if (!reply) throw new Error("special order reply insert returned nothing");
    await enqueueMail(tx as unknown as Db, {
      to: order.email,
      mail: specialOrderReply({ siteUrl, order, message }),
      siteUrl,
    });
    await recordAudit(tx as unknown as Db, admin, {
      action: "special-order.reply",
      entity: "special_order",
      entityId: id,
      summary: `Respondió por email el pedido especial #${id} («${order.bookTitle}»)`,
    });
    return reply;
  });
}

/** Dashboard figures: requests nobody has looked at yet, and the ones still open. */
export async function specialOrderFigures(db: Db): Promise<{ new: number; open: number }> {
  const rows = await db
    .select({ status: specialOrders.status, n: count() })
    .from(specialOrders)
    .where(inArray(specialOrders.status, ["nuevo", "cotizado", "encargado", "listo"]))
    .groupBy(specialOrders.status);
  return {
    new: rows.find((row) => row.status === "nuevo")?.n ?? 0,
    open: rows.reduce((sum, row) => sum + row.n, 0),
  };
}

/** One request as the admin API answers it (dates as ISO strings). */
export function specialOrderJson(order: SpecialOrder) {
  return { ...order, createdAt: order.createdAt.toISOString(), updatedAt: order.updatedAt.toISOString() };
}

export function replyJson(reply: SpecialOrderReply) {
  return { ...reply, sentAt: reply.sentAt.toISOString() };
}
