import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TERMS } from "~/domain/legal/terms.server";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import { getSection } from "~/domain/settings/settings.server";
import { books, mailOutbox, orders, settings } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import * as adminOrderRoute from "./admin/order";
import * as settingsRoute from "./admin/settings-section";
import * as ordersRoute from "./orders";

/** Issue 18: the order keeps the terms the buyer accepted; the transfer discount is the shop's setting. */
const { db, call } = await adminTestDatabase();
const freshIp = clientIps("10.18");

async function book(priceCents: number) {
  const [row] = await db
    .insert(books)
    .values({ title: `Libro ${randomUUID()}`, slug: `libro-${randomUUID()}`, priceCents, stock: 10 })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const place = (items: { id: number; quantity: number }[], paymentMethod = "transfer") =>
  call(ordersRoute.action, "/api/orders", {
    method: "POST",
    body: JSON.stringify({
      items,
      customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" },
      delivery: { method: "pickup" },
      paymentMethod,
    }),
    headers: { "content-type": "application/json" },
    context: { clientIp: freshIp() },
    asAdmin: false,
  });

const saveBank = (bank: unknown) =>
  call(settingsRoute.action, "/api/admin/settings/bank", {
    method: "PUT",
    params: { section: "bank" },
    body: JSON.stringify(bank),
    headers: { "content-type": "application/json" },
  });

const adminOrder = (number: string) =>
  call(adminOrderRoute.loader, `/api/admin/orders/${number}`, { params: { number } });

const buyerMail = async (orderNumber: string) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "ana@example.com"), eq(mailOutbox.template, "order-received")))
  ).find((mail) => mail.subject.includes(orderNumber));

describe("terms accepted with an order", () => {
  it("stores the version and the full hash of the terms in force, names them in the e-mail and the APIs", async () => {
    const { id } = await book(2_000_000);
    const { status, body } = await place([{ id, quantity: 1 }]);
    expect(status).toBe(201);
    const [row] = await db.select().from(orders).where(eq(orders.number, body.order.number));
    expect(row).toMatchObject({ termsVersion: TERMS.version, termsHash: TERMS.hash });
    expect(row?.termsHash).toMatch(/^[0-9a-f]{64}$/);

    const mail = await buyerMail(body.order.number);
    const accepted = `Aceptaste los Términos y condiciones, versión ${TERMS.label}`;
    expect(TERMS.label).toMatch(/^del \d{1,2} de [a-z]+ de \d{4}$/);
    // The link names the version: the text the buyer accepted stays readable after the terms change.
    expect(mail?.text).toContain(`${accepted}: http://localhost:3000/terminos?version=${TERMS.version}`);
    expect(mail?.html).toContain(accepted);
    expect(mail?.html).toContain(`href="http://localhost:3000/terminos?version=${TERMS.version}"`);
    // Ley 24.240 art. 34, CCyC art. 1111: the order's letter tells the buyer, at its top, they may revoke
    // it for free, and how: the button's link.
    const withdrawal = `http://localhost:3000/arrepentimiento?pedido=${body.order.number}`;
    expect(mail?.text).toContain(
      "Tenés 10 días para arrepentirte de tu compra. Podés arrepentirte sin costo ni explicaciones dentro de los 10 días corridos desde que recibís el pedido.",
    );
    expect(mail?.text.indexOf("Tenés 10 días")).toBeLessThan(mail?.text.indexOf("Gracias por tu compra") ?? 0);
    expect(mail?.text).toContain(withdrawal);
    expect(mail?.html).toContain(`href="${withdrawal}"`);

    const detail = await adminOrder(body.order.number);
    expect(detail.body.order.terms).toEqual({ version: TERMS.version, hash: TERMS.hash });
    expect(detail.body.order.transferDiscountPercent).toBe(15);
  });
});

describe("the transfer discount setting", () => {
  it("prices transfer orders with the saved percent, and names that percent in the buyer's e-mail", async () => {
    const { id } = await book(2_000_000);
    expect((await saveBank({ ...DEFAULT_SETTINGS.bank, transferDiscountPercent: 10 })).status).toBe(200);
    try {
      const { status, body } = await place([{ id, quantity: 1 }]);
      expect(status).toBe(201);
      expect(body.order).toMatchObject({ subtotal: 20_000, discount: 2_000, total: 18_000 });
      expect((await adminOrder(body.order.number)).body.order.transferDiscountPercent).toBe(10);
      expect((await buyerMail(body.order.number))?.text).toContain("con el 10% de descuento por transferencia");

      // 0%: a transfer takes nothing off, and the e-mail does not speak of a discount.
      expect((await saveBank({ ...DEFAULT_SETTINGS.bank, transferDiscountPercent: 0 })).status).toBe(200);
      const none = await place([{ id, quantity: 1 }]);
      expect(none.body.order).toMatchObject({ subtotal: 20_000, discount: 0, total: 20_000 });
      const mail = await buyerMail(none.body.order.number);
      expect(mail?.text).toContain(`Tu pedido ${none.body.order.number} quedó registrado.`);
      expect(mail?.text).not.toContain("descuento");
      expect((await adminOrder(none.body.order.number)).body.order.transferDiscountPercent).toBeNull();
    } finally {
      await saveBank(DEFAULT_SETTINGS.bank);
    }
    expect((await getSection(db, "bank")).transferDiscountPercent).toBe(15);
  });

  it("refuses a percent outside 0 to 50 with a Spanish message, and keeps the stored one", async () => {
    for (const [value, message] of [
      [51, "Descuento por transferencia: el máximo es 50"],
      [-5, "Descuento por transferencia: el mínimo es 0"],
      [7.5, "Descuento por transferencia: ingresá un número entero"],
    ] as const) {
      const { status, body } = await saveBank({ ...DEFAULT_SETTINGS.bank, transferDiscountPercent: value });
      expect(status, String(value)).toBe(400);
      expect(JSON.stringify(body)).toContain(message);
    }
    expect((await getSection(db, "bank")).transferDiscountPercent).toBe(15);
  });

  it("reads 15 for a bank section saved before the setting existed", async () => {
    const { transferDiscountPercent: _, ...older } = DEFAULT_SETTINGS.bank;
    await db
      .insert(settings)
      .values({ key: "bank", value: older })
      .onConflictDoUpdate({ target: settings.key, set: { value: older } });
    expect((await getSection(db, "bank")).transferDiscountPercent).toBe(15);
  });
});
