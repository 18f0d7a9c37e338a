import { asc, inArray, sql } from "drizzle-orm";
import { cancelOpenReminders } from "~/domain/accounts/open-reminders.server";
import { type BookRow, isPreorder, orderableQuantity } from "~/domain/catalog/book-view.server";
import { type DiscountQuote, quoteDiscount, redeemDiscount } from "~/domain/discounts/redeem.server";
import { BadGateway, Conflict, GatewayTimeout, Invalid, OutOfStock, Unavailable } from "~/domain/errors";
import { TERMS } from "~/domain/legal/terms.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import { getSettings } from "~/domain/settings/settings.server";
import { carrierOptionOf, freeShippingCovers, provinceOfZip } from "~/domain/shipping/options";
import { type ConfirmedCarrierOption, confirmCarrierOption } from "~/domain/shipping/options.server";
import { recordMovements } from "~/domain/stock/movements.server";
import { type FiscalLine, fiscalLines, rateFor } from "~/domain/taxes/fiscal";
import { MercadoPagoError } from "~/integrations/mercadopago/errors";
import { mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import type { Preference } from "~/integrations/mercadopago/types";
import { todayInBuenosAires } from "~/lib/dates";
import { type Cents, centsToPesos, lineCents } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { books, orderEvents, orderItems, orders } from "~db/schema";
import { currentPriceCents } from "./book-price.server";
import { type DeliveryQuote, pickupPointFor, quoteDelivery } from "./delivery";
import { documentRequired, type OrderInput, orderInputSchema } from "./input";
import { orderAwaitingMercadoPago, orderPlacedShop, orderReceivedTransfer } from "./mail.server";
import { type OrderTotals, priceOrder } from "./pricing";
import {
  afterStockChange,
  type Order,
  type OrderContext,
  orderSigner,
  orderSummary,
  PAYMENT_LABELS,
} from "./shared.server";

export const OUT_OF_STOCK = "Stock insuficiente";

import { MAX_INSTALLMENTS } from "./instalments";

/** The most card instalments Checkout Pro offers: the shop promises "Hasta 3 cuotas sin interés". */
export { MAX_INSTALLMENTS };
export const TOO_MANY_ORDERS = "Demasiados pedidos desde tu conexión. Probá de nuevo en un rato o escribinos.";
export const PAYMENT_FAILED = "No pudimos iniciar el pago con Mercado Pago. Probá de nuevo en unos minutos.";
export const PAYMENT_TIMED_OUT =
  "Mercado Pago no respondió a tiempo y no registramos tu pedido. Probá de nuevo en unos minutos.";
export const MERCADOPAGO_UNAVAILABLE =
  "Los pagos con Mercado Pago no están disponibles en este sitio por ahora: elegí transferencia bancaria o escribinos.";
export const PRICES_CHANGED = "Los precios cambiaron mientras hacías el pedido: revisalo y probá de nuevo.";

export interface PlacedOrder {
  order: Order;
  totals: OrderTotals;
  token: string;
}

interface PricedLine {
  book: BookRow;
  quantity: number;
  unitPriceCents: Cents;
  isPreorder: boolean;
}

// Where the cart reminders and "volver a pedir" have always read it; the shipping quote reads it too.
export { currentPriceCents };

/**
 * Each requested line against the books as read (locked, inside the order's transaction): unknown or
 * unpublished books and books without a price are a 400; short lines are collected for one 409.
 */
function priceLines(rows: BookRow[], input: OrderInput, today: string): PricedLine[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shortages: { id: number; title: string; requested: number; available: number }[] = [];
  const lines = input.items.map(({ id, quantity }) => {
    const book = byId.get(id);
    if (!book?.published) throw new Invalid(`El libro ${id} no existe o ya no está a la venta`);
    const unitPriceCents = currentPriceCents(book, today);
    if (unitPriceCents === null) {
      throw new Invalid(`«${book.title}» no tiene precio publicado: consultanos por WhatsApp.`);
    }
    const available = orderableQuantity(book, today);
    if (quantity > available) shortages.push({ id, title: book.title, requested: quantity, available });
    return { book, quantity, unitPriceCents, isPreorder: isPreorder(book, today) };
  });
  if (shortages.length > 0) throw new OutOfStock(OUT_OF_STOCK, { items: shortages });
  return lines;
}

async function readBooks(db: Db, input: OrderInput, lock: boolean): Promise<BookRow[]> {
  const ids = input.items.map((item) => item.id).sort((a, b) => a - b);
  const query = db.select().from(books).where(inArray(books.id, ids)).orderBy(asc(books.id));
  // Locks in ascending id order, so two orders for the same books never deadlock.
  return lock ? query.for("update") : query;
}

interface Quote {
  lines: PricedLine[];
  code: DiscountQuote | null;
  totals: OrderTotals;
  deliveryLabel: string;
}

/** What the delivery costs for a books' subtotal (the free-shipping threshold reads it). */
type DeliveryPricer = (subtotalCents: Cents) => DeliveryQuote;

async function quoteOrder(
  db: Db,
  input: OrderInput,
  rows: BookRow[],
  deliveryFor: DeliveryPricer,
  now: Date,
  transferDiscountPercent: number,
): Promise<Quote> {
  const lines = priceLines(rows, input, todayInBuenosAires(now));
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const code = input.discountCode ? await quoteDiscount(db, input.discountCode, subtotalCents, now) : null;
  const delivery = deliveryFor(subtotalCents);
  const totals = priceOrder({
    subtotalCents,
    code,
    paymentMethod: input.paymentMethod,
    shippingCents: delivery.shippingCents,
    transferDiscountPercent,
  });
  return { lines, code, totals, deliveryLabel: delivery.label };
}

/**
 * A buyer places an order (issue 6). Everything is recomputed here from the database: prices (what the
 * request says about money is not even read), the code, shipping and totals. In ONE transaction the
 * books are locked (ascending id), checked, their stock (or pre-order count) taken, the order written
 * with its lines and first event, the code redeemed and the e-mails queued; any failure leaves nothing.
 *
 * Mercado Pago: the order's id (and so its number) is reserved from the sequence first, the preference
 * is created with that number as external_reference, and only then is the order written, with the
 * preference in the same transaction. If Mercado Pago fails, no order and no stock change exist; if the
 * transaction fails after the preference was made (stock ran out meanwhile), the preference is left
 * unused at Mercado Pago and nobody ever receives its link.
 */
export async function placeOrder(ctx: OrderContext, raw: unknown, now = new Date()): Promise<PlacedOrder> {
  const settings = await getSettings(ctx.db);
  // Every attempt counts, well-formed or not: the limit is against abuse, and each order reserves stock.
  await limitPerIp(ctx, "ordersPerIpPerHour", TOO_MANY_ORDERS, settings.rateLimits);
  const parsed = orderInputSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;
  const signer = await orderSigner(ctx);
  const option = input.delivery.option ?? null;
  let pickupName: string | null = null;
  if (input.delivery.method === "pickup") {
    const index = option?.startsWith("pickup:") ? Number(option.slice("pickup:".length)) : null;
    const point =
      index === null
        ? pickupPointFor(settings.pickup.points, input.delivery.pickupPoint)
        : settings.pickup.points[index];
    if (!point) throw new Invalid("Elegí un punto de retiro de la lista");
    pickupName = point.name;
  }
  // "table:fast" names the speed the older body sends as `speed`.
  const speed = option?.startsWith("table:")
    ? (option.slice("table:".length) as "standard" | "fast")
    : input.delivery.speed;
  const shopDelivery: DeliveryPricer = (subtotalCents) => {
    const quote = quoteDelivery({ ...input.delivery, speed, pickupPoint: pickupName }, settings.shipping);
    const free = input.delivery.method === "shipping" && freeShippingCovers(settings.carriers, "table", subtotalCents);
    return free ? { ...quote, shippingCents: 0 } : quote;
  };
  const api = input.paymentMethod === "mercadopago" ? (await mercadoPagoLink(ctx.mercadoPago)).api : null;
  if (input.paymentMethod === "mercadopago" && !api) throw new Unavailable(MERCADOPAGO_UNAVAILABLE);

  // A first look without locks: bad input and visible shortages answer before anything is reserved.
  const previewRows = await readBooks(ctx.db, input, false);
  let deliveryFor = shopDelivery;
  let carrier: ConfirmedCarrierOption | null = null;
  const carrierOption = option ? carrierOptionOf(option) : null;
  if (carrierOption) {
    // Quoted again here, outside the transaction (it is a call to the carrier): the buyer names the
    // option, never its price. A carrier that cannot confirm it now is a 409 and nothing is written.
    const lines = priceLines(previewRows, input, todayInBuenosAires(now));
    const confirmed = await confirmCarrierOption(ctx, settings, option as string, input.delivery.branchId, {
      zipCode: input.delivery.zipCode ?? "",
      province: input.delivery.province || null,
      items: lines.map((line) => ({ weightGrams: line.book.weightGrams, quantity: line.quantity })),
      subtotalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    });
    carrier = confirmed;
    const free = `${confirmed.carrier}:${confirmed.choice.kind}` as const;
    deliveryFor = (subtotalCents) => ({
      shippingCents: freeShippingCovers(settings.carriers, free, subtotalCents) ? 0 : confirmed.rateCents,
      label: confirmed.choice.service,
    });
  }
  const preview = await quoteOrder(ctx.db, input, previewRows, deliveryFor, now, settings.bank.transferDiscountPercent);
  // Against the total computed here, never the client's: before a Mercado Pago preference is made, and
  // again on the locked quote below.
  const requireDocument = (totals: OrderTotals) => {
    const from = settings.invoicing.identifyConsumerFrom;
    if (!input.customer.cuit && !input.customer.document && totals.totalCents >= from * 100) {
      throw new Invalid(documentRequired(from), { field: "document" });
    }
  };
  requireDocument(preview.totals);

  let reservedId: number | null = null;
  let preference: Preference | null = null;
  if (api) {
    const result = await ctx.db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`);
    reservedId = Number((result as unknown as { rows: { id: string | number }[] }).rows[0]?.id);
    const number = `RZ-${String(reservedId).padStart(6, "0")}`;
    // The buyer's own order page is where Mercado Pago sends them back, whatever happened.
    const back = signer.url(number);
    try {
      preference = await api.createPreference(
        {
          items: [
            {
              id: number,
              title: `Rizoma · pedido ${number}`,
              description: preview.lines.map((line) => `${line.quantity} × ${line.book.title}`).join(", "),
              quantity: 1,
              unit_price: centsToPesos(preview.totals.totalCents),
              currency_id: "ARS",
            },
          ],
          payer: { name: input.customer.firstName, surname: input.customer.lastName, email: input.customer.email },
          external_reference: number,
          back_urls: { success: back, failure: back, pending: back },
          auto_return: "approved",
          notification_url: `${ctx.siteUrl}/api/webhooks/mercadopago`,
          payment_methods: { installments: MAX_INSTALLMENTS },
        },
        `order-${number}-${now.getTime()}`,
      );
      if (!preference?.id || !preference.init_point) throw new Error("Mercado Pago no devolvió init_point");
    } catch (error) {
      ctx.log?.warn({ err: error, orderNumber: number }, "mercadopago preference failed");
      throw error instanceof MercadoPagoError && error.timedOut
        ? new GatewayTimeout(PAYMENT_TIMED_OUT)
        : new BadGateway(PAYMENT_FAILED);
    }
  }

  const placed = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const quote = await quoteOrder(
      db,
      input,
      await readBooks(db, input, true),
      deliveryFor,
      now,
      settings.bank.transferDiscountPercent,
    );
    if (preference && quote.totals.totalCents !== preview.totals.totalCents) throw new Conflict(PRICES_CHANGED);
    requireDocument(quote.totals);
    for (const line of quote.lines) {
      await db
        .update(books)
        .set(
          line.isPreorder
            ? { preorderCount: sql`${books.preorderCount} + ${line.quantity}` }
            : { stock: sql`${books.stock} - ${line.quantity}` },
        )
        .where(sql`${books.id} = ${line.book.id}`);
    }
    const { delivery, customer } = input;
    const shipped = delivery.method !== "pickup";
    const expiresAt =
      input.paymentMethod === "transfer"
        ? new Date(now.getTime() + settings.bank.transferExpiryDays * 86_400_000)
        : null;
    const [order] = await db
      .insert(orders)
      .values({
        ...(reservedId ? { id: reservedId } : {}),
        paymentMethod: input.paymentMethod,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: customer.phone,
        // Normalised ("30-71654321-4") by the input schema; all or none (docs/decisions/0029).
        buyerCuit: customer.cuit,
        buyerLegalName: customer.legalName,
        buyerTaxCondition: customer.taxCondition,
        // Digits only; a final consumer's (never with a CUIT, the schema refuses both).
        buyerDocument: customer.document,
        deliveryMethod: delivery.method,
        // A carrier's service is its own speed (carrier_choice); the table's speed is standard or fast.
        shippingSpeed: delivery.method === "shipping" && !carrier ? (speed ?? "standard") : null,
        address: shipped ? (delivery.address ?? null) : null,
        city: shipped ? (delivery.city ?? null) : null,
        province:
          delivery.method === "shipping"
            ? delivery.province || (carrier ? provinceOfZip(delivery.zipCode ?? "") : null) || null
            : shipped
              ? "C"
              : null,
        zipCode: shipped ? delivery.zipCode || null : null,
        pickupPoint: pickupName,
        carrier: carrier?.carrier ?? null,
        carrierChoice: carrier?.choice ?? null,
        subtotalCents: quote.totals.subtotalCents,
        codeDiscountCents: quote.totals.codeDiscountCents,
        transferDiscountCents: quote.totals.transferDiscountCents,
        shippingCents: quote.totals.shippingCents,
        totalCents: quote.totals.totalCents,
        discountCodeId: quote.code?.codeId ?? null,
        discountCode: quote.code?.code ?? null,
        providerPreferenceId: preference?.id ?? null,
        paymentUrl: preference?.init_point ?? null,
        expiresAt,
        termsVersion: TERMS.version,
        termsHash: TERMS.hash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error("order insert returned nothing");
    const fiscal = fiscalLines(
      quote.lines.map((line) => ({
        grossCents: lineCents(line.unitPriceCents, line.quantity),
        taxCategory: line.book.taxCategory,
        rate: rateFor(settings.taxes.categories, line.book.taxCategory),
      })),
      quote.totals.discountCents,
    );
    const items = await db
      .insert(orderItems)
      .values(
        quote.lines.map((line, index) => {
          const { rate, ...amounts } = fiscal[index] as FiscalLine;
          return {
            ...amounts,
            // The column is `taxRate`: spreading FiscalLine's `rate` as is would leave the default ('exento').
            taxRate: rate,
            orderId: order.id,
            bookId: line.book.id,
            title: line.book.title,
            author: line.book.author,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            isPreorder: line.isPreorder,
          };
        }),
      )
      .returning();
    await recordMovements(
      db,
      quote.lines
        .filter((line) => !line.isPreorder)
        .map((line) => ({
          bookId: line.book.id,
          location: "shop" as const,
          delta: -line.quantity,
          reason: "order" as const,
          orderId: order.id,
          at: now,
        })),
    );
    await db.insert(orderEvents).values({ orderId: order.id, toStatus: "pending_payment", source: "buyer", at: now });
    if (quote.code) await redeemDiscount(db, quote.code, order.id, now);
    // "Recordame mi carrito": the order followed, so the email's reminder is never sent.
    await cancelOpenReminders(db, order.email, now);

    const summary = orderSummary(order, items);
    const link = signer.url(order.number);
    const contact = settings.contact;
    const buyerMail =
      order.paymentMethod === "transfer"
        ? orderReceivedTransfer({ siteUrl: ctx.siteUrl, order: summary, bank: settings.bank, contact })
        : orderAwaitingMercadoPago({ siteUrl: ctx.siteUrl, order: summary, orderUrl: link });
    await enqueueMail(db, { to: order.email, mail: buyerMail, siteUrl: ctx.siteUrl });
    const shopEmail = ctx.shopEmail ?? contact.email;
    if (shopEmail) {
      const mail = orderPlacedShop({
        siteUrl: ctx.siteUrl,
        order: summary,
        email: order.email,
        phone: order.phone,
        paymentLabel: PAYMENT_LABELS[order.paymentMethod],
      });
      await enqueueMail(db, { to: shopEmail, mail, siteUrl: ctx.siteUrl });
    }
    return { order, totals: quote.totals };
  });
  await afterStockChange(ctx.db, "order.placed");
  return { ...placed, token: signer.token(placed.order.number) };
}
