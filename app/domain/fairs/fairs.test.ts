import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, Invalid } from "~/domain/errors";
import { placeOrder } from "~/domain/orders/place.server";
import { recordSale } from "~/domain/sales/record.server";
import { logger } from "~/lib/logger.server";
import {
  adminUsers,
  auditLog,
  books,
  fairSellers,
  fairStock,
  fairs,
  mailOutbox,
  sales,
  stockAlerts,
  stockMovements,
} from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { createFair, getFair, listFairs, openFair, openFairs, updateFair } from "./fairs.server";
import { FAIR_MESSAGES } from "./input";
import { fairDetail, packingList } from "./report.server";
import { closeFair, moveToFair, searchBooksToMove } from "./stock.server";

/**
 * Fairs (issue 35 item 4): created and opened by an owner, their own stock moved from the shop's and back at
 * the close, shortages recorded. On PostgreSQL (TEST_POSTGRES=1) the races really run at once; on PGlite
 * they take turns, and the same outcomes must hold.
 */
const { db, admin } = await adminTestDatabase();
const ip = clientIps("10.50");
const site = { db, siteUrl: "http://tienda.test", configuredSecret: "s".repeat(32) };
const saleCtx = { ...site, shopEmail: null, log: logger };
const STAFF: AdminIdentity = { id: 2, email: "vendedora@rizoma.com.ar", role: "staff" };
const OTHER_STAFF: AdminIdentity = { id: 3, email: "otro@rizoma.com.ar", role: "staff" };

async function team() {
  for (const member of [STAFF, OTHER_STAFF]) {
    await db
      .insert(adminUsers)
      .values({ id: member.id, email: member.email, role: member.role, passwordHash: "no se usa" })
      .onConflictDoNothing();
  }
}

async function book(stock: number, title = `Libro ${randomUUID().slice(0, 8)}`) {
  const [row] = await db
    .insert(books)
    .values({ title, slug: `libro-${randomUUID()}`, priceCents: 2_000_000, stock, isbn: `978${Date.now() % 1e10}` })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const stockOf = async (id: number) => (await db.select().from(books).where(eq(books.id, id)))[0]?.stock;
const tableOf = async (fairId: number, bookId: number) =>
  (
    await db
      .select()
      .from(fairStock)
      .where(and(eq(fairStock.fairId, fairId), eq(fairStock.bookId, bookId)))
  )[0];
const movementsOf = (bookId: number) =>
  db
    .select({
      location: stockMovements.location,
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      fairId: stockMovements.fairId,
    })
    .from(stockMovements)
    .where(eq(stockMovements.bookId, bookId))
    .orderBy(asc(stockMovements.id));

const movedAt = async (bookId: number, location: "shop" | "fair") =>
  (await movementsOf(bookId)).filter((row) => row.location === location).reduce((sum, row) => sum + row.delta, 0);

const fairInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Feria del Libro",
  place: "La Rural, Palermo",
  startsOn: "2026-04-23",
  endsOn: "2026-05-12",
  discountPercent: "10",
  ...overrides,
});

async function newFair(overrides: Record<string, unknown> = {}) {
  return createFair(db, admin, fairInput(overrides));
}

/**
 * `db` for the other side of a race, telling when that side's transaction has begun: the move started then
 * runs while the order or sale holds its locks (on PostgreSQL), so both orders of arrival are exercised.
 */
function announcing(target: typeof db) {
  let began: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    began = resolve;
  });
  const wrapped = Object.create(target) as typeof db;
  wrapped.transaction = ((...args: Parameters<typeof db.transaction>) => {
    began();
    return target.transaction(...args);
  }) as typeof db.transaction;
  return { db: wrapped, started };
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error("it went through");
    },
    (error: Error) => error,
  );
}

const order = (bookId: number) => ({
  items: [{ id: bookId, quantity: 1 }],
  customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" },
  delivery: { method: "pickup" },
  paymentMethod: "transfer",
});

const sale = (bookId: number, extra: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  items: [{ id: bookId, quantity: 1 }],
  payment: "cash" as const,
  ...extra,
});

describe("a fair's data", () => {
  it("is created planned, with its sellers and an audit line; the form's mistakes are 400s in Spanish", async () => {
    await team();
    const fair = await newFair({ sellers: [String(STAFF.id)] });
    expect(fair).toMatchObject({ status: "planned", discountPercent: 10, startsOn: "2026-04-23", closedAt: null });
    expect(await db.select().from(fairSellers).where(eq(fairSellers.fairId, fair.id))).toEqual([
      { fairId: fair.id, adminId: STAFF.id },
    ]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "fair.create"));
    expect(audit?.summary).toContain("Creó la feria «Feria del Libro, La Rural, Palermo");

    const before = (await db.select().from(fairs)).length;
    const messages = async (overrides: Record<string, unknown>) => {
      const error = await refusal(newFair(overrides));
      return "issues" in error
        ? (error as unknown as { issues: { message: string }[] }).issues[0]?.message
        : error.message;
    };
    expect(await messages({ name: "  " })).toBe(FAIR_MESSAGES.name);
    expect(await messages({ endsOn: "2026-04-22" })).toBe(FAIR_MESSAGES.datesOrder);
    expect(await messages({ startsOn: "2026-02-30" })).toBe(FAIR_MESSAGES.startsOn);
    expect(await messages({ startsOn: "0000-01-01" })).toBe(FAIR_MESSAGES.startsOn);
    expect(await messages({ sellers: ["99999999999"] })).toBe(FAIR_MESSAGES.seller);
    expect(await messages({ discountPercent: "101" })).toBe(FAIR_MESSAGES.discount);
    expect(await messages({ discountPercent: "5,5" })).toBe(FAIR_MESSAGES.discount);
    const unknownSeller = await refusal(newFair({ sellers: ["999"] }));
    expect(unknownSeller).toBeInstanceOf(Invalid);
    expect(unknownSeller.message).toBe(FAIR_MESSAGES.seller);
    expect((await db.select().from(fairs)).length).toBe(before);
    // Above the law's 10% is allowed (the page warns); an empty discount is none.
    expect((await newFair({ discountPercent: "25" })).discountPercent).toBe(25);
    expect((await newFair({ discountPercent: "" })).discountPercent).toBe(0);
  });

  it("is edited (sellers replaced) until it closes, and opens once", async () => {
    await team();
    const fair = await newFair({ sellers: [String(STAFF.id)] });
    await updateFair(db, admin, fair.id, fairInput({ name: "FED", sellers: [String(OTHER_STAFF.id)] }));
    expect((await getFair(db, fair.id)).name).toBe("FED");
    expect(await db.select().from(fairSellers).where(eq(fairSellers.fairId, fair.id))).toEqual([
      { fairId: fair.id, adminId: OTHER_STAFF.id },
    ]);
    const [opened, again] = await Promise.allSettled([openFair(db, admin, fair.id), openFair(db, admin, fair.id)]);
    const outcomes = [opened, again].map((result) => result.status).sort();
    expect(outcomes).toEqual(["fulfilled", "rejected"]);
    const rejected = [opened, again].find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(Conflict);
    expect(rejected.reason.message).toBe(FAIR_MESSAGES.alreadyOpen);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "fair.open"))).toHaveLength(1);
  });

  it("the sale page's list: open fairs only, and where each seller may sell", async () => {
    await team();
    const listed = await newFair({ name: "Con lista", sellers: [String(STAFF.id)] });
    const open = await newFair({ name: "Abierta a todos" });
    await newFair({ name: "Planificada" });
    await openFair(db, admin, listed.id);
    await openFair(db, admin, open.id);
    const forStaff = await openFairs(db, STAFF);
    expect(forStaff.find((fair) => fair.id === listed.id)).toMatchObject({ youSell: true, discountPercent: 10 });
    expect(forStaff.find((fair) => fair.id === open.id)?.youSell).toBe(true);
    expect(forStaff.some((fair) => fair.name === "Planificada")).toBe(false);
    expect((await openFairs(db, OTHER_STAFF)).find((fair) => fair.id === listed.id)?.youSell).toBe(false);
    expect((await openFairs(db, admin)).find((fair) => fair.id === listed.id)?.youSell).toBe(true);
  });
});

describe("taking books to a fair", () => {
  it("moves copies from the shop's stock to the fair's, with both movements and an audit line", async () => {
    const fair = await newFair();
    const a = await book(5, "Zama");
    const b = await book(2, "Los Sorias");
    const moved = await moveToFair(site, admin, fair.id, {
      items: [
        { bookId: a.id, quantity: 2 },
        { bookId: b.id, quantity: 2 },
        { bookId: a.id, quantity: 1 },
      ],
    });
    expect(moved.copies).toBe(5);
    expect(await stockOf(a.id)).toBe(2);
    expect(await stockOf(b.id)).toBe(0);
    expect(await tableOf(fair.id, a.id)).toMatchObject({ quantity: 3, sentQuantity: 3, returnedQuantity: 0 });
    expect(await movementsOf(a.id)).toEqual([
      { location: "shop", delta: -3, reason: "fair_out", fairId: null },
      { location: "fair", delta: 3, reason: "fair_out", fairId: fair.id },
    ]);
    // Moving again adds to what is there (sent counts both).
    await openFair(db, admin, fair.id);
    await moveToFair(site, admin, fair.id, { items: [{ bookId: a.id, quantity: 1 }] });
    expect(await tableOf(fair.id, a.id)).toMatchObject({ quantity: 4, sentQuantity: 4 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "fair.move"), eq(auditLog.entityId, String(fair.id))))
      .orderBy(asc(auditLog.id));
    expect(audit?.summary).toBe(`Llevó 5 ejemplares a la feria «Feria del Libro»: «Zama» × 3, «Los Sorias» × 2`);
    // The search finds books by title or ISBN, with what the shop and the fair have.
    expect(await searchBooksToMove(db, fair.id, "zama")).toContainEqual(
      expect.objectContaining({ id: a.id, stock: 1, atFair: 4 }),
    );
    expect((await searchBooksToMove(db, fair.id, a.isbn ?? "")).map((row) => row.id)).toContain(a.id);
  });

  it("refuses more than the shop has, naming each book and what there is, and moves nothing", async () => {
    const fair = await newFair();
    const a = await book(3, "Rayuela");
    const b = await book(0, "Zona de obras");
    const c = await book(10);
    const error = await refusal(
      moveToFair(site, admin, fair.id, {
        items: [
          { bookId: c.id, quantity: 1 },
          { bookId: a.id, quantity: 5 },
          { bookId: b.id, quantity: 1 },
        ],
      }),
    );
    expect(error).toBeInstanceOf(Invalid);
    expect(error.message).toBe(
      "No alcanza el stock de la tienda. «Rayuela»: pediste 5 y en la tienda hay 3; «Zona de obras»: pediste 1 y en la tienda hay 0.",
    );
    expect((error as Invalid).details?.fields).toEqual({
      [`quantity-${a.id}`]: "En la tienda hay 3",
      [`quantity-${b.id}`]: "En la tienda no hay ninguno",
    });
    expect([await stockOf(a.id), await stockOf(c.id)]).toEqual([3, 10]);
    expect(await tableOf(fair.id, c.id)).toBeUndefined();
    expect(await movementsOf(c.id)).toEqual([]);
    // Nothing to move, a bad quantity, an unknown book, a closed fair.
    await expect(moveToFair(site, admin, fair.id, { items: [] })).rejects.toThrow(FAIR_MESSAGES.moveNothing);
    await expect(moveToFair(site, admin, fair.id, { items: [{ bookId: c.id, quantity: 0 }] })).rejects.toThrow(
      FAIR_MESSAGES.moveQuantity,
    );
    await expect(moveToFair(site, admin, fair.id, { items: [{ bookId: 999_999, quantity: 1 }] })).rejects.toThrow(
      FAIR_MESSAGES.unknownBook(999_999),
    );
    await closeFair(site, admin, fair.id, { counts: [] });
    const closed = await refusal(moveToFair(site, admin, fair.id, { items: [{ bookId: c.id, quantity: 1 }] }));
    expect(closed).toBeInstanceOf(Conflict);
    expect(await stockOf(c.id)).toBe(10);
  });

  it("a move racing an online order for the last copy: one of them gets it, never both", async () => {
    for (let round = 0; round < 4; round++) {
      const fair = await newFair();
      const last = await book(1);
      const other = announcing(db);
      const ordering = placeOrder({ ...site, db: other.db, clientIp: ip() }, order(last.id));
      // Even rounds: both at once; odd rounds: the move starts once the order's transaction has.
      if (round % 2 === 1) await other.started;
      const [moved, ordered] = await Promise.allSettled([
        moveToFair(site, admin, fair.id, { items: [{ bookId: last.id, quantity: 1 }] }),
        ordering,
      ]);
      expect([moved.status, ordered.status].sort(), `round ${round}`).toEqual(["fulfilled", "rejected"]);
      expect(await stockOf(last.id)).toBe(0);
      const onTable = (await tableOf(fair.id, last.id))?.quantity ?? 0;
      expect(onTable).toBe(moved.status === "fulfilled" ? 1 : 0);
      if (moved.status === "rejected") expect(moved.reason.message).toContain("en la tienda hay 0");
      // Each book's movements add up to what the shop and the fair hold.
      const total = (await movementsOf(last.id)).reduce((sum, row) => sum + row.delta, 0);
      expect(total).toBe(-1 + onTable);
    }
  });

  it("a move racing a counter sale of the last copy: the copy leaves once (the sale stands, flagged if it came second)", async () => {
    for (let round = 0; round < 4; round++) {
      const fair = await newFair();
      const last = await book(1);
      const counterSale = sale(last.id);
      const other = announcing(db);
      const selling = recordSale({ ...saleCtx, db: other.db }, admin, counterSale);
      if (round % 2 === 1) await other.started;
      const [moved, sold] = await Promise.allSettled([
        moveToFair(site, admin, fair.id, { items: [{ bookId: last.id, quantity: 1 }] }),
        selling,
      ]);
      expect(sold.status).toBe("fulfilled");
      const [row] = await db.select().from(sales).where(eq(sales.clientId, counterSale.clientId));
      expect(await stockOf(last.id)).toBe(0);
      if (moved.status === "fulfilled") {
        expect(row?.stockShort).toEqual([{ bookId: last.id, title: last.title, requested: 1, available: 0 }]);
        expect((await tableOf(fair.id, last.id))?.quantity).toBe(1);
      } else {
        expect(row?.stockShort).toBeNull();
        expect(await tableOf(fair.id, last.id)).toBeUndefined();
      }
    }
  });
});

describe("closing a fair", () => {
  async function fairWithBooks() {
    const fair = await newFair();
    const a = await book(4, "El entenado");
    const b = await book(2, "Glosa");
    await moveToFair(site, admin, fair.id, {
      items: [
        { bookId: a.id, quantity: 3 },
        { bookId: b.id, quantity: 2 },
      ],
    });
    await openFair(db, admin, fair.id);
    return { fair, a, b };
  }

  it("returns what was counted, records the rest as short, and fires the restock alerts", async () => {
    const { fair, a, b } = await fairWithBooks();
    await db.insert(stockAlerts).values({ bookId: b.id, email: "lectora@example.com", kind: "restock" });
    await recordSale(saleCtx, admin, sale(a.id, { fairId: fair.id, payment: "card" }));
    const closed = await closeFair(site, admin, fair.id, {
      counts: [
        { bookId: a.id, returned: 1 },
        { bookId: b.id, returned: 2 },
      ],
    });
    expect(closed).toMatchObject({ returned: 3, short: 1 });
    const after = await getFair(db, fair.id);
    expect(after.status).toBe("closed");
    expect(after.closedAt).toBeInstanceOf(Date);
    expect(await stockOf(a.id)).toBe(1 + 1);
    expect(await stockOf(b.id)).toBe(2);
    expect(await tableOf(fair.id, a.id)).toMatchObject({
      quantity: 0,
      sentQuantity: 3,
      returnedQuantity: 1,
      shortQuantity: 1,
    });
    expect(await movementsOf(a.id)).toEqual([
      { location: "shop", delta: -3, reason: "fair_out", fairId: null },
      { location: "fair", delta: 3, reason: "fair_out", fairId: fair.id },
      { location: "fair", delta: -1, reason: "sale", fairId: fair.id },
      { location: "fair", delta: -1, reason: "fair_back", fairId: fair.id },
      { location: "shop", delta: 1, reason: "fair_back", fairId: null },
      { location: "fair", delta: -1, reason: "fair_short", fairId: fair.id },
    ]);
    // "Avisame cuando vuelva": the book came back to the shop, its subscriber is told once.
    const [alert] = await db.select().from(stockAlerts).where(eq(stockAlerts.bookId, b.id));
    expect(alert?.notifiedAt).toBeInstanceOf(Date);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "lectora@example.com"))).toHaveLength(1);

    const detail = await fairDetail(db, fair.id);
    expect(detail.books.find((line) => line.bookId === a.id)).toMatchObject({
      sent: 3,
      sold: 1,
      onTable: 0,
      returned: 1,
      short: 1,
      shopStock: 2,
    });
    expect(detail.totals).toEqual({ sent: 5, sold: 1, onTable: 0, returned: 3, short: 1 });
    expect(detail.sales.byPayment).toEqual([{ payment: "card", count: 1, totalCents: 1_800_000 }]);
    expect(detail.sales.bySeller).toEqual([
      {
        seller: admin.email,
        count: 1,
        copies: 1,
        totalCents: 1_800_000,
        books: [{ title: "El entenado", quantity: 1 }],
      },
    ]);
    const list = await packingList(db, fair.id);
    expect(list).toMatchObject({ titles: 2, copies: 5, returned: 3 });
    expect(list.lines.map((line) => [line.title, line.sent])).toEqual([
      ["El entenado", 3],
      ["Glosa", 2],
    ]);
    const summary = (await listFairs(db)).find((row) => row.id === fair.id);
    expect(summary).toMatchObject({ status: "closed", onTable: 0, sent: 5, salesCount: 1, salesCents: 1_800_000 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "fair.close"), eq(auditLog.entityId, String(fair.id))));
    expect(audit?.summary).toBe("Cerró la feria «Feria del Libro»: volvieron 3 ejemplares a la tienda, faltan 1");
  });

  it("refuses a count above what is on the table, or a book left uncounted, and changes nothing", async () => {
    const { fair, a, b } = await fairWithBooks();
    const tooMany = await refusal(
      closeFair(site, admin, fair.id, {
        counts: [
          { bookId: a.id, returned: 4 },
          { bookId: b.id, returned: 2 },
        ],
      }),
    );
    expect(tooMany).toBeInstanceOf(Invalid);
    expect(tooMany.message).toBe(FAIR_MESSAGES.countedTooMany("El entenado", 4, 3));
    expect((tooMany as Invalid).details?.fields).toEqual({ [`back-${a.id}`]: "En la mesa hay 3" });
    const uncounted = await refusal(closeFair(site, admin, fair.id, { counts: [{ bookId: a.id, returned: 3 }] }));
    expect(uncounted.message).toBe(FAIR_MESSAGES.notCounted("Glosa"));
    await expect(closeFair(site, admin, fair.id, { counts: [{ bookId: a.id, returned: -1 }] })).rejects.toThrow(
      FAIR_MESSAGES.backCount,
    );
    expect((await getFair(db, fair.id)).status).toBe("open");
    expect(await stockOf(a.id)).toBe(1);
    expect(await tableOf(fair.id, a.id)).toMatchObject({ quantity: 3, returnedQuantity: 0, shortQuantity: 0 });
  });

  it("two closes at once: one closes it, the other is told it already closed; the books come back once", async () => {
    for (let round = 0; round < 3; round++) {
      const { fair, a, b } = await fairWithBooks();
      const counts = {
        counts: [
          { bookId: a.id, returned: 3 },
          { bookId: b.id, returned: 1 },
        ],
      };
      const results = await Promise.allSettled([
        closeFair(site, admin, fair.id, counts),
        closeFair(site, admin, fair.id, counts),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(Conflict);
      expect(rejected.reason.message).toBe(FAIR_MESSAGES.alreadyClosed);
      expect(await stockOf(a.id)).toBe(4);
      expect(await stockOf(b.id)).toBe(1);
      expect(await tableOf(fair.id, b.id)).toMatchObject({ quantity: 0, returnedQuantity: 1, shortQuantity: 1 });
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "fair.close"), eq(auditLog.entityId, String(fair.id)))),
      ).toHaveLength(1);
    }
  });

  it("a sale at the fair racing its close: whichever comes first, the stock adds up and the table ends empty", async () => {
    for (let round = 0; round < 4; round++) {
      const { fair, a, b } = await fairWithBooks();
      // One copy of A is left for the sale: counted 2 of the 3 on the table.
      const fairSale = sale(a.id, { fairId: fair.id });
      const other = announcing(db);
      const selling = recordSale({ ...saleCtx, db: other.db }, admin, fairSale);
      if (round % 2 === 1) await other.started;
      const [closed, sold] = await Promise.allSettled([
        closeFair(site, admin, fair.id, {
          counts: [
            { bookId: a.id, returned: 2 },
            { bookId: b.id, returned: 2 },
          ],
        }),
        selling,
      ]);
      const table = await tableOf(fair.id, a.id);
      expect(table?.quantity).toBe(0);
      expect(await stockOf(a.id)).toBe(1 + 2);
      if (sold.status === "fulfilled") {
        expect(closed.status).toBe("fulfilled");
        const [row] = await db.select().from(sales).where(eq(sales.clientId, fairSale.clientId));
        // Sold before the close counted: no shortage; after it: the sale is flagged and the copy is short.
        expect(table?.shortQuantity).toBe(row?.stockShort ? 1 : 0);
      } else {
        // The close came first and the sale came after it: refused (the fair closed).
        expect(sold.reason.message).toContain("cerró");
        expect(table?.shortQuantity).toBe(1);
      }
      // Each location's movements add up to what it holds: the shop lost 1 of its 4, the table is empty.
      expect(await movedAt(a.id, "shop")).toBe(-1);
      expect(await movedAt(a.id, "fair")).toBe(0);
    }
  });
});
