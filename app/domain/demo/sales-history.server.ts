import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { closeCash } from "~/domain/closings/close.server";
import { COUNTER } from "~/domain/closings/place";
import { cashOfDay } from "~/domain/closings/summary.server";
import { createFair, openFair } from "~/domain/fairs/fairs.server";
import { closeFair, moveToFair } from "~/domain/fairs/stock.server";
import type { RequestContext } from "~/domain/request-context";
import { type SalePayment, saleInputSchema } from "~/domain/sales/input";
import { recordSale, type Seller } from "~/domain/sales/record.server";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { adminUsers, books, fairs, sales, settings } from "~db/schema";
import { shopMode } from "./demo-mode.server";

/**
 * The demo's history of face-to-face sales (issue 35, item 6), so a newcomer finds the counter and the fairs
 * already at work: a fair that ended a week ago (books taken there, three days of sales by two sellers, the
 * close with one copy missing) and yesterday's counter sales, some with the buyer's e-mail or CUIT, each day's
 * cierre de caja saved (the counter's $ 200 short). Written
 * once, through the same functions the admin's pages use (moves, sales, invoices by the demo's ARCA
 * sandbox, receipts), on the first start of a demo shop with an admin; the settings row below claims it, so
 * two instances starting at once write it once.
 */
export const DEMO_HISTORY_KEY = "demo_sales_history";

type HistoryContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "shopEmail" | "log">;

/** A seller with no account of her own (the demo's second person at the fair). */
const JUANA: Seller = { id: null, email: "juana.feria@rizoma.demo", role: "staff" };

/** "YYYY-MM-DD" at hh:mm in Buenos Aires (UTC−3, no daylight saving). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);

interface Line {
  book: number;
  quantity: number;
}

export async function seedDemoSalesHistory(ctx: HistoryContext, now = new Date()): Promise<boolean> {
  const { db } = ctx;
  if ((await shopMode(db)) !== "demo") return false;
  const [existing] = await db.select({ id: sales.id }).from(sales).limit(1);
  const [fair] = await db.select({ id: fairs.id }).from(fairs).limit(1);
  if (existing || fair) return false;
  const [owner] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.role, "owner"))
    .orderBy(asc(adminUsers.id))
    .limit(1);
  if (!owner) return false;
  const claimed = await db
    .insert(settings)
    .values({ key: DEMO_HISTORY_KEY, value: { at: now.toISOString() } })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  if (claimed.length === 0) return false;
  const admin: AdminIdentity = owner;
  const shelf = await db
    .select({ id: books.id, stock: books.stock })
    .from(books)
    .where(
      and(
        eq(books.published, true),
        eq(books.available, true),
        gte(books.stock, 8),
        isNull(books.preorderReleaseDate),
        sql`${books.priceCents} > 0`,
      ),
    )
    .orderBy(asc(books.id))
    .limit(10);
  if (shelf.length < 10) return false;
  const ids = shelf.map((row) => row.id);
  const id = (index: number) => ids[index] as number;
  const today = todayInBuenosAires(now);

  // The fair: three days ending a week ago, 10% off, four titles taken there.
  const fairStart = addDays(today, -9);
  const fairEnd = addDays(today, -7);
  const created = await createFair(db, admin, {
    name: "Feria de Editoriales Independientes",
    place: "Centro Cultural San Martín, CABA",
    startsOn: fairStart,
    endsOn: fairEnd,
    discountPercent: 10,
    sellers: [],
  });
  await moveToFair(
    ctx,
    admin,
    created.id,
    { items: [0, 1, 2, 3].map((index) => ({ bookId: id(index), quantity: 5 })) },
    at(addDays(fairStart, -1), "18:00"),
  );
  await openFair(db, admin, created.id, at(fairStart, "10:00"));
  const fairSales: [day: number, time: string, seller: Seller, payment: SalePayment, lines: Line[]][] = [
    [0, "11:20", admin, "cash", [{ book: 0, quantity: 1 }]],
    [
      0,
      "13:05",
      JUANA,
      "transfer",
      [
        { book: 1, quantity: 1 },
        { book: 2, quantity: 1 },
      ],
    ],
    [0, "17:40", JUANA, "cash", [{ book: 3, quantity: 2 }]],
    [
      1,
      "12:15",
      admin,
      "card",
      [
        { book: 0, quantity: 1 },
        { book: 3, quantity: 1 },
      ],
    ],
    [1, "16:30", JUANA, "cash", [{ book: 2, quantity: 1 }]],
    [1, "19:10", admin, "transfer", [{ book: 1, quantity: 2 }]],
    [2, "11:45", JUANA, "cash", [{ book: 0, quantity: 2 }]],
    [
      2,
      "15:00",
      admin,
      "card",
      [
        { book: 2, quantity: 1 },
        { book: 1, quantity: 1 },
      ],
    ],
  ];
  for (const [day, time, seller, payment, lines] of fairSales) {
    await recordSale(
      ctx,
      seller,
      {
        clientId: randomUUID(),
        items: lines.map((line) => ({ id: id(line.book), quantity: line.quantity })),
        payment,
        fairId: created.id,
        soldAt: at(addDays(fairStart, day), time).toISOString(),
        offline: payment === "cash" && day === 2,
      },
      now,
    );
  }
  // The close: everything left came back but one copy of the first title.
  await closeFair(
    ctx,
    admin,
    created.id,
    {
      counts: [
        { bookId: id(0), returned: 0 },
        { bookId: id(1), returned: 1 },
        { bookId: id(2), returned: 2 },
        { bookId: id(3), returned: 2 },
      ],
    },
    at(fairEnd, "21:00"),
  );

  // Yesterday at the counter: a day of sales, two buyers who left their e-mail, a library with its CUIT.
  const yesterday = addDays(today, -1);
  const counterSales: [time: string, payment: SalePayment, lines: Line[], extra: object][] = [
    ["10:35", "cash", [{ book: 4, quantity: 1 }], {}],
    [
      "11:50",
      "card",
      [
        { book: 5, quantity: 1 },
        { book: 6, quantity: 1 },
      ],
      { customer: { email: "lectora.demo@example.com" } },
    ],
    [
      "13:20",
      "transfer",
      [{ book: 7, quantity: 3 }],
      {
        customer: { cuit: "30-71654321-4", legalName: "Biblioteca Popular Rivadavia (demo)", taxCondition: "exento" },
        discountPercent: 5,
      },
    ],
    ["15:05", "cash", [{ book: 8, quantity: 1 }], {}],
    ["16:40", "card", [{ book: 9, quantity: 1 }], { customer: { email: "lector.demo@example.com" } }],
    [
      "18:15",
      "cash",
      [
        { book: 4, quantity: 1 },
        { book: 8, quantity: 1 },
      ],
      {},
    ],
  ];
  for (const [time, payment, lines, extra] of counterSales) {
    await recordSale(
      ctx,
      admin,
      saleInputSchema.parse({
        clientId: randomUUID(),
        items: lines.map((line) => ({ id: id(line.book), quantity: line.quantity })),
        payment,
        soldAt: at(yesterday, time).toISOString(),
        ...extra,
      }),
      now,
    );
  }
  // The cierres de caja: the fair's three days, each counted right; yesterday's counter, $ 200 short.
  for (const day of [0, 1, 2]) {
    const fecha = addDays(fairStart, day);
    const place = { kind: "fair" as const, fairId: created.id };
    const cash = await cashOfDay(db, fecha, place);
    await closeCash(db, admin, { fecha, lugar: place, inicial: 0, contado: cash.cents, nota: "" }, at(fecha, "21:00"));
  }
  const drawer = await cashOfDay(db, yesterday, COUNTER);
  await closeCash(
    db,
    admin,
    {
      fecha: yesterday,
      lugar: COUNTER,
      inicial: 1_000_000,
      contado: 1_000_000 + drawer.cents - 20_000,
      nota: "Un vuelto mal dado a la tarde.",
    },
    at(yesterday, "19:30"),
  );
  ctx.log.info({ fair: created.id }, "demo sales history loaded");
  return true;
}
