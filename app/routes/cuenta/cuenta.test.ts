import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NO_SUCH_SUBSCRIPTION } from "~/domain/accounts/box.server";
import { PROFILE_MESSAGES } from "~/domain/accounts/profile.server";
import { DELIVERY_MESSAGES } from "~/domain/box/delivery-change.server";
import { SUBSCRIBED } from "~/domain/newsletter/newsletter.server";
import { orderSigner } from "~/domain/orders/shared.server";
import {
  boxSubscriptionEvents,
  boxSubscriptions,
  mailOutbox,
  newsletterSubscribers,
  specialOrderReplies,
  specialOrders,
} from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { liveMercadoPago } from "../../../tests/support/mercadopago-link";
import { insertOrder } from "../../../tests/support/order-row";
import { routeArgs } from "../../../tests/support/route-context";
import { boxSubscription } from "../../../tests/support/shop";
import * as subscribeRoute from "../api/caja/subscribe";
import * as pedidoRoute from "../pedido";
import * as cajaRoute from "./caja";
import * as newsletterRoute from "./newsletter";
import * as specialOrdersRoute from "./pedidos-especiales";
import * as perfilRoute from "./perfil";

const { database, db } = await adminTestDatabase();
const { fake, live } = await liveMercadoPago(db, { retries: 1 });
const freshIp = clientIps("10.20");

type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/** Runs a page's loader (GET) or action (POST of `form`) as `email` signed in (null: nobody). */
async function page(mod: Module, url: string, email: string | null, form?: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  const args = routeArgs(url, database, {
    method: form ? "POST" : "GET",
    body: form ? body.toString() : undefined,
    headers: form ? { "content-type": "application/x-www-form-urlencoded" } : undefined,
    context: { customer: email ? { email } : null, mercadoPago: live, clientIp: freshIp() },
  });
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the pages answer many shapes.
    return (await (form ? mod.action : mod.loader)?.(args as never)) as any;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A subscription of `email` that Mercado Pago (the fake) and the shop both hold as active. */
async function activeSubscription(email: string, overrides: Record<string, unknown> = {}) {
  const response = await subscribeRoute.action(
    routeArgs("/api/caja/subscribe", database, {
      method: "POST",
      body: JSON.stringify({ ...boxSubscription, email, ...overrides }),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: live, clientIp: freshIp() },
    }) as never,
  );
  const { id } = (await (response as Response).json()) as { id: number };
  const [row] = await db
    .update(boxSubscriptions)
    .set({ status: "active" })
    .where(eq(boxSubscriptions.id, id))
    .returning();
  if (!row?.providerPreapprovalId) throw new Error("no preapproval");
  fake.authorize(row.providerPreapprovalId);
  return { id, preapprovalId: row.providerPreapprovalId };
}
const statusOf = async (id: number) => (await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id)))[0];

describe("every Mi cuenta page", () => {
  it("sends a visitor who is not signed in to the sign-in page, which comes back", async () => {
    for (const [mod, url] of [
      [cajaRoute, "/cuenta/caja"],
      [perfilRoute, "/cuenta/perfil"],
      [newsletterRoute, "/cuenta/newsletter"],
      [specialOrdersRoute, "/cuenta/pedidos-especiales"],
    ] as const) {
      const answer = (await page(mod, url, null)) as Response;
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/cuenta/ingresar?volver=${encodeURIComponent(url)}`);
    }
    const posted = (await page(cajaRoute, "/cuenta/caja", null, { intent: "pause", id: "1" })) as Response;
    expect(posted.status).toBe(303);
  });
});

describe("/cuenta/caja", () => {
  it("shows only the reader's subscriptions; an empty account gets the way to the box", async () => {
    const mine = await activeSubscription("caja-lista@example.com");
    await activeSubscription("otra-lista@example.com");
    const listed = await page(cajaRoute, "/cuenta/caja", "caja-lista@example.com");
    expect(listed.subscriptions.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    expect(listed.subscriptions[0]).toMatchObject({
      planLabel: "Mensual",
      status: "active",
      delivery: { method: "delivery", address: boxSubscription.address, state: "C" },
    });
    expect((await page(cajaRoute, "/cuenta/caja", "nadie@example.com")).subscriptions).toEqual([]);
  });

  it("pauses and resumes through the subscriber page's function: Mercado Pago, history and the shop's notice", async () => {
    const email = "caja-pausa@example.com";
    const { id, preapprovalId } = await activeSubscription(email);
    const paused = await page(cajaRoute, "/cuenta/caja", email, { intent: "pause", id: String(id) });
    expect(paused).toEqual({ ok: true, id, intent: "pause", message: "Tu suscripción quedó pausada." });
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("paused");
    expect((await statusOf(id))?.status).toBe("paused");

    const resumed = await page(cajaRoute, "/cuenta/caja", email, { intent: "reactivate", id: String(id) });
    expect(resumed.message).toBe("Tu suscripción está activa otra vez.");
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("authorized");
    expect((await statusOf(id))?.status).toBe("active");

    const events = await db.select().from(boxSubscriptionEvents).where(eq(boxSubscriptionEvents.subscriptionId, id));
    expect(events.filter((e) => e.source === "subscriber").map((e) => e.toStatus)).toEqual(["paused", "active"]);
    const notices = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "box-subscriber-changed-shop"));
    expect(notices.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        "Caja Rizoma: Lucía Pérez pausó su suscripción",
        "Caja Rizoma: Lucía Pérez reactivó su suscripción",
      ]),
    );
    // Resuming an active one is refused (the state machine), nothing is sent to Mercado Pago.
    const puts = fake.requests.filter((r) => r.method === "PUT").length;
    const again = await page(cajaRoute, "/cuenta/caja", email, { intent: "reactivate", id: String(id) });
    expect(again.init.status).toBe(409);
    expect(fake.requests.filter((r) => r.method === "PUT").length).toBe(puts);
  });

  it("cancels as the subscriber page does: Mercado Pago told first, so the baja's retry has nothing left", async () => {
    const email = "caja-baja@example.com";
    const { id, preapprovalId } = await activeSubscription(email);
    const cancelled = await page(cajaRoute, "/cuenta/caja", email, { intent: "cancel", id: String(id) });
    expect(cancelled.message).toBe("Tu suscripción quedó cancelada. No se te va a cobrar más.");
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("cancelled");
    expect(await statusOf(id)).toMatchObject({ status: "cancelled", providerCancelledAt: expect.any(Date) });
  });

  it("answers 404 for another person's subscription and changes nothing, here or at Mercado Pago", async () => {
    const theirs = await activeSubscription("ajena@example.com");
    const puts = fake.requests.filter((r) => r.method === "PUT").length;
    const forms: Record<string, string>[] = [
      { intent: "pause", id: String(theirs.id) },
      { intent: "cancel", id: String(theirs.id) },
      { intent: "delivery", id: String(theirs.id), deliveryMethod: "pickup" },
      { intent: "pause", id: "abc" },
    ];
    for (const form of forms) {
      const answer = await page(cajaRoute, "/cuenta/caja", "intrusa@example.com", form);
      expect(answer.init.status).toBe(404);
      expect(answer.data.message).toBe(NO_SUCH_SUBSCRIPTION);
    }
    expect(await statusOf(theirs.id)).toMatchObject({ status: "active", deliveryMethod: "delivery" });
    expect(fake.requests.filter((r) => r.method === "PUT").length).toBe(puts);
  });

  it("changes the delivery when the shipping stays the same, and says why when it would not", async () => {
    const email = "caja-entrega@example.com";
    const { id } = await activeSubscription(email);
    const moved = await page(cajaRoute, "/cuenta/caja", email, {
      intent: "delivery",
      id: String(id),
      deliveryMethod: "delivery",
      address: "Mitre 500",
      city: "Lanús",
      state: "B",
      zipCode: "1824",
    });
    expect(moved.message).toBe(DELIVERY_MESSAGES.done);
    expect(await statusOf(id)).toMatchObject({ address: "Mitre 500", city: "Lanús", state: "B", shippingCents: 0 });

    const far = await page(cajaRoute, "/cuenta/caja", email, {
      intent: "delivery",
      id: String(id),
      deliveryMethod: "delivery",
      address: "San Martín 50",
      city: "Córdoba",
      state: "X",
    });
    expect(far.init.status).toBe(409);
    expect(far.data.message).toMatch(
      /^Con esa entrega el envío es \$\s?[\d.]+ por caja y tu suscripción paga sin cargo/,
    );
    expect(far.data.values.city).toBe("Córdoba");
    expect((await statusOf(id))?.city).toBe("Lanús");

    const missing = await page(cajaRoute, "/cuenta/caja", email, {
      intent: "delivery",
      id: String(id),
      deliveryMethod: "delivery",
      address: "",
    });
    expect(missing.init.status).toBe(400);
    expect(missing.data.fields).toEqual({ address: "Dirección completa es requerida para envío" });

    const pickup = await page(cajaRoute, "/cuenta/caja", email, {
      intent: "delivery",
      id: String(id),
      deliveryMethod: "pickup",
    });
    expect(pickup.ok).toBe(true);
    expect(await statusOf(id)).toMatchObject({ deliveryMethod: "pickup", address: null, pickupLocation: null });
    const notices = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "box-subscriber-changed-shop"));
    expect(notices.some((m) => m.subject === "Caja Rizoma: Lucía Pérez cambió la entrega de su suscripción")).toBe(
      true,
    );
  });
});

describe("/cuenta/perfil", () => {
  it("saves details and addresses with Post/Redirect/Get, and gives field errors back with what was typed", async () => {
    const email = "perfil-ruta@example.com";
    const saved = (await page(perfilRoute, "/cuenta/perfil", email, {
      intent: "details",
      firstName: "Ana",
      lastName: "Pérez",
      phone: "",
    })) as Response;
    expect([saved.status, saved.headers.get("location")]).toEqual([303, "/cuenta/perfil?listo=datos"]);
    const address = { label: "Casa", address: "Thames 100", city: "Palermo", province: "C", zipCode: "C1414AAA" };
    await page(perfilRoute, "/cuenta/perfil", email, { intent: "add", ...address });
    const refused = await page(perfilRoute, "/cuenta/perfil", email, { intent: "add", ...address, zipCode: "abc" });
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "add",
      fields: { zipCode: "El código postal debe ser un CPA (C1425ABC) o de 4 dígitos" },
      values: { zipCode: "abc", label: "Casa" },
    });
    const shown = await page(perfilRoute, "/cuenta/perfil?listo=datos", email);
    expect(shown.done).toBe(PROFILE_MESSAGES.detailsSaved);
    expect(shown.profile).toMatchObject({ firstName: "Ana", addresses: [{ label: "Casa", isDefault: true }] });
    expect(shown.fromOrder).toBeNull();
  });

  it("offers the latest order's details while the profile is empty", async () => {
    const email = "perfil-vacio@example.com";
    const order = await insertOrder(db, { email, firstName: "Rocío" });
    const shown = await page(perfilRoute, "/cuenta/perfil", email);
    expect(shown.fromOrder).toMatchObject({ number: order.number, firstName: "Rocío", address: null });
  });
});

describe("/cuenta/newsletter", () => {
  it("subscribes with the public form's rules, then keeps exactly the ticked topics, then leaves", async () => {
    const email = "lectora@example.com";
    expect((await page(newsletterRoute, "/cuenta/newsletter", email)).newsletter.status).toBeNull();
    const joined = await page(newsletterRoute, "/cuenta/newsletter", email, {
      intent: "save",
      interests: ["poesia", "ensayo"],
    });
    expect(joined).toEqual({ ok: true, message: SUBSCRIBED });
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((m) => m.template)).toEqual([
      "newsletter-welcome",
    ]);

    await page(newsletterRoute, "/cuenta/newsletter", email, { intent: "save", interests: ["teatro"] });
    const row = async () =>
      (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
    expect(await row()).toMatchObject({ status: "active", interests: ["teatro"], source: "account" });

    const unknown = await page(newsletterRoute, "/cuenta/newsletter", email, { intent: "save", interests: ["x"] });
    expect(unknown.init.status).toBe(400);
    expect((await row())?.interests).toEqual(["teatro"]);

    const left = (await page(newsletterRoute, "/cuenta/newsletter", email, { intent: "leave" })) as Response;
    expect(left.headers.get("location")).toBe("/cuenta/newsletter?listo=baja");
    expect((await row())?.status).toBe("unsubscribed");
    expect((await page(newsletterRoute, "/cuenta/newsletter", email)).newsletter.status).toBe("unsubscribed");
  });
});

describe("/cuenta/pedidos-especiales", () => {
  it("lists the reader's special orders with the shop's replies, and nobody else's", async () => {
    const email = "especial@example.com";
    const [mine] = await db
      .insert(specialOrders)
      .values({
        bookTitle: "Rayuela",
        name: "Ana",
        email,
        scope: "national",
        status: "cotizado",
        adminNotes: "interno",
      })
      .returning();
    await db.insert(specialOrders).values({ bookTitle: "Otro", name: "B", email: "b@example.com", scope: "national" });
    await db
      .insert(specialOrderReplies)
      .values({ specialOrderId: mine?.id ?? 0, adminEmail: "libreria@rizoma.com.ar", body: "Sale $20.000" });
    const { specialOrders: listed } = await page(specialOrdersRoute, "/cuenta/pedidos-especiales", email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ bookTitle: "Rayuela", status: "cotizado", replies: [{ body: "Sale $20.000" }] });
    expect(JSON.stringify(listed)).not.toMatch(/interno|libreria@rizoma/);
  });
});

describe("the order page's account box", () => {
  it("offers to save the details to a guest, and 'Ver mis pedidos' to the reader signed in with that email", async () => {
    const order = await insertOrder(db, { email: "guardar@example.com" });
    const token = (await orderSigner({ db, configuredSecret: null, siteUrl: "http://localhost:3000" })).token(
      order.number,
    );
    const url = `/pedido/${order.number}?token=${token}`;
    const asPage = (email: string | null) =>
      pedidoRoute.loader(
        routeArgs(url, database, {
          params: { number: order.number },
          context: { customer: email ? { email } : null },
        }) as never,
      );
    expect((await asPage(null)).account).toEqual({ email: "guardar@example.com", signedIn: false });
    // Signed in with another email: neither (signing in again is the account menu's business).
    expect((await asPage("otra@example.com")).account).toBeNull();
    expect((await asPage("guardar@example.com")).account).toEqual({ email: "guardar@example.com", signedIn: true });
  });
});
