import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DISCOUNT_MESSAGES } from "~/domain/discounts/rules";
import {
  cancelOrder,
  confirmPayment,
  deliverOrder,
  expireTransferOrders,
  shipOrder,
} from "~/domain/orders/lifecycle.server";
import { orderFigures } from "~/domain/orders/queries.server";
import { signNotification } from "~/integrations/mercadopago/signature.server";
import {
  auditLog,
  books,
  discountCodes,
  discountRedemptions,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
} from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { liveMercadoPago, MP_WEBHOOK_SECRET } from "../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../tests/support/route-context";
import * as adminOrderRoute from "./admin/order";
import * as adminOrdersRoute from "./admin/orders";
import * as orderRoute from "./order";
import * as ordersRoute from "./orders";
import * as webhookRoute from "./webhooks/mercadopago";

const { database, db, admin } = await adminTestDatabase();
const SITE = "http://localhost:3000";
const { fake, live } = await liveMercadoPago(db, { siteUrl: SITE });

// biome-ignore lint/suspicious/noExplicitAny: the tests read several JSON answer shapes.
type Answer = Record<string, any>;

let bookCounter = 0;
async function book(values: Partial<typeof books.$inferInsert> = {}) {
  bookCounter++;
  const [row] = await db
    .insert(books)
    .values({
      title: `Libro ${bookCounter}`,
      slug: `libro-${bookCounter}-${randomUUID()}`,
      priceCents: 1_000_000,
      stock: 10,
      ...values,
    })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const freshIp = clientIps("10.9");

const body = (items: { id: number; quantity: number }[], overrides: Record<string, unknown> = {}) => ({
  items,
  customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" },
  delivery: { method: "pickup" },
  paymentMethod: "transfer",
  ...overrides,
});

async function post(payload: unknown, context: object = {}) {
  const response = await ordersRoute.action(
    routeArgs("/api/orders", database, {
      method: "POST",
      body: JSON.stringify(payload),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: live, clientIp: freshIp(), ...context },
    }) as never,
  );
  return { status: response.status, json: (await response.json()) as Answer };
}

const stockOf = async (id: number) => (await db.select().from(books).where(eq(books.id, id)))[0];
const counts = async () => ({
  orders: (await db.select().from(orders)).length,
  mails: (await db.select().from(mailOutbox)).length,
  redemptions: (await db.select().from(discountRedemptions)).length,
});
const orderRow = async (number: string) => (await db.select().from(orders).where(eq(orders.number, number)))[0];
const ctx = () => ({ db, siteUrl: SITE, mercadoPago: live, configuredSecret: null, shopEmail: "tienda@rizoma.test" });

describe("placing an order", () => {
  it("prices on the server (tampered prices ignored): promo price, code first, then 15% transfer, shipping apart", async () => {
    const a = await book({ priceCents: 2_000_000, promotionalPriceCents: 1_500_000 });
    const b = await book({ priceCents: 1_000_000 });
    await db.insert(discountCodes).values({ code: "LECTORES10", discountPercentage: 10 });
    const { status, json } = await post({
      ...body([
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 1 },
      ]),
      delivery: {
        method: "shipping",
        speed: "fast",
        address: "San Martín 100",
        city: "Córdoba",
        province: "X",
        zipCode: "X5000ABC",
      },
      discountCode: "lectores10",
    });
    expect(status).toBe(201);
    // 40.000 subtotal; -10% = 36.000; -15% = 30.600; + fast shipping to Córdoba 11.500.
    expect(json.order).toMatchObject({
      status: "pending_payment",
      subtotal: 40_000,
      discount: 9_400,
      shipping: 11_500,
      total: 42_100,
    });
    expect(json.order.number).toMatch(/^RZ-\d{6}$/);
    expect(json.order.token).toBeTruthy();
    const tampered = await post({ ...body([{ id: b.id, quantity: 1 }]), total: 1, price: 1 });
    expect(tampered.status).toBe(400);
    expect(tampered.json.error).toBe("Campo no permitido: total, price");
    const row = await orderRow(json.order.number);
    expect(row).toMatchObject({ totalCents: 4_210_000, discountCode: "LECTORES10", province: "X" });
    expect((await stockOf(a.id))?.stock).toBe(8);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, ["ana@example.com", "hola@rizoma.com.ar"]));
    expect(mails.map((m) => m.template).sort()).toEqual(["order-placed-shop", "order-received"]);
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
  });

  it("refuses bad input with a Spanish 400 and writes nothing", async () => {
    const ok = await book();
    await db.insert(discountCodes).values([
      { code: "VENCIDO", discountPercentage: 5, validUntil: new Date(Date.now() - 1000) },
      { code: "MINIMO", discountPercentage: 5, minimumAmountCents: 100_000_000 },
    ]);
    const noPrice = await book({ priceCents: null });
    const before = await counts();
    const cases: [unknown, string][] = [
      [body([{ id: 999_999, quantity: 1 }]), "El libro 999999 no existe o ya no está a la venta"],
      [body([{ id: ok.id, quantity: 0 }]), "La cantidad de cada libro debe ser un número entero entre 1 y 99"],
      [
        body([{ id: ok.id, quantity: 1_000_000_000 }]),
        "La cantidad de cada libro debe ser un número entero entre 1 y 99",
      ],
      [body([{ id: ok.id, quantity: 1 }], { discountCode: "NOEXISTE" }), DISCOUNT_MESSAGES.unknown],
      [body([{ id: ok.id, quantity: 1 }], { discountCode: "VENCIDO" }), DISCOUNT_MESSAGES.expired],
      [body([{ id: ok.id, quantity: 1 }], { discountCode: "MINIMO" }), DISCOUNT_MESSAGES.minimum(100_000_000)],
      [
        body([{ id: noPrice.id, quantity: 1 }]),
        `«${noPrice.title}» no tiene precio publicado: consultanos por WhatsApp.`,
      ],
      [body([]), "Tu carrito está vacío"],
      [
        body([{ id: ok.id, quantity: 1 }], {
          delivery: { method: "shipping", address: "A 1", city: "B", province: "X", zipCode: "12" },
        }),
        "El código postal debe ser un CPA (C1425ABC) o de 4 dígitos",
      ],
      [
        body([{ id: ok.id, quantity: 1 }], {
          delivery: { method: "shipping", address: "A 1", city: "B", province: "Ñ", zipCode: "1234" },
        }),
        "Elegí una provincia de la lista",
      ],
      [body([{ id: ok.id, quantity: 1 }], { delivery: { method: "caba" } }), "La dirección es requerida para el envío"],
      [
        body([{ id: ok.id, quantity: 1 }], {
          customer: { firstName: "Ana", lastName: "P", email: "ana@example.com", phone: "123" },
        }),
        "Teléfono inválido",
      ],
      [
        body([{ id: ok.id, quantity: 1 }], { paymentMethod: "bitcoin" }),
        "Elegí cómo pagar: transferencia bancaria o Mercado Pago",
      ],
    ];
    for (const [payload, message] of cases) {
      const { status, json } = await post(payload);
      expect({ status, error: json.error }).toEqual({ status: 400, error: message });
    }
    expect(await counts()).toEqual(before);
    expect((await stockOf(ok.id))?.stock).toBe(10);
  });

  it("answers 409 with the short lines and writes nothing when stock is short", async () => {
    const a = await book({ stock: 1, title: "Escaso" });
    const before = await counts();
    const { status, json } = await post(body([{ id: a.id, quantity: 2 }]));
    expect(status).toBe(409);
    expect(json).toEqual({
      success: false,
      error: "Stock insuficiente",
      items: [{ id: a.id, title: "Escaso", requested: 2, available: 1 }],
    });
    expect(await counts()).toEqual(before);
  });

  it("50 concurrent orders for a book with stock 5: exactly 5 succeed and stock ends at 0", async () => {
    const a = await book({ stock: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => post(body([{ id: a.id, quantity: 1 }]))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(45);
    expect((await stockOf(a.id))?.stock).toBe(0);
    const items = await db.select().from(orderItems).where(eq(orderItems.bookId, a.id));
    expect(items).toHaveLength(5);
  });

  it("50 concurrent orders with a code of maxUses 3: exactly 3 discounted", async () => {
    const a = await book({ stock: 100 });
    await db.insert(discountCodes).values({ code: "TRES", discountAmountCents: 100_000, maxUses: 3 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(body([{ id: a.id, quantity: 1 }], { discountCode: "TRES" }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.every((r) => r.status === 201 || r.status === 409 || r.status === 400)).toBe(true);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "TRES"));
    expect(code?.usedCount).toBe(3);
    expect((await db.select().from(orders).where(eq(orders.discountCode, "TRES"))).length).toBe(3);
    expect((await stockOf(a.id))?.stock).toBe(97);
  });

  it("respects a pre-order's limit and counts pre-orders instead of stock, at the pre-order price", async () => {
    const a = await book({
      stock: 0,
      preorderReleaseDate: "2099-01-01",
      preorderPriceCents: 800_000,
      preorderLimit: 3,
      preorderCount: 1,
    });
    const first = await post(body([{ id: a.id, quantity: 2 }], { paymentMethod: "mercadopago" }));
    expect(first.status).toBe(201);
    expect(first.json.order).toMatchObject({ subtotal: 16_000, total: 16_000 });
    const over = await post(body([{ id: a.id, quantity: 1 }]));
    expect(over.status).toBe(409);
    expect(over.json.items).toEqual([{ id: a.id, title: a.title, requested: 1, available: 0 }]);
    expect(await stockOf(a.id)).toMatchObject({ stock: 0, preorderCount: 3 });
  });

  it("limits orders per IP (a setting)", async () => {
    const a = await book();
    const ip = "10.99.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await post(body([{ id: a.id, quantity: 0 }]), { clientIp: ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("Mercado Pago orders", () => {
  it("creates a Checkout Pro preference for the order (external_reference = number) and answers its init_point", async () => {
    const a = await book();
    const { status, json } = await post(body([{ id: a.id, quantity: 1 }], { paymentMethod: "mercadopago" }));
    expect(status).toBe(201);
    expect(json.order.paymentUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.ar\/checkout/);
    const row = await orderRow(json.order.number);
    const preference = fake.preferences.get(row?.providerPreferenceId ?? "");
    expect(preference).toMatchObject({ external_reference: json.order.number });
    expect(preference?.items[0]?.unit_price).toBe(10_000);
    expect(preference?.back_urls?.success).toContain(`/pedido/${json.order.number}?token=`);
    expect(preference?.notification_url).toBe(`${SITE}/api/webhooks/mercadopago`);
    const request = fake.requests.find((r) => r.path === "/checkout/preferences");
    expect(request?.headers["x-idempotency-key"]).toBeTruthy();
    // "Hasta 3 cuotas sin interés": Checkout Pro must not offer the buyer more instalments than that.
    expect(request?.body).toMatchObject({ payment_methods: { installments: 3 } });
    expect(preference?.payment_methods).toEqual({ installments: 3 });
  });

  it("leaves nothing behind when Mercado Pago fails (no order, no stock taken, no e-mail, no code use)", async () => {
    const a = await book({ stock: 2 });
    await db.insert(discountCodes).values({ code: "FALLA", discountPercentage: 10 });
    const before = await counts();
    fake.failNext(1, 500);
    const { status, json } = await post(
      body([{ id: a.id, quantity: 2 }], { paymentMethod: "mercadopago", discountCode: "FALLA" }),
    );
    expect(status).toBe(502);
    expect(json.error).toBe("No pudimos iniciar el pago con Mercado Pago. Probá de nuevo en unos minutos.");
    expect(await counts()).toEqual(before);
    expect((await stockOf(a.id))?.stock).toBe(2);
  });

  function notify(dataId: string, secret: string | null = MP_WEBHOOK_SECRET) {
    const requestId = randomUUID();
    const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": requestId };
    if (secret) headers["x-signature"] = signNotification(secret, { dataId, requestId });
    return webhookRoute.action(
      routeArgs(`/api/webhooks/mercadopago?data.id=${dataId}&type=payment`, database, {
        method: "POST",
        headers,
        body: JSON.stringify({
          id: 1,
          live_mode: false,
          type: "payment",
          action: "payment.created",
          data: { id: dataId },
        }),
        context: { mercadoPago: live },
      }) as never,
    );
  }

  it("webhook: a forged signature is 401; approved -> paid once under replays; rejected stays pending", async () => {
    const a = await book();
    const { json } = await post(
      body([{ id: a.id, quantity: 1 }], {
        paymentMethod: "mercadopago",
        customer: { firstName: "Eva", lastName: "M", email: "eva@example.com", phone: "+54 9 11 5555-1234" },
      }),
    );
    const row = await orderRow(json.order.number);
    const rejected = fake.pay(row?.providerPreferenceId ?? "", "rejected");
    expect((await notify(rejected)).status).toBe(200);
    expect((await orderRow(json.order.number))?.status).toBe("pending_payment");
    const short = fake.pay(row?.providerPreferenceId ?? "", "approved", 1);
    expect((await notify(short)).status).toBe(200);
    expect((await orderRow(json.order.number))?.status).toBe("pending_payment");
    const approved = fake.pay(row?.providerPreferenceId ?? "");
    expect((await notify(approved, "forged")).status).toBe(401);
    expect((await notify(approved, null)).status).toBe(401);
    expect((await orderRow(json.order.number))?.status).toBe("pending_payment");
    const replies = await Promise.all([notify(approved), notify(approved), notify(approved)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await orderRow(json.order.number)).toMatchObject({ status: "paid", providerPaymentId: approved });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "eva@example.com"))
      .orderBy(mailOutbox.id);
    expect(mails.map((m) => m.template).sort()).toEqual(["order-paid", "order-received-mercadopago"]);
    const events = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row?.id ?? 0))
      .orderBy(orderEvents.id);
    expect(events.map((e) => `${e.fromStatus}->${e.toStatus}:${e.source}`)).toEqual([
      "null->pending_payment:buyer",
      "pending_payment->paid:mercadopago",
    ]);
  });
});

describe("the buyer's order page API", () => {
  it("answers the order with the signed token, and 404 for a wrong or missing one", async () => {
    const a = await book();
    const { json } = await post(body([{ id: a.id, quantity: 1 }]));
    const get = async (query: string) => {
      const response = await orderRoute.loader(
        routeArgs(`/api/orders/${json.order.number}${query}`, database, {
          params: { number: json.order.number },
        }) as never,
      );
      return { status: response.status, json: (await response.json()) as Answer };
    };
    const good = await get(`?token=${json.order.token}`);
    expect(good.status).toBe(200);
    expect(good.json.order).toMatchObject({ number: json.order.number, total: 8_500, status: "pending_payment" });
    expect(good.json.bank.alias).toBeTruthy();
    expect((await get("")).status).toBe(404);
    expect((await get("?token=abc")).status).toBe(404);
  });
});

describe("lifecycle", () => {
  it("confirm -> ship (tracking) -> deliver, each with its event, audit line and e-mail; wrong moves are 409", async () => {
    const a = await book();
    const { json } = await post(
      body([{ id: a.id, quantity: 1 }], {
        customer: { firstName: "Luz", lastName: "G", email: "luz@example.com", phone: "+54 9 11 5555-1234" },
        delivery: { method: "shipping", address: "Mitre 1", city: "Rosario", province: "S", zipCode: "2000" },
      }),
    );
    const number = json.order.number as string;
    await expect(deliverOrder(ctx(), admin, number)).rejects.toThrow(
      "No se puede marcar como entregado un pedido pago pendiente",
    );
    await confirmPayment(ctx(), admin, number);
    await expect(confirmPayment(ctx(), admin, number)).rejects.toThrow(/No se puede confirmar el pago/);
    await expect(shipOrder(ctx(), admin, number, {})).rejects.toThrow("Ingresá el código de seguimiento del envío");
    await shipOrder(ctx(), admin, number, { trackingCode: "AR123456789" });
    await deliverOrder(ctx(), admin, number);
    expect(await orderRow(number)).toMatchObject({ status: "delivered", trackingCode: "AR123456789" });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "luz@example.com"))
      .orderBy(mailOutbox.id);
    expect(mails.map((m) => m.template)).toEqual(["order-received", "order-paid", "order-shipped", "order-delivered"]);
    expect(mails[2]?.text).toContain("AR123456789");
    const audits = await db.select().from(auditLog).where(eq(auditLog.entity, "order"));
    expect(audits.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["order.confirm-payment", "order.ship", "order.deliver"]),
    );
  });

  it("cancel returns stock and pre-order places and releases the code", async () => {
    const a = await book({ stock: 4 });
    const p = await book({ stock: 0, preorderReleaseDate: "2099-01-01", preorderLimit: 10 });
    await db.insert(discountCodes).values({ code: "UNAVEZ", discountPercentage: 10, maxUses: 1 });
    const { json } = await post(
      body(
        [
          { id: a.id, quantity: 3 },
          { id: p.id, quantity: 2 },
        ],
        { discountCode: "UNAVEZ" },
      ),
    );
    expect(await stockOf(a.id)).toMatchObject({ stock: 1 });
    expect(await stockOf(p.id)).toMatchObject({ preorderCount: 2 });
    await expect(cancelOrder(ctx(), admin, json.order.number, { reason: "" })).rejects.toThrow(
      "Escribí el motivo de la cancelación",
    );
    await cancelOrder(ctx(), admin, json.order.number, { reason: "Lo pidió la clienta" });
    expect(await stockOf(a.id)).toMatchObject({ stock: 4 });
    expect(await stockOf(p.id)).toMatchObject({ preorderCount: 0 });
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "UNAVEZ"));
    expect(code?.usedCount).toBe(0);
    await expect(cancelOrder(ctx(), admin, json.order.number, { reason: "otra vez" })).rejects.toThrow(
      /No se puede cancelar/,
    );
    expect(await stockOf(a.id)).toMatchObject({ stock: 4 });
  });

  it("the expiry job cancels unpaid transfer orders past their time, once even when run twice at once", async () => {
    const a = await book({ stock: 3 });
    const { json } = await post(
      body([{ id: a.id, quantity: 2 }], {
        customer: { firstName: "Sol", lastName: "R", email: "sol@example.com", phone: "+54 9 11 5555-1234" },
      }),
    );
    const mp = await post(body([{ id: a.id, quantity: 1 }], { paymentMethod: "mercadopago" }));
    expect(mp.json.error).toBeUndefined();
    expect(await expireTransferOrders(ctx())).toBe(0);
    const later = new Date(Date.now() + 4 * 86_400_000);
    const runs = await Promise.all([expireTransferOrders(ctx(), later), expireTransferOrders(ctx(), later)]);
    expect(runs.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(json.order.number)).toMatchObject({
      status: "cancelled",
      cancelReason: "Venció el plazo para pagar la transferencia",
    });
    expect((await orderRow(mp.json.order.number))?.status).toBe("pending_payment");
    expect((await stockOf(a.id))?.stock).toBe(2);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "sol@example.com"))
      .orderBy(mailOutbox.id);
    expect(mails.map((m) => m.template)).toEqual(["order-received", "order-expired"]);
  });

  it("dashboard figures: pending, this month's sales and discounts", async () => {
    const figures = await orderFigures(db);
    expect(figures.pendingPayment).toBeGreaterThan(0);
    expect(figures.salesThisMonthCents).toBeGreaterThan(0);
    expect(figures.discountThisMonthCents).toBeGreaterThan(0);
  });
});

describe("admin API", () => {
  it("is 401 signed out; lists, shows and moves orders for the admin (409 for a move the status does not allow)", async () => {
    const a = await book();
    const { json } = await post(
      body([{ id: a.id, quantity: 1 }], {
        customer: { firstName: "Api", lastName: "Admin", email: "api@example.com", phone: "+54 9 11 5555-1234" },
      }),
    );
    const number = json.order.number as string;
    const call = async (
      handler: (args: never) => Promise<Response>,
      url: string,
      init: Parameters<typeof routeArgs>[2] = {},
    ) => {
      const response = await handler(routeArgs(url, database, init) as never);
      return { status: response.status, json: (await response.json()) as Answer };
    };
    expect((await call(adminOrdersRoute.loader, "/api/admin/orders")).status).toBe(401);
    const list = await call(adminOrdersRoute.loader, "/api/admin/orders?status=pending_payment&search=api@example", {
      context: { admin },
    });
    expect(list.json.orders.map((o: { number: string }) => o.number)).toEqual([number]);
    const detail = await call(adminOrderRoute.loader, `/api/admin/orders/${number}`, {
      params: { number },
      context: { admin },
    });
    expect(detail.json.order).toMatchObject({ number, customer: { email: "api@example.com" }, total: 8_500 });
    const move = (action: string, payload?: unknown) =>
      call(adminOrderRoute.action, `/api/admin/orders/${number}/${action}`, {
        method: "POST",
        params: { number, action },
        context: { admin },
        ...(payload ? { body: JSON.stringify(payload), headers: { "content-type": "application/json" } } : {}),
      });
    expect((await move("deliver")).status).toBe(409);
    expect((await move("confirm-payment")).json.order).toEqual({ number, status: "paid" });
    expect((await move("ship", { trackingCode: "" })).json.order.status).toBe("shipped");
    expect((await move("cancel", { reason: "tarde" })).status).toBe(409);
  });
});
