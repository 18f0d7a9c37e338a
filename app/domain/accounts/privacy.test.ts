import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, openPostgres } from "~db/connect";
import {
  auditLog,
  books,
  boxCancellations,
  boxPayments,
  boxPickups,
  boxSubscriptionEvents,
  boxSubscriptions,
  boxWithdrawals,
  cartReminders,
  customerAddresses,
  customerCodes,
  customers,
  invoices,
  mailOutbox,
  newsletterSubscribers,
  orderEvents,
  orderItems,
  orders,
  prizeClaims,
  qrCodes,
  shipments,
  specialOrderReplies,
  specialOrders,
  stockAlerts,
  wishlistItems,
  withdrawals,
} from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { insertOrder } from "../../../tests/support/order-row";
import { exportCustomerData } from "./data-export.server";
import { ANONYMISED, DELETE_MESSAGES, deleteAccount } from "./delete.server";
import { createCustomerSession } from "./sessions.server";

const { database, db } = await adminTestDatabase();
let invoiceNumber = 100;
let qrCounter = 0;

/** One row of every kind the shop keeps about `email`, the order in `orderStatus`; `tag` marks its texts. */
async function everything(email: string, tag: string, orderStatus: "delivered" | "cancelled" = "delivered") {
  const [book] = await db
    .insert(books)
    .values({ title: `Libro ${tag}`, slug: `l-${randomUUID()}`, priceCents: 1_000_000, stock: 3 })
    .returning();
  if (!book) throw new Error("no book");
  await db.insert(customers).values({ email, firstName: `Nombre ${tag}`, lastName: "Apellido", phone: "1155551234" });
  await db.insert(customerAddresses).values({
    email,
    label: "Casa",
    address: `Calle ${tag} 123`,
    city: "CABA",
    province: "C",
    zipCode: "1414",
    isDefault: true,
  });
  const order = await insertOrder(db, {
    email,
    firstName: `Nombre ${tag}`,
    lastName: "Apellido",
    phone: `+54 11 ${tag}`,
    deliveryMethod: "shipping",
    address: `Calle ${tag} 123`,
    city: "Rosario",
    province: "S",
    zipCode: "2000",
    note: `Nota ${tag}`,
    status: orderStatus,
    buyerCuit: "20-26756539-3",
    buyerLegalName: `Empresa ${tag} S.A.`,
  });
  await db.insert(orderItems).values({
    orderId: order.id,
    bookId: book.id,
    title: book.title,
    unitPriceCents: 1_000_000,
    quantity: 1,
    lineTotalCents: 1_000_000,
    netCents: 1_000_000,
    taxCents: 0,
  });
  await db.insert(orderEvents).values({ orderId: order.id, toStatus: orderStatus, source: "admin" });
  const invoice = await insertInvoice(db, {
    orderId: order.id,
    number: invoiceNumber++,
    receiverDocType: 80,
    receiverDocNumber: "20267565393",
    receiverName: `Empresa ${tag} S.A.`,
    receiverTaxCondition: 1,
    receiverAddress: `Viamonte ${tag}`,
    receiverEmail: email,
  });
  const [withdrawal] = await db
    .insert(withdrawals)
    .values({
      orderId: order.id,
      code: `ARR-${randomUUID().slice(0, 8).toUpperCase()}`,
      email,
      reason: `Motivo ${tag}`,
      status: "refunded",
      refundIdempotencyKey: randomUUID(),
    })
    .returning();
  const [sub] = await db
    .insert(boxSubscriptions)
    .values({
      planId: "monthly",
      priceCents: 5_400_000,
      frequencyMonths: 1,
      status: "cancelled",
      firstName: `Nombre ${tag}`,
      lastName: "Apellido",
      email,
      whatsapp: `+54 9 11 ${tag}`,
      deliveryMethod: "delivery",
      address: `Calle ${tag} 123`,
      city: "CABA",
      state: "C",
      zipCode: "1414",
    })
    .returning();
  if (!sub) throw new Error("no subscription");
  await db
    .insert(boxSubscriptionEvents)
    .values({ subscriptionId: sub.id, toStatus: "cancelled", source: "subscriber" });
  const [payment] = await db
    .insert(boxPayments)
    .values({
      subscriptionId: sub.id,
      providerPaymentId: randomUUID(),
      amountCents: 5_400_000,
      status: "approved",
      boxDate: "2026-11-15",
    })
    .returning();
  await db
    .insert(boxPickups)
    .values({ subscriptionId: sub.id, boxPeriod: "2026-11", recordedBy: "admin@rizoma.local" });
  await db.insert(boxWithdrawals).values({
    subscriptionId: sub.id,
    code: `ARR-${randomUUID().slice(0, 8).toUpperCase()}`,
    email,
    reason: `Motivo caja ${tag}`,
    refundDue: false,
    boxHandedOver: "picked_up",
    refundCents: 5_400_000,
    refundIdempotencyKey: randomUUID(),
  });
  await db.insert(boxCancellations).values({
    email,
    codeHash: "x",
    expiresAt: new Date(),
    confirmedAt: new Date(),
    cancellationCode: `BAJA-${randomUUID().slice(0, 8)}`,
  });
  const [special] = await db
    .insert(specialOrders)
    .values({
      bookTitle: `Pedido ${tag}`,
      name: `Nombre ${tag}`,
      email,
      phone: `11-${tag}`,
      scope: "national",
      note: `Nota especial ${tag}`,
    })
    .returning();
  if (!special) throw new Error("no special order");
  await db
    .insert(specialOrderReplies)
    .values({ specialOrderId: special.id, adminEmail: "pedidos@rizoma.com.ar", body: `Hola ${tag}` });
  const [qr] = await db
    .insert(qrCodes)
    .values({ code: `Q${tag.slice(0, 3).toUpperCase()}${qrCounter++}`, bookTitle: "Premio" })
    .returning();
  if (!qr) throw new Error("no qr");
  await db.insert(prizeClaims).values({ qrCodeId: qr.id, name: `Nombre ${tag}`, email, dni: "30123456", phone: tag });
  await db.insert(newsletterSubscribers).values({ email, name: `Nombre ${tag}`, source: "shop" });
  await db.insert(stockAlerts).values({ bookId: book.id, email, kind: "restock" });
  await db.insert(wishlistItems).values({ email, bookId: book.id });
  await db
    .insert(cartReminders)
    .values({ email, items: [{ bookId: book.id, quantity: 1 }], remindAt: new Date(Date.now() + 3_600_000) });
  const mail = (status: "sent" | "queued", subject: string) => ({
    messageId: `<${randomUUID()}@rizoma.test>`,
    template: "test",
    toAddress: email,
    subject,
    html: `<p>Hola ${tag}</p>`,
    text: `Hola ${tag}`,
    headers: { "List-Unsubscribe": `<http://x/${tag}>` },
    status,
  });
  await db.insert(mailOutbox).values([mail("sent", `Enviado ${tag}`), mail("queued", `En cola ${tag}`)]);
  await db.insert(customerCodes).values({
    email,
    codeHash: "h",
    linkHash: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000),
  });
  const session = await createCustomerSession(db, email);
  return { book, order, invoice, withdrawal, sub, payment, special, qr, session };
}

const withoutDate = ({ generatedAt: _generatedAt, ...rest }: Awaited<ReturnType<typeof exportCustomerData>>) => rest;

describe("/cuenta/datos: the export", () => {
  it("holds each kind of record of the email and nothing of another email", async () => {
    await everything("export@example.com", "exp");
    await everything("ajeno@example.com", "ajeno");
    const data = await exportCustomerData(db, "export@example.com");
    expect(data.customer?.firstName).toBe("Nombre exp");
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]?.items).toHaveLength(1);
    expect(data.orders[0]?.events).toHaveLength(1);
    expect(data.orders[0]?.delivery.address).toBe("Calle exp 123");
    expect(data.orders[0]?.totals.total).toBe(10_000);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ cae: "76451234567890", total: 10_000 });
    expect(data.withdrawals).toHaveLength(1);
    expect(data.boxSubscriptions).toHaveLength(1);
    expect(data.boxSubscriptions[0]?.events).toHaveLength(1);
    expect(data.boxSubscriptions[0]?.payments).toHaveLength(1);
    expect(data.boxSubscriptions[0]?.number).toMatch(/^CR-\d{6}$/);
    expect(data.boxSubscriptions[0]?.pickups).toEqual([{ boxPeriod: "2026-11", pickedUpAt: expect.any(Date) }]);
    expect(data.boxSubscriptions[0]?.withdrawal).toMatchObject({
      code: expect.stringMatching(/^ARR-/),
      reason: "Motivo caja exp",
      refund: 54_000,
      refundedAt: null,
    });
    expect(data.boxCancellationRequests).toHaveLength(1);
    expect(data.specialOrders[0]?.replies).toEqual([expect.objectContaining({ body: "Hola exp" })]);
    expect(data.prizeClaims).toHaveLength(1);
    expect(data.newsletter?.status).toBe("active");
    expect(data.stockAlerts).toHaveLength(1);
    expect(data.wishlist).toHaveLength(1);
    expect(data.cartReminders).toHaveLength(1);
    expect(data.mailSent.map((mail) => mail.subject).sort()).toEqual(["En cola exp", "Enviado exp"]);
    expect(data.mailSent[0]).not.toHaveProperty("html");
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).not.toHaveProperty("tokenHash");
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(Date),
      expiresAt: expect.any(Date),
      verifiedAt: expect.any(Date),
    });
    expect(data.signInCodes).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain("ajeno");
    expect(text).not.toMatch(/"(codeHash|tokenHash|linkHash)"/);
  });
});

describe("Eliminar mi cuenta", () => {
  it("refuses while a box, an order or a withdrawal is in progress, and changes nothing", async () => {
    await everything("caja@example.com", "caja");
    await db.update(boxSubscriptions).set({ status: "paused" }).where(eq(boxSubscriptions.email, "caja@example.com"));
    await expect(deleteAccount({ db }, "caja@example.com")).rejects.toMatchObject({
      status: 409,
      message: DELETE_MESSAGES.openBox,
    });

    await everything("pedido@example.com", "pedido");
    await insertOrder(db, { email: "pedido@example.com", status: "shipped" });
    await expect(deleteAccount({ db }, "pedido@example.com")).rejects.toMatchObject({
      status: 409,
      message: DELETE_MESSAGES.openOrder,
    });

    const { withdrawal } = await everything("arrepentida@example.com", "arr");
    await db
      .update(withdrawals)
      .set({ status: "requested" })
      .where(eq(withdrawals.id, withdrawal?.id ?? 0));
    await expect(deleteAccount({ db }, "arrepentida@example.com")).rejects.toMatchObject({
      status: 409,
      message: DELETE_MESSAGES.openWithdrawal,
    });

    for (const email of ["caja@example.com", "pedido@example.com", "arrepentida@example.com"]) {
      const data = await exportCustomerData(db, email);
      expect(data.customer).not.toBeNull();
      expect(data.sessions).toHaveLength(1);
    }
  });

  it("deletes what is only the person's, anonymises what the law keeps, leaves invoices' fiscal fields and other emails alone", async () => {
    const mine = await everything("borrar@example.com", "borrar");
    await everything("vecina@example.com", "vecina");
    // The order went by Correo Argentino: its label prints the buyer's name and door.
    const [parcel] = await db
      .insert(shipments)
      .values({
        orderId: mine.order.id,
        carrier: "correo_argentino",
        kind: "home",
        service: "Correo Argentino Clásico a domicilio",
        serviceCode: "CP",
        reference: mine.order.number,
        trackingNumber: "000500076000001A3G0C701",
        label: Buffer.from("%PDF-1.4 Borrar, Viamonte borrar"),
        status: "delivered",
      })
      .returning();
    const neighbourBefore = withoutDate(await exportCustomerData(db, "vecina@example.com"));

    const { deleted, placeholder } = await deleteAccount({ db }, "borrar@example.com");
    expect(deleted).toBe(true);
    expect(placeholder).toMatch(/^eliminado-[0-9a-f]{16}@anonimo\.invalid$/);

    // Nothing joins to the email any more.
    const after = await exportCustomerData(db, "borrar@example.com");
    expect(after.customer).toBeNull();
    for (const key of [
      "addresses",
      "orders",
      "invoices",
      "withdrawals",
      "boxSubscriptions",
      "boxCancellationRequests",
      "specialOrders",
      "prizeClaims",
      "stockAlerts",
      "wishlist",
      "cartReminders",
      "mailSent",
      "sessions",
      "signInCodes",
    ] as const) {
      expect(after[key], key).toEqual([]);
    }
    expect(after.newsletter).toBeNull();
    expect(await db.select().from(customerAddresses).where(like(customerAddresses.address, "%borrar%"))).toEqual([]);

    // Kept, anonymised.
    const [kept] = await db
      .select()
      .from(shipments)
      .where(eq(shipments.id, parcel?.id ?? 0));
    expect(kept).toMatchObject({ label: null, trackingNumber: "000500076000001A3G0C701", status: "delivered" });
    const [boxWithdrawal] = await db
      .select()
      .from(boxWithdrawals)
      .where(eq(boxWithdrawals.subscriptionId, mine.sub.id));
    expect(boxWithdrawal).toMatchObject({ email: placeholder, reason: null, refundCents: 5_400_000 });
    const [order] = await db.select().from(orders).where(eq(orders.id, mine.order.id));
    expect(order).toMatchObject({
      email: placeholder,
      firstName: ANONYMISED,
      lastName: ANONYMISED,
      phone: ANONYMISED,
      address: ANONYMISED,
      city: ANONYMISED,
      zipCode: ANONYMISED,
      note: null,
      province: "S",
      status: "delivered",
      totalCents: 1_000_000,
      buyerCuit: "20-26756539-3",
      buyerLegalName: "Empresa borrar S.A.",
    });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, mine.order.id))).toHaveLength(1);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, mine.invoice.id));
    expect(invoice).toMatchObject({
      receiverEmail: placeholder,
      receiverDocType: 80,
      receiverDocNumber: "20267565393",
      receiverName: "Empresa borrar S.A.",
      receiverAddress: "Viamonte borrar",
      cae: "76451234567890",
      number: mine.invoice.number,
      totalCents: 1_000_000,
    });
    const [withdrawal] = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, mine.withdrawal?.id ?? 0));
    expect(withdrawal).toMatchObject({ email: placeholder, reason: null, status: "refunded" });
    const [sub] = await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, mine.sub.id));
    expect(sub).toMatchObject({
      email: placeholder,
      firstName: ANONYMISED,
      whatsapp: ANONYMISED,
      address: ANONYMISED,
      state: "C",
    });
    expect(await db.select().from(boxPayments).where(eq(boxPayments.subscriptionId, mine.sub.id))).toHaveLength(1);
    const [special] = await db.select().from(specialOrders).where(eq(specialOrders.id, mine.special.id));
    expect(special).toMatchObject({ email: placeholder, name: ANONYMISED, phone: null, note: null });
    const [reply] = await db
      .select()
      .from(specialOrderReplies)
      .where(eq(specialOrderReplies.specialOrderId, mine.special.id));
    expect(reply?.body).not.toContain("borrar");
    const [claim] = await db.select().from(prizeClaims).where(eq(prizeClaims.qrCodeId, mine.qr.id));
    expect(claim).toMatchObject({ email: placeholder, name: ANONYMISED, dni: ANONYMISED, phone: ANONYMISED });
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, placeholder));
    expect(mail).toEqual([expect.objectContaining({ status: "sent", subject: "Enviado borrar", html: "", text: "" })]);
    expect(mail[0]?.headers).toEqual({});
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.subject, "En cola borrar"))).toEqual([]);
    const [cancellation] = await db.select().from(boxCancellations).where(eq(boxCancellations.email, placeholder));
    expect(cancellation?.cancellationCode).toMatch(/^BAJA-/);

    // One audit line, naming no one.
    const lines = await db.select().from(auditLog).where(eq(auditLog.action, "customer.delete"));
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/borrar|eliminado-/);

    // The neighbour is untouched.
    expect(withoutDate(await exportCustomerData(db, "vecina@example.com"))).toEqual(neighbourBefore);
  });

  it("two deletions of one email at once: one does it, the other finds nothing left, one audit line", async () => {
    await everything("doble@example.com", "doble", "cancelled");
    const before = (await db.select().from(auditLog).where(eq(auditLog.action, "customer.delete"))).length;
    const other: Database | null = database.url ? await openPostgres(database.url, { max: 5 }) : null;
    try {
      const results = await Promise.all([
        deleteAccount({ db }, "doble@example.com"),
        deleteAccount({ db: other?.db ?? db }, "doble@example.com"),
      ]);
      expect(results.map((result) => result.deleted).sort()).toEqual([false, true]);
    } finally {
      await other?.close();
    }
    const after = (await db.select().from(auditLog).where(eq(auditLog.action, "customer.delete"))).length;
    expect(after - before).toBe(1);
    const data = await exportCustomerData(db, "doble@example.com");
    expect(data.orders).toEqual([]);
    expect(data.customer).toBeNull();
  });
});
