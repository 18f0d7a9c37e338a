import type { Db } from "~db/index";
import {
  books,
  boxPayments,
  boxPlans,
  boxSubscriptionEvents,
  boxSubscriptions,
  expenses,
  orderItems,
  stockAlerts,
} from "~db/schema";
import { seedTaxonomy } from "~db/seed";
import { insertOrder } from "./order-row";

/**
 * The hand-made shop the reports are checked against (app/domain/reports/reports.test.ts shows the
 * arithmetic). Amounts here are pesos; rows store centavos. Times are Buenos Aires (-03:00).
 */
const ba = (local: string) => new Date(`${local}-03:00`);
const c = (pesos: number) => pesos * 100;

export async function seedReportFixtures(db: Db) {
  await seedTaxonomy(db);
  const book = async (values: Partial<typeof books.$inferInsert> & { title: string }) => {
    const [row] = await db
      .insert(books)
      .values({ slug: values.title.toLowerCase().replaceAll(" ", "-"), ...values })
      .returning();
    if (!row) throw new Error("no book");
    return row;
  };
  const A = await book({
    title: "Rayuela",
    author: "Julio Cortázar",
    genre: "Novela",
    publisher: "Alfaguara",
    isbn: "9789500726818",
    priceCents: c(15_000),
    stock: 1,
  });
  const B = await book({
    title: "Mirar el arte",
    author: "John Berger",
    genre: "Ensayo",
    category: "Arte",
    publisher: "Caja Negra",
    priceCents: c(20_000),
    promotionalPriceCents: c(18_000),
    stock: 3,
  });
  const C = await book({ title: "Taza Rizoma", author: "", priceCents: c(12_100), stock: 10, taxCategory: "otros" });
  const D = await book({
    title: "Viejo stock",
    author: "Poeta Olvidada",
    genre: "Poesía",
    publisher: "Alfaguara",
    priceCents: c(5_000),
    stock: 4,
    createdAt: ba("2020-01-01T10:00:00"),
  });
  const E = await book({
    title: "Vendido antes",
    author: "Autora Antigua",
    genre: "Novela",
    publisher: "Caja Negra",
    priceCents: c(8_000),
    stock: 2,
    createdAt: ba("2021-01-01T10:00:00"),
  });
  const F = await book({ title: "Oculto", published: false, priceCents: c(1_000), stock: 0 });
  const G = await book({ title: "Sin precio", stock: 2 });
  const H = await book({
    title: "Agotado esperado",
    author: "Autor Buscado",
    publisher: "Caja Negra",
    isbn: "9789871622481",
    priceCents: c(9_000),
    stock: 0,
  });

  type Line = { book: typeof A; quantity: number; unit: number; total: number; net?: number; author?: string };
  const order = async (values: Parameters<typeof insertOrder>[1], lines: Line[]) => {
    const row = await insertOrder(db, values);
    await db.insert(orderItems).values(
      lines.map((line) => ({
        orderId: row.id,
        bookId: line.book.id,
        title: line.book.title,
        author: line.author ?? line.book.author,
        unitPriceCents: c(line.unit),
        quantity: line.quantity,
        lineTotalCents: c(line.total),
        netCents: c(line.net ?? line.total),
        taxCents: c(line.total - (line.net ?? line.total)),
        taxRate: line.net === undefined ? ("exento" as const) : ("21" as const),
      })),
    );
    return row;
  };
  // O1: transfer, 15% off for transfer.
  await order(
    {
      status: "paid",
      paymentMethod: "transfer",
      paidAt: ba("2026-03-02T10:00:00"),
      subtotalCents: c(30_000),
      transferDiscountCents: c(4_500),
      totalCents: c(25_500),
    },
    [{ book: A, quantity: 2, unit: 15_000, total: 25_500 }],
  );
  // O2: Mercado Pago, code PRIMAVERA (10%), shipping; paid at 23:30 of the 2nd in Buenos Aires (the 3rd in UTC).
  await order(
    {
      status: "delivered",
      paymentMethod: "mercadopago",
      paidAt: ba("2026-03-02T23:30:00"),
      subtotalCents: c(30_100),
      codeDiscountCents: c(3_010),
      discountCode: "PRIMAVERA",
      shippingCents: c(2_000),
      totalCents: c(29_090),
    },
    [
      { book: B, quantity: 1, unit: 18_000, total: 16_200 },
      { book: C, quantity: 1, unit: 12_100, total: 10_890, net: 9_000 },
    ],
  );
  // O3: transfer with the code and the transfer discount.
  await order(
    {
      status: "shipped",
      paymentMethod: "transfer",
      paidAt: ba("2026-03-20T12:00:00"),
      subtotalCents: c(36_000),
      codeDiscountCents: c(3_600),
      discountCode: "primavera",
      transferDiscountCents: c(4_860),
      totalCents: c(27_540),
    },
    [{ book: B, quantity: 2, unit: 18_000, total: 27_540 }],
  );
  // O4: paid, then cancelled (a withdrawal): never counts.
  await order(
    {
      status: "cancelled",
      paymentMethod: "mercadopago",
      paidAt: ba("2026-03-05T12:00:00"),
      subtotalCents: c(15_000),
      codeDiscountCents: c(1_500),
      discountCode: "PRIMAVERA",
      totalCents: c(13_500),
    },
    [{ book: A, quantity: 1, unit: 15_000, total: 13_500 }],
  );
  // O5: waiting for its transfer: never counts.
  await order(
    {
      status: "pending_payment",
      createdAt: ba("2026-03-06T12:00:00"),
      subtotalCents: c(15_000),
      transferDiscountCents: c(2_250),
      totalCents: c(12_750),
    },
    [{ book: A, quantity: 1, unit: 15_000, total: 12_750 }],
  );
  // O6: paid without a paid_at: its creation day counts. The line's author has stray spaces.
  await order(
    {
      status: "paid",
      paymentMethod: "mercadopago",
      createdAt: ba("2026-04-10T12:00:00"),
      subtotalCents: c(15_000),
      totalCents: c(15_000),
    },
    [{ book: A, quantity: 1, unit: 15_000, total: 15_000, author: " Julio Cortázar " }],
  );
  // O7: before the range (E's last sale). O8: 00:30 of May 1st in Buenos Aires, after the range.
  await order(
    { status: "delivered", paidAt: ba("2026-02-10T12:00:00"), subtotalCents: c(8_000), totalCents: c(8_000) },
    [{ book: E, quantity: 1, unit: 8_000, total: 8_000 }],
  );
  await order(
    {
      status: "paid",
      paymentMethod: "mercadopago",
      paidAt: ba("2026-05-01T00:30:00"),
      subtotalCents: c(12_100),
      totalCents: c(12_100),
    },
    [{ book: C, quantity: 1, unit: 12_100, total: 12_100, net: 10_000 }],
  );

  // The Caja Rizoma: three subscriptions and their history.
  await db
    .insert(boxPlans)
    .values({
      id: "monthly",
      label: "Mensual",
      description: "Una caja por mes",
      priceCents: c(25_000),
      frequencyMonths: 1,
    })
    .onConflictDoNothing();
  const subscription = async (email: string) => {
    const [row] = await db
      .insert(boxSubscriptions)
      .values({
        planId: "monthly",
        priceCents: c(25_000),
        frequencyMonths: 1,
        status: "active",
        firstName: "Sole",
        lastName: "Caja",
        email,
        whatsapp: "+54 9 11 5555-0000",
        deliveryMethod: "pickup",
      })
      .returning();
    if (!row) throw new Error("no subscription");
    return row.id;
  };
  const [s1, s2, s3] = [
    await subscription("s1@example.com"),
    await subscription("s2@example.com"),
    await subscription("s3@example.com"),
  ];
  const event = (subscriptionId: number, fromStatus: string | null, toStatus: string, at: string) => ({
    subscriptionId,
    fromStatus,
    toStatus,
    source: "mercadopago",
    at: ba(at),
  });
  await db
    .insert(boxSubscriptionEvents)
    .values([
      event(s1, null, "pending", "2026-03-01T09:00:00"),
      event(s1, "pending", "active", "2026-03-01T09:05:00"),
      event(s1, "active", "paused", "2026-04-05T10:00:00"),
      event(s1, "paused", "active", "2026-04-20T10:00:00"),
      event(s2, "pending", "active", "2026-03-15T10:00:00"),
      event(s2, "active", "cancelled", "2026-04-25T10:00:00"),
      event(s3, "pending", "active", "2026-02-20T10:00:00"),
      event(s3, "active", "cancelled", "2026-03-10T10:00:00"),
    ]);
  const payment = (subscriptionId: number, id: string, at: string) => ({
    subscriptionId,
    providerPaymentId: id,
    amountCents: c(25_000),
    status: "approved",
    boxDate: "2026-03-15",
    paidAt: ba(at),
  });
  await db
    .insert(boxPayments)
    .values([
      payment(s1, "p1", "2026-03-01T09:05:00"),
      payment(s2, "p2", "2026-03-15T10:00:00"),
      payment(s1, "p3", "2026-04-01T10:00:00"),
      payment(s2, "p4", "2026-02-15T10:00:00"),
      payment(s1, "p5", "2026-04-30T23:00:00"),
    ]);

  await db.insert(expenses).values([
    { date: "2026-03-05", concept: "Alquiler", category: "Alquiler", amountCents: c(30_000) },
    { date: "2026-03-31", concept: "Luz", category: "Servicios", amountCents: c(10_000) },
    { date: "2026-04-15", concept: "Bolsas", category: "Insumos", amountCents: c(20_000) },
    { date: "2026-02-28", concept: "Antes", category: "Insumos", amountCents: c(99_999) },
    { date: "2026-05-01", concept: "Después", category: "Insumos", amountCents: c(99_999) },
  ]);

  const alert = (bookId: number, email: string, notifiedAt: Date | null = null) => ({
    bookId,
    email,
    kind: "restock" as const,
    notifiedAt,
  });
  await db
    .insert(stockAlerts)
    .values([
      alert(H.id, "uno@example.com"),
      alert(H.id, "dos@example.com"),
      alert(H.id, "tres@example.com"),
      alert(A.id, "uno@example.com"),
      alert(A.id, "dos@example.com", new Date()),
    ]);
  return { A, B, C, D, E, F, G, H };
}
