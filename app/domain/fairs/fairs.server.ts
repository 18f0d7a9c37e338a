import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import type { Db } from "~db/index";
import { adminUsers, fairSellers, fairStock, fairs, sales } from "~db/schema";
import { FAIR_MESSAGES, type FairInput, fairSchema } from "./input";

/**
 * Fairs themselves (issue 35 item 4, docs/decisions/0050-fairs.md): created, edited and opened by an owner;
 * their stock lives in stock.server.ts, what they sold in report.server.ts.
 */

export type Fair = typeof fairs.$inferSelect;

export async function getFair(db: Db, id: number): Promise<Fair> {
  const [fair] = await db.select().from(fairs).where(eq(fairs.id, id));
  if (!fair) throw new NotFound(FAIR_MESSAGES.notFound);
  return fair;
}

/** Everyone on the team, for the sellers' checkboxes. */
export function teamMembers(db: Db) {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role })
    .from(adminUsers)
    .orderBy(asc(adminUsers.email));
}

/** The sellers of a fair: id and e-mail, by e-mail. */
export function fairSellerList(db: Db, fairId: number) {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(fairSellers)
    .innerJoin(adminUsers, eq(adminUsers.id, fairSellers.adminId))
    .where(eq(fairSellers.fairId, fairId))
    .orderBy(asc(adminUsers.email));
}

/** Every seller id names an admin; an unknown one is a 400 on the sellers field (nothing written). */
async function checkSellers(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(inArray(adminUsers.id, [...ids]));
  if (found.length !== ids.length) throw new Invalid(FAIR_MESSAGES.seller, { field: "sellers" });
}

const describe = (input: FairInput) =>
  `${input.name}${input.place ? `, ${input.place}` : ""} (${input.startsOn} a ${input.endsOn}, descuento ${input.discountPercent}%)`;

/** An owner creates a fair: planned, with its sellers. One transaction, audited. */
export async function createFair(db: Db, admin: AdminIdentity, raw: unknown): Promise<Fair> {
  const input = fairSchema.parse(raw);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await checkSellers(t, input.sellers);
    const [fair] = await t
      .insert(fairs)
      .values({
        name: input.name,
        place: input.place,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        discountPercent: input.discountPercent,
      })
      .returning();
    if (!fair) throw new Error("fair not written");
    if (input.sellers.length > 0) {
      await t.insert(fairSellers).values(input.sellers.map((adminId) => ({ fairId: fair.id, adminId })));
    }
    await recordAudit(t, admin, {
      action: "fair.create",
      entity: "fair",
      entityId: fair.id,
      summary: `Creó la feria «${describe(input)}»`,
      details: { ...input },
    });
    return fair;
  });
}

/** An owner edits a fair that has not closed: its data and its sellers (the list replaced). */
export async function updateFair(db: Db, admin: AdminIdentity, id: number, raw: unknown): Promise<Fair> {
  const input = fairSchema.parse(raw);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await checkSellers(t, input.sellers);
    const [fair] = await t
      .update(fairs)
      .set({
        name: input.name,
        place: input.place,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        discountPercent: input.discountPercent,
        updatedAt: new Date(),
      })
      .where(and(eq(fairs.id, id), ne(fairs.status, "closed")))
      .returning();
    if (!fair) {
      await getFair(t, id);
      throw new Conflict(FAIR_MESSAGES.closed);
    }
    await t.delete(fairSellers).where(eq(fairSellers.fairId, id));
    if (input.sellers.length > 0) {
      await t.insert(fairSellers).values(input.sellers.map((adminId) => ({ fairId: id, adminId })));
    }
    await recordAudit(t, admin, {
      action: "fair.update",
      entity: "fair",
      entityId: id,
      summary: `Editó la feria «${describe(input)}»`,
      details: { ...input },
    });
    return fair;
  });
}

/** Planned → open, once: the conditional update settles two clicks at once. */
export async function openFair(db: Db, admin: AdminIdentity, id: number, now = new Date()): Promise<Fair> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [fair] = await t
      .update(fairs)
      .set({ status: "open", updatedAt: now })
      .where(and(eq(fairs.id, id), eq(fairs.status, "planned")))
      .returning();
    if (!fair) {
      const current = await getFair(t, id);
      throw new Conflict(current.status === "open" ? FAIR_MESSAGES.alreadyOpen : FAIR_MESSAGES.alreadyClosed);
    }
    await recordAudit(t, admin, {
      action: "fair.open",
      entity: "fair",
      entityId: id,
      summary: `Abrió la feria «${fair.name}»`,
    });
    return fair;
  });
}

export interface FairListRow {
  id: number;
  name: string;
  place: string;
  startsOn: string;
  endsOn: string;
  discountPercent: number;
  status: Fair["status"];
  /** Copies on the fair's table now, and sent there in all. */
  onTable: number;
  sent: number;
  /** Paid sales made there: count and total in centavos. */
  salesCount: number;
  salesCents: number;
}

/** Every fair, the open ones first, then the planned, then the closed; the latest first within each. */
export async function listFairs(db: Db): Promise<FairListRow[]> {
  const stock = db
    .select({
      fairId: fairStock.fairId,
      onTable: sql<number>`coalesce(sum(${fairStock.quantity}), 0)::int`.as("on_table"),
      sent: sql<number>`coalesce(sum(${fairStock.sentQuantity}), 0)::int`.as("sent"),
    })
    .from(fairStock)
    .groupBy(fairStock.fairId)
    .as("stock");
  const sold = db
    .select({
      fairId: sales.fairId,
      salesCount: sql<number>`count(*)::int`.as("sales_count"),
      salesCents: sql<number>`coalesce(sum(${sales.totalCents}), 0)::bigint`.as("sales_cents"),
    })
    .from(sales)
    .where(eq(sales.status, "paid"))
    .groupBy(sales.fairId)
    .as("sold");
  const rows = await db
    .select({
      id: fairs.id,
      name: fairs.name,
      place: fairs.place,
      startsOn: fairs.startsOn,
      endsOn: fairs.endsOn,
      discountPercent: fairs.discountPercent,
      status: fairs.status,
      onTable: sql<number>`coalesce(${stock.onTable}, 0)`,
      sent: sql<number>`coalesce(${stock.sent}, 0)`,
      salesCount: sql<number>`coalesce(${sold.salesCount}, 0)`,
      salesCents: sql<number>`coalesce(${sold.salesCents}, 0)`,
    })
    .from(fairs)
    .leftJoin(stock, eq(stock.fairId, fairs.id))
    .leftJoin(sold, eq(sold.fairId, fairs.id))
    .orderBy(
      sql`case ${fairs.status} when 'open' then 0 when 'planned' then 1 else 2 end`,
      desc(fairs.startsOn),
      desc(fairs.id),
    );
  return rows.map((row) => ({
    ...row,
    onTable: Number(row.onTable),
    sent: Number(row.sent),
    salesCount: Number(row.salesCount),
    salesCents: Number(row.salesCents),
  }));
}

/**
 * The open fairs, for the sale page (GET /api/admin/ferias): whether `admin` may sell at each follows
 * the sale's own rule (owners anywhere; staff where the fair lists no sellers or lists them).
 */
export async function openFairs(db: Db, admin: AdminIdentity) {
  const rows = await db
    .select()
    .from(fairs)
    .where(eq(fairs.status, "open"))
    .orderBy(asc(fairs.startsOn), asc(fairs.id));
  const sellers =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(fairSellers)
          .where(
            inArray(
              fairSellers.fairId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((fair) => {
    const listed = sellers.filter((seller) => seller.fairId === fair.id);
    return {
      id: fair.id,
      name: fair.name,
      place: fair.place,
      startsOn: fair.startsOn,
      endsOn: fair.endsOn,
      discountPercent: fair.discountPercent,
      youSell: admin.role === "owner" || listed.length === 0 || listed.some((seller) => seller.adminId === admin.id),
    };
  });
}
