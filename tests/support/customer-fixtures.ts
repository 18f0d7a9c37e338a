import type { Db } from "~db/index";
import {
  books,
  boxSubscriptions,
  customerAddresses,
  customers,
  newsletterSubscribers,
  prizeClaims,
  qrCodes,
  specialOrders,
  stockAlerts,
  wishlistItems,
} from "~db/schema";
import { insertOrder } from "./order-row";

/** Noon in Buenos Aires `days` after 1 March 2026 (day(15) is 16 March): the fixtures' activity order is known. */
export const day = (days: number, hour = 12) => new Date(Date.UTC(2026, 2, 1 + days, hour + 3, 0, 0));

/**
 * The shop's people for the /admin/clientes tests, each known from different places (figures by hand):
 *
 * - ana@example.com: 4 orders (paid $ 10.000, cancelled $ 5.000, pending $ 2.000, delivered $ 3.500,50:
 *   spent $ 13.500,50), an active box, an active newsletter sign-up, an account named "Ana María Pérez"
 *   with one address, two "Quiero leerlo" books, one waiting alert; her last order on 20 March at 23:30
 *   in Buenos Aires (already the 21st in UTC), her latest activity.
 * - bruno@example.com: a paused box (11 March) as "Bruno Díaz", a newsletter sign-up he left: subscriber, no newsletter.
 * - carla@example.com: only the newsletter, as "Carla" (6 March).
 * - dario@example.com: a special order (16 March) as "Darío Núñez" and a prize claim (17 March).
 * - eve@example.com: only a stock alert (3 March), no name anywhere.
 * - fede@example.com: one shipped order of $ 1.000 as "=SUMA(1;2)" "Gómez" (2 March): a would-be formula.
 */
export async function seedCustomers(db: Db) {
  const [book, other] = await db
    .insert(books)
    .values([
      { title: "Rayuela", slug: "rayuela-clientes", priceCents: 1_000_000, stock: 0 },
      { title: "Ficciones", slug: "ficciones-clientes", priceCents: 900_000, stock: 3 },
    ])
    .returning();
  if (!book || !other) throw new Error("books not written");

  const ana = { email: "ana@example.com", firstName: "Ana", lastName: "Pérez" };
  const paid = await insertOrder(db, { ...ana, status: "paid", totalCents: 1_000_000, createdAt: day(3) });
  const cancelled = await insertOrder(db, { ...ana, status: "cancelled", totalCents: 500_000, createdAt: day(6) });
  const pending = await insertOrder(db, { ...ana, status: "pending_payment", totalCents: 200_000, createdAt: day(8) });
  const delivered = await insertOrder(db, {
    ...ana,
    status: "delivered",
    totalCents: 350_050,
    subtotalCents: 350_050,
    createdAt: new Date("2026-03-21T02:30:00Z"),
  });
  await db
    .insert(boxSubscriptions)
    .values([
      box({ email: "ana@example.com", firstName: "Ana", lastName: "Pérez", status: "active", createdAt: day(4) }),
      box({ email: "bruno@example.com", firstName: "Bruno", lastName: "Díaz", status: "paused", createdAt: day(10) }),
    ]);
  await db.insert(newsletterSubscribers).values([
    { email: "ana@example.com", name: "Anita", interests: ["poesia", "ensayo"], source: "shop", subscribedAt: day(1) },
    { email: "bruno@example.com", source: "web", status: "unsubscribed", subscribedAt: day(9) },
    { email: "carla@example.com", name: "Carla", source: "carousel", subscribedAt: day(5) },
  ]);
  await db.insert(customers).values({
    email: "ana@example.com",
    firstName: "Ana María",
    lastName: "Pérez",
    phone: "+54 11 4444-0000",
    createdAt: day(2),
    updatedAt: day(2),
    lastSignInAt: day(12),
  });
  await db.insert(customerAddresses).values({
    email: "ana@example.com",
    label: "Casa",
    address: "Av. Corrientes 1234",
    city: "CABA",
    province: "C",
    zipCode: "1043",
    isDefault: true,
  });
  await db.insert(wishlistItems).values([
    { email: "ana@example.com", bookId: book.id, createdAt: day(2) },
    { email: "ana@example.com", bookId: other.id, createdAt: day(2) },
  ]);
  await db.insert(stockAlerts).values([
    { bookId: book.id, email: "ana@example.com", kind: "restock", createdAt: day(2) },
    { bookId: book.id, email: "eve@example.com", kind: "restock", createdAt: day(2) },
  ]);
  const [special] = await db
    .insert(specialOrders)
    .values({
      bookTitle: "Los detectives salvajes",
      name: "Darío Núñez",
      email: "dario@example.com",
      scope: "national",
      createdAt: day(15),
    })
    .returning();
  const [qr] = await db.insert(qrCodes).values({ code: "FERIA26", bookTitle: "Zama" }).returning();
  if (!special || !qr) throw new Error("fixtures not written");
  await db.insert(prizeClaims).values({
    qrCodeId: qr.id,
    name: "Darío Núñez",
    email: "dario@example.com",
    dni: "30111222",
    phone: "+54 11 5555-0000",
    claimedAt: day(16),
  });
  const fede = await insertOrder(db, {
    email: "fede@example.com",
    firstName: "=SUMA(1;2)",
    lastName: "Gómez",
    status: "shipped",
    totalCents: 100_000,
    createdAt: day(1),
  });
  return { book, other, orders: { paid, cancelled, pending, delivered, fede }, special };
}

function box(values: {
  email: string;
  firstName: string;
  lastName: string;
  status: "active" | "paused";
  createdAt: Date;
}): typeof boxSubscriptions.$inferInsert {
  return {
    ...values,
    planId: "monthly",
    priceCents: 5_400_000,
    frequencyMonths: 1,
    whatsapp: "+54 11 5555-0000",
    deliveryMethod: "pickup",
    nextBoxDate: "2026-04-15",
    updatedAt: values.createdAt,
  };
}
