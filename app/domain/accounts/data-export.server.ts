import { asc, eq, inArray, or } from "drizzle-orm";
import { boxNumberOf } from "~/domain/box/number";
import { centsToPesos } from "~/lib/money";
import type { Db } from "~db/index";
import {
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
  customerSessions,
  customers,
  fairs,
  invoices,
  mailOutbox,
  newsletterSubscribers,
  orderEvents,
  orderItems,
  orders,
  prizeClaims,
  qrCodes,
  saleItems,
  sales,
  specialOrderReplies,
  specialOrders,
  stockAlerts,
  wishlistItems,
  withdrawals,
} from "~db/schema";

/**
 * Ley 25.326 art. 14 (derecho de acceso): everything the shop holds about one email, as one JSON document
 * (/cuenta/datos). A customer is their email (DESIGN §8), so every table is read by it; rows that hang
 * from those (order lines, events, invoices, payments, replies) come with their parent. Money in pesos,
 * like every JSON of the shop. Left out on purpose: secrets (session and code hashes), e-mail bodies
 * (subject, date and status only) and the shop's own bookkeeping of retries and leases.
 */
export async function exportCustomerData(db: Db, email: string, now = new Date()) {
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.email, email))
    .orderBy(asc(customerAddresses.id));

  const orderRows = await db.select().from(orders).where(eq(orders.email, email)).orderBy(asc(orders.id));
  const orderIds = orderRows.map((order) => order.id);
  const items = orderIds.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id))
    : [];
  const events = orderIds.length
    ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.id))
    : [];

  // Counter and fair sales where the buyer gave this e-mail (issue 35), with their lines and fair.
  const saleRows = await db
    .select({ sale: sales, fairName: fairs.name })
    .from(sales)
    .leftJoin(fairs, eq(fairs.id, sales.fairId))
    .where(eq(sales.customerEmail, email))
    .orderBy(asc(sales.id));
  const saleIds = saleRows.map((row) => row.sale.id);
  const saleLines = saleIds.length
    ? await db.select().from(saleItems).where(inArray(saleItems.saleId, saleIds)).orderBy(asc(saleItems.id))
    : [];

  const subscriptions = await db
    .select()
    .from(boxSubscriptions)
    .where(eq(boxSubscriptions.email, email))
    .orderBy(asc(boxSubscriptions.id));
  const subscriptionIds = subscriptions.map((sub) => sub.id);
  const subscriptionEvents = subscriptionIds.length
    ? await db
        .select()
        .from(boxSubscriptionEvents)
        .where(inArray(boxSubscriptionEvents.subscriptionId, subscriptionIds))
        .orderBy(asc(boxSubscriptionEvents.id))
    : [];
  const payments = subscriptionIds.length
    ? await db
        .select()
        .from(boxPayments)
        .where(inArray(boxPayments.subscriptionId, subscriptionIds))
        .orderBy(asc(boxPayments.id))
    : [];
  const paymentIds = payments.map((payment) => payment.id);
  // Boxes handed over at the shop, and the subscription's withdrawal (botón de arrepentimiento).
  const pickups = subscriptionIds.length
    ? await db
        .select()
        .from(boxPickups)
        .where(inArray(boxPickups.subscriptionId, subscriptionIds))
        .orderBy(asc(boxPickups.id))
    : [];
  const boxWithdrawn = subscriptionIds.length
    ? await db.select().from(boxWithdrawals).where(inArray(boxWithdrawals.subscriptionId, subscriptionIds))
    : [];

  const sources = [
    ...(orderIds.length ? [inArray(invoices.orderId, orderIds)] : []),
    ...(paymentIds.length ? [inArray(invoices.boxPaymentId, paymentIds)] : []),
  ];
  const direct = sources.length
    ? await db
        .select()
        .from(invoices)
        .where(or(...sources))
    : [];
  const directIds = direct.map((invoice) => invoice.id);
  const creditNotes = directIds.length
    ? await db.select().from(invoices).where(inArray(invoices.originalInvoiceId, directIds))
    : [];
  const vouchers = [...direct, ...creditNotes].sort((a, b) => a.id - b.id);

  const special = await db
    .select()
    .from(specialOrders)
    .where(eq(specialOrders.email, email))
    .orderBy(asc(specialOrders.id));
  const replies = special.length
    ? await db
        .select()
        .from(specialOrderReplies)
        .where(
          inArray(
            specialOrderReplies.specialOrderId,
            special.map((row) => row.id),
          ),
        )
        .orderBy(asc(specialOrderReplies.id))
    : [];

  const prizes = await db
    .select({ claim: prizeClaims, code: qrCodes.code, bookTitle: qrCodes.bookTitle })
    .from(prizeClaims)
    .innerJoin(qrCodes, eq(qrCodes.id, prizeClaims.qrCodeId))
    .where(eq(prizeClaims.email, email))
    .orderBy(asc(prizeClaims.id));
  const [newsletter] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  const alerts = await db
    .select({ alert: stockAlerts, title: books.title })
    .from(stockAlerts)
    .innerJoin(books, eq(books.id, stockAlerts.bookId))
    .where(eq(stockAlerts.email, email))
    .orderBy(asc(stockAlerts.id));
  const wishlist = await db
    .select({ bookId: wishlistItems.bookId, title: books.title, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(books, eq(books.id, wishlistItems.bookId))
    .where(eq(wishlistItems.email, email))
    .orderBy(asc(wishlistItems.createdAt));
  const reminders = await db
    .select()
    .from(cartReminders)
    .where(eq(cartReminders.email, email))
    .orderBy(asc(cartReminders.id));
  const withdrawalRows = await db
    .select({ withdrawal: withdrawals, orderNumber: orders.number })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(eq(withdrawals.email, email))
    .orderBy(asc(withdrawals.id));
  const bajas = await db
    .select()
    .from(boxCancellations)
    .where(eq(boxCancellations.email, email))
    .orderBy(asc(boxCancellations.id));
  const mail = await db
    .select({
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.id));
  const sessions = await db
    .select({
      createdAt: customerSessions.createdAt,
      expiresAt: customerSessions.expiresAt,
      verifiedAt: customerSessions.verifiedAt,
    })
    .from(customerSessions)
    .where(eq(customerSessions.email, email))
    .orderBy(asc(customerSessions.createdAt));
  const codes = await db
    .select({ createdAt: customerCodes.createdAt, expiresAt: customerCodes.expiresAt, usedAt: customerCodes.usedAt })
    .from(customerCodes)
    .where(eq(customerCodes.email, email))
    .orderBy(asc(customerCodes.id));

  const invoiceJson = (invoice: (typeof vouchers)[number]) => ({
    kind: invoice.kind,
    orderNumber: orderRows.find((order) => order.id === invoice.orderId)?.number ?? null,
    boxPaymentId: invoice.boxPaymentId,
    voucherType: invoice.voucherType,
    pointOfSale: invoice.pointOfSale,
    number: invoice.number,
    issuedOn: invoice.issuedOn,
    cae: invoice.cae,
    caeExpiry: invoice.caeExpiry,
    status: invoice.status,
    environment: invoice.environment,
    receiver: {
      docType: invoice.receiverDocType,
      docNumber: invoice.receiverDocNumber,
      name: invoice.receiverName,
      taxCondition: invoice.receiverTaxCondition,
      address: invoice.receiverAddress,
      email: invoice.receiverEmail,
    },
    total: centsToPesos(invoice.totalCents),
    net: centsToPesos(invoice.netCents),
    vat: centsToPesos(invoice.vatCents),
    exempt: centsToPesos(invoice.exemptCents),
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: centsToPesos(line.unitPriceCents),
      total: centsToPesos(line.totalCents),
      rate: line.rate,
    })),
  });

  return {
    generatedAt: now.toISOString(),
    email,
    about: "Todo lo que Rizoma guarda sobre este email (Ley 25.326, derecho de acceso). Los importes están en pesos.",
    customer: customer
      ? {
          firstName: customer.firstName,
          lastName: customer.lastName,
          phone: customer.phone,
          wishlistShared: customer.wishlistToken !== null,
          lastSignInAt: customer.lastSignInAt,
          createdAt: customer.createdAt,
          updatedAt: customer.updatedAt,
        }
      : null,
    addresses: addresses.map(({ email: _email, ...address }) => address),
    orders: orderRows.map((order) => ({
      number: order.number,
      status: order.status,
      createdAt: order.createdAt,
      paymentMethod: order.paymentMethod,
      buyer: {
        firstName: order.firstName,
        lastName: order.lastName,
        email: order.email,
        phone: order.phone,
        cuit: order.buyerCuit,
        legalName: order.buyerLegalName,
      },
      delivery: {
        method: order.deliveryMethod,
        speed: order.shippingSpeed,
        address: order.address,
        city: order.city,
        province: order.province,
        zipCode: order.zipCode,
        pickupPoint: order.pickupPoint,
        trackingCode: order.trackingCode,
        shippedAt: order.shippedAt,
        deliveredAt: order.deliveredAt,
      },
      totals: {
        subtotal: centsToPesos(order.subtotalCents),
        codeDiscount: centsToPesos(order.codeDiscountCents),
        discountCode: order.discountCode,
        transferDiscount: centsToPesos(order.transferDiscountCents),
        shipping: centsToPesos(order.shippingCents),
        total: centsToPesos(order.totalCents),
      },
      note: order.note,
      paidAt: order.paidAt,
      cancelledAt: order.cancelledAt,
      cancelReason: order.cancelReason,
      terms: { version: order.termsVersion, hash: order.termsHash },
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          bookId: item.bookId,
          title: item.title,
          author: item.author,
          quantity: item.quantity,
          unitPrice: centsToPesos(item.unitPriceCents),
          lineTotal: centsToPesos(item.lineTotalCents),
          isPreorder: item.isPreorder,
        })),
      events: events
        .filter((event) => event.orderId === order.id)
        .map(({ fromStatus, toStatus, source, note, at }) => ({ fromStatus, toStatus, source, note, at })),
    })),
    invoices: vouchers.map(invoiceJson),
    withdrawals: withdrawalRows.map(({ withdrawal, orderNumber }) => ({
      code: withdrawal.code,
      orderNumber,
      status: withdrawal.status,
      reason: withdrawal.reason,
      refundMethod: withdrawal.refundMethod,
      refund: centsToPesos(withdrawal.refundCents),
      refundedOn: withdrawal.refundedOn,
      createdAt: withdrawal.createdAt,
    })),
    purchases: saleRows.map(({ sale, fairName }) => ({
      number: sale.number,
      place: sale.channel === "fair" ? `Feria: ${fairName ?? ""}` : "El local",
      status: sale.status,
      soldAt: sale.soldAt,
      paymentMethod: sale.paymentMethod,
      buyer: {
        email: sale.customerEmail,
        cuit: sale.customerCuit,
        legalName: sale.customerLegalName,
        taxCondition: sale.customerTaxCondition,
        document: sale.customerDocument,
      },
      totals: {
        subtotal: centsToPesos(sale.subtotalCents),
        discount: centsToPesos(sale.discountCents),
        total: centsToPesos(sale.totalCents),
      },
      items: saleLines
        .filter((line) => line.saleId === sale.id)
        .map((line) => ({
          title: line.title,
          author: line.author,
          quantity: line.quantity,
          unitPrice: centsToPesos(line.unitPriceCents),
          total: centsToPesos(line.lineTotalCents),
        })),
    })),
    boxSubscriptions: subscriptions.map((sub) => ({
      number: boxNumberOf(sub.id),
      planId: sub.planId,
      status: sub.status,
      price: centsToPesos(sub.priceCents),
      shipping: centsToPesos(sub.shippingCents),
      frequencyMonths: sub.frequencyMonths,
      firstName: sub.firstName,
      lastName: sub.lastName,
      email: sub.email,
      whatsapp: sub.whatsapp,
      deliveryMethod: sub.deliveryMethod,
      address: sub.address,
      city: sub.city,
      state: sub.state,
      zipCode: sub.zipCode,
      pickupLocation: sub.pickupLocation,
      nextBoxDate: sub.nextBoxDate,
      createdAt: sub.createdAt,
      events: subscriptionEvents
        .filter((event) => event.subscriptionId === sub.id)
        .map(({ fromStatus, toStatus, source, at }) => ({ fromStatus, toStatus, source, at })),
      payments: payments
        .filter((payment) => payment.subscriptionId === sub.id)
        .map((payment) => ({
          amount: centsToPesos(payment.amountCents),
          status: payment.status,
          boxDate: payment.boxDate,
          paidAt: payment.paidAt,
        })),
      pickups: pickups
        .filter((pickup) => pickup.subscriptionId === sub.id)
        .map(({ boxPeriod, pickedUpAt }) => ({ boxPeriod, pickedUpAt })),
      withdrawal:
        boxWithdrawn
          .filter((row) => row.subscriptionId === sub.id)
          .map((row) => ({
            code: row.code,
            requestedAt: row.createdAt,
            reason: row.reason,
            refund: row.refundCents === null ? null : centsToPesos(row.refundCents),
            refundedAt: row.refundedAt,
            refundReference: row.refundReference,
          }))[0] ?? null,
    })),
    boxCancellationRequests: bajas.map(({ createdAt, confirmedAt, cancellationCode }) => ({
      createdAt,
      confirmedAt,
      cancellationCode,
    })),
    specialOrders: special.map((row) => ({
      bookTitle: row.bookTitle,
      bookAuthor: row.bookAuthor,
      name: row.name,
      email: row.email,
      phone: row.phone,
      scope: row.scope,
      note: row.note,
      status: row.status,
      createdAt: row.createdAt,
      replies: replies.filter((reply) => reply.specialOrderId === row.id).map(({ body, sentAt }) => ({ body, sentAt })),
    })),
    prizeClaims: prizes.map(({ claim, code, bookTitle }) => ({
      code,
      bookTitle,
      name: claim.name,
      email: claim.email,
      dni: claim.dni,
      phone: claim.phone,
      claimedAt: claim.claimedAt,
    })),
    newsletter: newsletter
      ? {
          name: newsletter.name,
          status: newsletter.status,
          interests: newsletter.interests,
          source: newsletter.source,
          subscribedAt: newsletter.subscribedAt,
          unsubscribedAt: newsletter.unsubscribedAt,
        }
      : null,
    stockAlerts: alerts.map(({ alert, title }) => ({
      bookId: alert.bookId,
      title,
      kind: alert.kind,
      notifiedAt: alert.notifiedAt,
      createdAt: alert.createdAt,
    })),
    wishlist,
    cartReminders: reminders.map(({ items: lines, remindAt, sentAt, cancelledAt, createdAt }) => ({
      items: lines,
      remindAt,
      sentAt,
      cancelledAt,
      createdAt,
    })),
    mailSent: mail,
    sessions,
    signInCodes: codes,
  };
}

export type CustomerDataExport = Awaited<ReturnType<typeof exportCustomerData>>;
