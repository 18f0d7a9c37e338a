import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { EMPTY_FISCAL } from "~/domain/settings/fiscal";
import { books, orders, settings } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as orderPage from "../admin/pedidos/detail";
import * as checkoutPage from "../checkout";
import * as buyerPage from "../pedido";
import * as ordersRoute from "./orders";

/** Issue 19: a buyer asks for a company's invoice at checkout (CUIT and razón social), through the order API. */
const { database, db, admin, call } = await adminTestDatabase();
const freshIp = clientIps("10.19");

async function book() {
  const [row] = await db
    .insert(books)
    .values({ title: `Libro ${randomUUID()}`, slug: `libro-${randomUUID()}`, priceCents: 2_000_000, stock: 10 })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const place = async (customer: Record<string, unknown>) =>
  call(ordersRoute.action, "/api/orders", {
    method: "POST",
    body: JSON.stringify({
      items: [{ id: (await book()).id, quantity: 1 }],
      customer: {
        firstName: "Ana",
        lastName: "Pérez",
        email: "ana@example.com",
        phone: "+54 9 11 5555-1234",
        ...customer,
      },
      delivery: { method: "pickup" },
      paymentMethod: "transfer",
    }),
    headers: { "content-type": "application/json" },
    context: { clientIp: freshIp() },
    asAdmin: false,
  });

async function shopIs(taxCondition: "responsable_inscripto" | "monotributo" | null) {
  const value = { ...EMPTY_FISCAL, taxCondition };
  await db
    .insert(settings)
    .values({ key: "fiscal", value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
  // As every settings writer does after its commit: public pages (the checkout's) show the change.
  await publicPagesChanged(db, "settings");
}

const stored = async (number: string) =>
  (
    await db
      .select({ buyerCuit: orders.buyerCuit, buyerLegalName: orders.buyerLegalName })
      .from(orders)
      .where(eq(orders.number, number))
  )[0];

const orderCount = async () => (await db.select({ id: orders.id }).from(orders)).length;

describe("POST /api/orders with a company's invoice data", () => {
  beforeEach(() => shopIs("responsable_inscripto"));

  it("stores the CUIT normalised and the razón social; shows them on the admin's and the buyer's order pages", async () => {
    const placed = await place({ cuit: "30716543214", legalName: " Librería del Sur SRL " });
    expect(placed.status).toBe(201);
    const { number, token } = placed.body.order;
    expect(await stored(number)).toEqual({ buyerCuit: "30-71654321-4", buyerLegalName: "Librería del Sur SRL" });

    const adminView = await orderPage.loader(
      routeArgs(`/admin/pedidos/${number}`, database, { params: { number }, context: { admin } }) as never,
    );
    expect(adminView.order.invoiceRequest).toEqual({
      label: "Factura A",
      text: "Librería del Sur SRL — 30-71654321-4",
    });

    const buyerView = await buyerPage.loader(
      routeArgs(`/pedido/${number}?token=${token}`, database, { params: { number } }) as never,
    );
    expect(buyerView.invoicing).toEqual({
      request: { label: "Factura A", text: "Librería del Sur SRL — 30-71654321-4" },
      vouchers: [],
      issuing: null,
    });
  });

  it("leaves a final consumer's order without them", async () => {
    const placed = await place({});
    expect(placed.status).toBe(201);
    expect(await stored(placed.body.order.number)).toEqual({ buyerCuit: null, buyerLegalName: null });
    const blank = await place({ cuit: "", legalName: null });
    expect(blank.status).toBe(201);
    expect(await stored(blank.body.order.number)).toEqual({ buyerCuit: null, buyerLegalName: null });
  });

  it("answers 400 with the field's message and writes nothing", async () => {
    const before = await orderCount();
    const cases: [Record<string, unknown>, string][] = [
      [
        { cuit: "30-71654321-5", legalName: "Librería del Sur SRL" },
        "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)",
      ],
      [{ cuit: "30-71654321-4" }, "Completá el CUIT y la razón social para la factura A"],
      [{ legalName: "Librería del Sur SRL" }, "Completá el CUIT y la razón social para la factura A"],
      [{ cuit: "30-71654321-4", legalName: "x".repeat(201) }, "La razón social puede tener hasta 200 caracteres"],
      [
        { cuit: "30-71654321-4", legalName: "Librería del Sur SRL", razonSocial: "x" },
        "Campo no permitido: razonSocial",
      ],
    ];
    for (const [customer, error] of cases) {
      const answer = await place(customer);
      expect(answer.status, error).toBe(400);
      expect(answer.body).toEqual({ success: false, error });
    }
    expect(await orderCount()).toBe(before);
  });

  it("speaks of a company's invoice, not a Factura A, when the shop is not Responsable Inscripto", async () => {
    await shopIs("monotributo");
    const refused = await place({ cuit: "30-71654321-4" });
    expect(refused.body.error).toBe("Completá el CUIT y la razón social para la factura a nombre de la empresa");
    const placed = await place({ cuit: "30-71654321-4", legalName: "Librería del Sur SRL" });
    const { number } = placed.body.order;
    const adminView = await orderPage.loader(
      routeArgs(`/admin/pedidos/${number}`, database, { params: { number }, context: { admin } }) as never,
    );
    expect(adminView.order.invoiceRequest?.label).toBe("Factura a nombre de");
  });

  it("tells the checkout page which words to use", async () => {
    expect((await checkoutPage.loader(routeArgs("/checkout", database) as never)).issuesFacturaA).toBe(true);
    await shopIs(null);
    expect((await checkoutPage.loader(routeArgs("/checkout", database) as never)).issuesFacturaA).toBe(false);
  });
});
