import { and, eq, inArray, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { adminUsers, books, cashClosings, fairStock, fairs, invoices, sales, stockMovements } from "~db/schema";
import { demoIsbns, seedDemoCatalogue } from "~db/seed";
import { testDatabase } from "../../../tests/support/test-database";
import { leaveDemoMode } from "./demo-mode.server";
import { seedDemoSalesHistory } from "./sales-history.server";

const admin = { id: 1, email: "libreria@rizoma.com.ar", role: "owner" as const };

describe("the demo's history of face-to-face sales (issue 35)", () => {
  it("gives a fresh demo shop a closed fair and yesterday's counter, once, and leaving demo mode takes them away", async () => {
    const fresh = await testDatabase();
    try {
      const { db } = fresh;
      await seedDemoCatalogue(db);
      const ctx = { db, siteUrl: "http://tienda.test", configuredSecret: "s".repeat(32), shopEmail: null, log: logger };
      // No admin yet: nothing to write it as; it waits for a start with one.
      expect(await seedDemoSalesHistory(ctx)).toBe(false);
      await db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "x" });
      const before = new Map(
        (await db.select({ id: books.id, stock: books.stock }).from(books)).map((row) => [row.id, row.stock]),
      );

      expect(await seedDemoSalesHistory(ctx)).toBe(true);
      expect(await seedDemoSalesHistory(ctx)).toBe(false);

      const today = todayInBuenosAires();
      const [fair] = await db.select().from(fairs);
      expect(fair).toMatchObject({ status: "closed", discountPercent: 10, endsOn: addDays(today, -7) });
      const table = await db
        .select()
        .from(fairStock)
        .where(eq(fairStock.fairId, fair?.id ?? 0));
      expect(table.reduce((sum, row) => sum + row.shortQuantity, 0)).toBe(1);
      expect(table.every((row) => row.quantity === 0)).toBe(true);
      const all = await db.select().from(sales);
      const atFair = all.filter((sale) => sale.channel === "fair");
      const atCounter = all.filter((sale) => sale.channel === "counter");
      expect(atFair).toHaveLength(8);
      expect(new Set(atFair.map((sale) => sale.sellerName)).size).toBe(2);
      expect(atFair.every((sale) => sale.discountPercent === 10 && sale.status === "paid")).toBe(true);
      expect(atCounter).toHaveLength(6);
      expect(atCounter.filter((sale) => sale.customerEmail)).toHaveLength(2);
      expect(atCounter.every((sale) => todayInBuenosAires(sale.soldAt) === addDays(today, -1))).toBe(true);
      // Each day's cierre de caja: the fair's three, counted right, and yesterday's counter, $ 200 short.
      const closings = await db.select().from(cashClosings).orderBy(cashClosings.day);
      expect(closings.map((row) => [row.day, row.fairId, row.differenceCents])).toEqual([
        [addDays(today, -9), fair?.id, 0],
        [addDays(today, -8), fair?.id, 0],
        [addDays(today, -7), fair?.id, 0],
        [addDays(today, -1), null, -20_000],
      ]);
      // Each sale has its invoice queued for the demo's ARCA sandbox.
      expect(await db.select({ id: invoices.id }).from(invoices)).toHaveLength(14);

      // The shop's shelf: the counter's sales and the fair's missing copy came off it, nothing else.
      const sold = await db
        .select({ bookId: stockMovements.bookId, delta: stockMovements.delta })
        .from(stockMovements)
        .where(and(eq(stockMovements.location, "shop")));
      const net = new Map<number, number>();
      for (const move of sold) net.set(move.bookId, (net.get(move.bookId) ?? 0) + move.delta);
      const after = await db
        .select({ id: books.id, stock: books.stock })
        .from(books)
        .where(inArray(books.id, [...net.keys()]));
      for (const row of after) expect(row.stock).toBe((before.get(row.id) ?? 0) + (net.get(row.id) ?? 0));

      const deleted = await leaveDemoMode(db, admin, { deleteDemoData: true, confirmation: "PRODUCCION" });
      expect(deleted).toMatchObject({ sales: 14, fairs: 1 });
      expect(await db.select().from(sales)).toHaveLength(0);
      expect(await db.select().from(fairs)).toHaveLength(0);
      expect(await db.select().from(cashClosings)).toHaveLength(0);
      expect(await db.select().from(stockMovements)).toHaveLength(0);
      expect(await db.select().from(books).where(notInArray(books.isbn, demoIsbns()))).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});

describe("leaving demo mode with counter and fair sales of the shop's own books", () => {
  it("gives back to the shelf what sales and fairs took of a book the shop keeps", async () => {
    const fresh = await testDatabase();
    try {
      const { db } = fresh;
      await seedDemoCatalogue(db);
      await db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "x" });
      const [own] = await db
        .insert(books)
        .values({
          title: "Un libro de la casa",
          slug: "un-libro-de-la-casa",
          priceCents: 1_000_000,
          stock: 10,
          isbn: "9789870000019",
        })
        .returning();
      if (!own) throw new Error("no book");
      const ctx = { db, siteUrl: "http://tienda.test", configuredSecret: "s".repeat(32), shopEmail: null, log: logger };
      const { recordSale } = await import("~/domain/sales/record.server");
      const { createFair } = await import("~/domain/fairs/fairs.server");
      const { moveToFair } = await import("~/domain/fairs/stock.server");
      await recordSale(ctx, admin, {
        clientId: crypto.randomUUID(),
        items: [{ id: own.id, quantity: 2 }],
        payment: "cash",
      });
      const fair = await createFair(db, admin, {
        name: "Presentación",
        place: "",
        startsOn: todayInBuenosAires(),
        endsOn: todayInBuenosAires(),
        discountPercent: 0,
        sellers: [],
      });
      await moveToFair(ctx, admin, fair.id, { items: [{ bookId: own.id, quantity: 3 }] });
      expect((await db.select({ stock: books.stock }).from(books).where(eq(books.id, own.id)))[0]?.stock).toBe(5);
      await leaveDemoMode(db, admin, { deleteDemoData: true, confirmation: "PRODUCCION" });
      expect((await db.select({ stock: books.stock }).from(books).where(eq(books.id, own.id)))[0]?.stock).toBe(10);
    } finally {
      await fresh.close();
    }
  });
});
