import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~db/index";
import { specialOrderReplies, specialOrders } from "~db/schema";

/**
 * The reader's special orders (every one asked with their email, before signing up too), newest first,
 * each with the replies the shop sent (oldest first, as a conversation reads). The shop's internal notes
 * (`admin_notes`) and who replied stay out.
 */
export async function customerSpecialOrders(db: Db, email: string) {
  const rows = await db
    .select({
      id: specialOrders.id,
      bookTitle: specialOrders.bookTitle,
      bookAuthor: specialOrders.bookAuthor,
      bookId: specialOrders.bookId,
      scope: specialOrders.scope,
      note: specialOrders.note,
      status: specialOrders.status,
      createdAt: specialOrders.createdAt,
    })
    .from(specialOrders)
    .where(eq(specialOrders.email, email))
    .orderBy(desc(specialOrders.createdAt), desc(specialOrders.id));
  const replies = rows.length
    ? await db
        .select({
          id: specialOrderReplies.id,
          specialOrderId: specialOrderReplies.specialOrderId,
          body: specialOrderReplies.body,
          sentAt: specialOrderReplies.sentAt,
        })
        .from(specialOrderReplies)
        .where(
          inArray(
            specialOrderReplies.specialOrderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(specialOrderReplies.sentAt), asc(specialOrderReplies.id))
    : [];
  return rows.map((row) => ({
    ...row,
    replies: replies
      .filter((reply) => reply.specialOrderId === row.id)
      .map(({ id, body, sentAt }) => ({ id, body, sentAt })),
  }));
}
export type CustomerSpecialOrder = Awaited<ReturnType<typeof customerSpecialOrders>>[number];
