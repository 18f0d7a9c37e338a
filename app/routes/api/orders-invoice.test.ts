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
      .select({
        buyerCuit: orders.buyerCuit,
        buyerLegalName: orders.buyerLegalName,
        buyerTaxCondition: orders.buyerTaxCondition,
        buyerDocument: orders.buyerDocument,
      })
      .from(orders)
      .where(eq(orders.number, number))
  )[0];

const orderCount = async () => (await db.select({ id: orders.id }).from(orders)).length;

describe("POST /api/orders with a company's invoice data", () => {
  beforeEach(() => shopIs("responsable_inscripto"));

  it("stores the CUIT normalised, the razón social and the condition; shows them on the admin's and the buyer's order pages", async () => {
    const placed = await place({
      cuit: "30716543214",
      legalName: " Librería del Sur SRL ",
      taxCondition: "responsable_inscripto",
    });
    expect(placed.status).toBe(201);
    const { number, token } = placed.body.order;
    expect(await stored(number)).toEqual({
      buyerCuit: "30-71654321-4",
      buyerLegalName: "Librería del Sur SRL",
      buyerTaxCondition: "responsable_inscripto",
      buyerDocument: null,
    });

    const adminView = await orderPage.loader(
      routeArgs(`/admin/pedidos/${number}`, database, { params: { number }, context: { admin } }) as never,
    );
    expect(adminView.order.invoiceRequest).toEqual({
      label: "Factura A",
      text: "Librería del Sur SRL — 30-71654321-4 — Responsable inscripto",
    });

    const buyerView = await buyerPage.loader(
      routeArgs(`/pedido/${number}?token=${token}`, database, { params: { number } }) as never,
    );
    expect(buyerView.invoicing).toEqual({
      request: { label: "Factura A", text: "Librería del Sur SRL — 30-71654321-4 — Responsable inscripto" },
      vouchers: [],
      issuing: null,
    });
  });

  it("leaves a final consumer's order without them", async () => {
    const placed = await place({});
    expect(placed.status).toBe(201);
    const none = { buyerCuit: null, buyerLegalName: null, buyerTaxCondition: null, buyerDocument: null };
    expect(await stored(placed.body.order.number)).toEqual(none);
    const blank = await place({ cuit: "", legalName: null, taxCondition: "", document: " " });
    expect(blank.status).toBe(201);
    expect(await stored(blank.body.order.number)).toEqual(none);
  });

  it("answers 400 with the field's message and writes nothing", async () => {
    const before = await orderCount();
    const company = { cuit: "30-71654321-4", legalName: "Librería del Sur SRL" };
    const pair = "Completá el CUIT y la razón social para la factura a nombre de la empresa o institución";
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...company, cuit: "30-71654321-5", taxCondition: "exento" },
        "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)",
      ],
      [{ cuit: "30-71654321-4", taxCondition: "exento" }, pair],
      [{ legalName: "Librería del Sur SRL" }, pair],
      [
        { ...company, legalName: "x".repeat(201), taxCondition: "exento" },
        "La razón social puede tener hasta 200 caracteres",
      ],
      [{ ...company, taxCondition: "exento", razonSocial: "x" }, "Campo no permitido: razonSocial"],
      // Issue 32: the condition goes with the CUIT, one of three values.
      [
        company,
        "Elegí la condición frente al IVA de la empresa o institución: responsable inscripto, monotributo o exento",
      ],
      [
        { taxCondition: "monotributo" },
        "La condición frente al IVA va con el CUIT: cargá el CUIT y la razón social, o no la mandes",
      ],
      [
        { ...company, taxCondition: "Responsable Inscripto" },
        "La condición frente al IVA debe ser responsable_inscripto, monotributo o exento",
      ],
      [
        { ...company, taxCondition: 1 },
        "La condición frente al IVA debe ser responsable_inscripto, monotributo o exento",
      ],
      // A final consumer's DNI (7-8 digits) or CUIL (11, check digit).
      [{ document: "123456" }, "El DNI o CUIL no es válido: el DNI tiene 7 u 8 dígitos y el CUIL 11 (XX-XXXXXXXX-X)"],
      [
        { document: "20-26756539-4" },
        "El DNI o CUIL no es válido: el DNI tiene 7 u 8 dígitos y el CUIL 11 (XX-XXXXXXXX-X)",
      ],
      [
        { ...company, taxCondition: "exento", document: "30123456" },
        "El DNI o CUIL es para una compra como consumidor final: con el CUIT de la empresa no va",
      ],
    ];
    for (const [customer, error] of cases) {
      const answer = await place(customer);
      expect(answer.status, error).toBe(400);
      expect(answer.body).toEqual({ success: false, error });
    }
    expect(await orderCount()).toBe(before);
  });

  it("labels the request with the letter the condition gets, and only the company's name when the shop is not Responsable Inscripto", async () => {
    const label = async (taxCondition: string) => {
      const placed = await place({ cuit: "30-71654321-4", legalName: "Escuela N° 5", taxCondition });
      const { number } = placed.body.order;
      const adminView = await orderPage.loader(
        routeArgs(`/admin/pedidos/${number}`, database, { params: { number }, context: { admin } }) as never,
      );
      return adminView.order.invoiceRequest;
    };
    expect(await label("exento")).toEqual({ label: "Factura B", text: "Escuela N° 5 — 30-71654321-4 — Exento" });
    expect((await label("monotributo"))?.label).toBe("Factura A");
    await shopIs("monotributo");
    expect(await label("monotributo")).toEqual({
      label: "Factura a nombre de",
      text: "Escuela N° 5 — 30-71654321-4 — Monotributo",
    });
  });

  it("tells the checkout page which words to use and ARCA's identification threshold", async () => {
    const loaded = await checkoutPage.loader(routeArgs("/checkout", database) as never);
    expect(loaded.issuesFacturaA).toBe(true);
    expect(loaded.identifyConsumerFrom).toBe(10_000_000);
    await shopIs(null);
    expect((await checkoutPage.loader(routeArgs("/checkout", database) as never)).issuesFacturaA).toBe(false);
  });
});

describe("POST /api/orders above ARCA's identification threshold (RG 5700/2025)", () => {
  // Each book costs $ 20.000: against a $ 15.000 threshold, one book reaches it (even with the transfer discount).
  beforeEach(async () => {
    await shopIs("responsable_inscripto");
    const value = { enabled: false, pointOfSale: null, identifyConsumerFrom: 15_000 };
    await db
      .insert(settings)
      .values({ key: "invoicing", value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  });

  it("refuses a final consumer without DNI or CUIL (400, Spanish, nothing written), on the server's total", async () => {
    const before = await orderCount();
    const refused = await place({});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      error: "Para compras desde $\u00a015.000 ARCA pide identificar al comprador: cargá tu DNI o CUIL",
      field: "document",
    });
    expect(await orderCount()).toBe(before);
  });

  it("stores the DNI or CUIL as digits, and needs none from a buyer with a CUIT", async () => {
    const dni = await place({ document: "30.123.456" });
    expect(dni.status).toBe(201);
    expect((await stored(dni.body.order.number))?.buyerDocument).toBe("30123456");
    const cuil = await place({ document: "20 26756539 3" });
    expect((await stored(cuil.body.order.number))?.buyerDocument).toBe("20267565393");
    const company = await place({ cuit: "30-71654321-4", legalName: "Escuela N° 5", taxCondition: "exento" });
    expect(company.status).toBe(201);
  });

  it("reads an invoicing setting stored before the threshold existed as $ 10.000.000", async () => {
    const value = { enabled: false, pointOfSale: null };
    await db.update(settings).set({ value }).where(eq(settings.key, "invoicing"));
    expect((await place({})).status).toBe(201);
  });
});
