import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_ISSUE_OPTIONS, issueDueInvoices } from "~/domain/invoices/issue.server";
import { updateSection } from "~/domain/settings/settings.server";
import {
  adminUsers,
  books,
  fairSellers,
  fairStock,
  fairs,
  invoices,
  mailOutbox,
  saleItems,
  sales,
  stockMovements,
} from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { memoryArca } from "../../../../tests/support/memory-arca";
import { routeArgs } from "../../../../tests/support/route-context";
import * as receiptRoute from "../../recibo";
import * as receiptPdfRoute from "../../recibo-factura";
import * as salesRoute from "./ventas";
import * as catalogRoute from "./ventas-catalogo";

/**
 * Issue 35: POST /api/admin/ventas records a counter or fair sale, all or nothing; the phone's clientId makes
 * it idempotent (also under a race); the stock leaves the place it was sold from; GET lists the day.
 */
const { database, db, admin, call } = await adminTestDatabase();

async function book(values: Partial<typeof books.$inferInsert> = {}) {
  const [row] = await db
    .insert(books)
    .values({
      title: `Libro ${randomUUID()}`,
      slug: `libro-${randomUUID()}`,
      priceCents: 2_000_000,
      stock: 10,
      ...values,
    })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const sell = (body: unknown, context: object = {}) =>
  call(salesRoute.action, "/api/admin/ventas", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    context,
  });

const stockOf = async (id: number) =>
  (await db.select({ stock: books.stock }).from(books).where(eq(books.id, id)))[0]?.stock;
const saleCount = async () => (await db.select({ id: sales.id }).from(sales)).length;

describe("POST /api/admin/ventas", () => {
  it("sells two books for cash: the sale, its lines, the change, the stock and its movements", async () => {
    const a = await book({ stock: 5 });
    const b = await book({ stock: 3, priceCents: 1_550_000 });
    const clientId = randomUUID();
    const { status, body } = await sell({
      clientId,
      items: [
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 1 },
      ],
      payment: "cash",
      cashReceived: 60_000,
    });
    expect(status).toBe(201);
    expect(body.sale).toMatchObject({
      status: "paid",
      channel: "counter",
      payment: "cash",
      total: 55_500,
      cashReceived: 60_000,
      change: 4_500,
      seller: admin.email,
      flagged: null,
    });
    expect(body.sale.number).toMatch(/^VT-\d{6}$/);
    expect(body.sale.receiptUrl).toMatch(/\/recibo\/VT-\d{6}\?token=/);
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBe(2);
    const moves = await db
      .select({ bookId: stockMovements.bookId, delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(inArray(stockMovements.bookId, [a.id, b.id]));
    expect(moves.sort((x, y) => x.bookId - y.bookId)).toEqual([
      { bookId: a.id, delta: -2, reason: "sale" },
      { bookId: b.id, delta: -1, reason: "sale" },
    ]);
    const listed = await call(salesRoute.loader, "/api/admin/ventas");
    expect(listed.status).toBe(200);
    expect(listed.body.sales.map((sale: { clientId: string }) => sale.clientId)).toContain(clientId);
  });

  it("answers the same sale (200) for the same clientId, without selling again", async () => {
    const a = await book({ stock: 4 });
    const payload = { clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "card" };
    const first = await sell(payload);
    const again = await sell(payload);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.sale.number).toBe(first.body.sale.number);
    expect(await stockOf(a.id)).toBe(3);
  });

  it("settles 20 simultaneous requests with one clientId in the database: one sale, one movement, one invoice", async () => {
    await updateSection(db, admin, "fiscal", {
      legalName: "Rizoma Libros S.R.L.",
      cuit: "30-71654321-4",
      taxCondition: "responsable_inscripto",
      legalAddress: "Thames 1234, CABA",
    });
    await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3, identifyConsumerFrom: 10_000_000 });
    try {
      const a = await book({ stock: 30 });
      const payload = { clientId: randomUUID(), items: [{ id: a.id, quantity: 2 }], payment: "transfer" };
      const answers = await Promise.all(Array.from({ length: 20 }, () => sell(payload)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(answers.map((answer) => answer.body.sale.number)).size).toBe(1);
      const [sale] = await db.select().from(sales).where(eq(sales.clientId, payload.clientId));
      if (!sale) throw new Error("no sale");
      expect(await stockOf(a.id)).toBe(28);
      expect(await db.select().from(stockMovements).where(eq(stockMovements.saleId, sale.id))).toHaveLength(1);
      const vouchers = await db.select().from(invoices).where(eq(invoices.saleId, sale.id));
      expect(vouchers).toHaveLength(1);
      expect(vouchers[0]).toMatchObject({ voucherType: 6, receiverDocType: 99, totalCents: 4_000_000 });
    } finally {
      await updateSection(db, admin, "invoicing", {
        enabled: false,
        pointOfSale: null,
        identifyConsumerFrom: 10_000_000,
      });
    }
  });

  it("records a price different from the book's, line and whole-sale discounts, and their fiscal amounts", async () => {
    const a = await book({ priceCents: 2_000_000 });
    const b = await book({ priceCents: 1_000_000 });
    const { status, body } = await sell({
      clientId: randomUUID(),
      items: [
        { id: a.id, quantity: 1, price: 25_000 },
        { id: b.id, quantity: 2, discountPercent: 10 },
      ],
      discountPercent: 5,
      payment: "transfer",
    });
    expect(status).toBe(201);
    // 25.000 + (20.000 − 10%) = 43.000; − 5% = 40.850.
    expect(body.sale).toMatchObject({ subtotal: 43_000, discountPercent: 5, discount: 2_150, total: 40_850 });
    expect(body.sale.items[0]).toMatchObject({ price: 25_000, listPrice: 20_000 });
    const lines = await db
      .select()
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(eq(sales.number, body.sale.number));
    expect(lines.reduce((sum, line) => sum + line.sale_items.lineTotalCents, 0)).toBe(4_085_000);
  });

  it("keeps a sale beyond the stock the system had (the book left the table), flags it, and stops the stock at zero", async () => {
    const a = await book({ stock: 1 });
    const { status, body } = await sell({
      clientId: randomUUID(),
      items: [{ id: a.id, quantity: 3 }],
      payment: "cash",
      offline: true,
    });
    expect(status).toBe(201);
    expect(body.sale.flagged).toEqual([{ bookId: a.id, title: a.title, requested: 3, available: 1 }]);
    expect(body.sale.offline).toBe(true);
    expect(await stockOf(a.id)).toBe(0);
  });

  it("sells from a fair's own stock, with the fair's discount, never from the shop's", async () => {
    const a = await book({ stock: 7 });
    const [fair] = await db
      .insert(fairs)
      .values({
        name: "FED 2026",
        place: "Centro Cultural",
        startsOn: "2026-11-28",
        endsOn: "2026-11-30",
        discountPercent: 10,
        status: "open",
      })
      .returning();
    if (!fair) throw new Error("no fair");
    await db.insert(fairStock).values({ fairId: fair.id, bookId: a.id, quantity: 4, sentQuantity: 4 });
    const { status, body } = await sell({
      clientId: randomUUID(),
      items: [{ id: a.id, quantity: 2 }],
      payment: "cash",
      fairId: fair.id,
    });
    expect(status).toBe(201);
    expect(body.sale).toMatchObject({ channel: "fair", fairId: fair.id, discountPercent: 10, total: 36_000 });
    expect(await stockOf(a.id)).toBe(7);
    const [held] = await db
      .select()
      .from(fairStock)
      .where(and(eq(fairStock.fairId, fair.id), eq(fairStock.bookId, a.id)));
    expect(held?.quantity).toBe(2);

    const snapshot = await call(catalogRoute.loader, `/api/admin/ventas/catalogo?fairId=${fair.id}`);
    expect(snapshot.body.books.find((row: { id: number }) => row.id === a.id)).toMatchObject({
      stock: 2,
      price: 20_000,
    });

    // A staff member who is not among the fair's sellers may not sell there; a closed fair takes no new sales.
    const [other] = await db
      .insert(adminUsers)
      .values({ id: 2, email: "vendedora@rizoma.test", passwordHash: "x", role: "staff" })
      .returning();
    if (!other) throw new Error("no admin");
    await db.insert(fairSellers).values({ fairId: fair.id, adminId: admin.id });
    const staff = { id: other.id, email: other.email, role: "staff" as const };
    const refused = await sell(
      { clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "cash", fairId: fair.id },
      { admin: staff },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/vendedores de esa feria/);
    await db.update(fairs).set({ status: "closed", closedAt: new Date() }).where(eq(fairs.id, fair.id));
    const closed = await sell({
      clientId: randomUUID(),
      items: [{ id: a.id, quantity: 1 }],
      payment: "cash",
      fairId: fair.id,
    });
    expect(closed.status).toBe(400);
    expect(closed.body.error).toBe("Esa feria ya cerró: la venta no se puede cargar en ella");
  });

  it("refuses hostile or broken input with a 400 in Spanish and writes nothing", async () => {
    const a = await book({ stock: 5 });
    const good = { clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "cash" };
    const cases: [unknown, RegExp][] = [
      [{ ...good, clientId: undefined }, /clientId/],
      [{ ...good, clientId: "no-es-un-uuid" }, /UUID/],
      [{ ...good, items: [] }, /al menos un libro/],
      [{ ...good, items: [{ id: a.id, quantity: 0 }] }, /cantidad/],
      [{ ...good, items: [{ id: a.id, quantity: 1.5 }] }, /cantidad/],
      [{ ...good, items: [{ id: 999_999, quantity: 1 }] }, /no existe/],
      [{ ...good, items: [{ id: a.id, quantity: 1, price: -1 }] }, /precio/],
      [{ ...good, items: [{ id: a.id, quantity: 1, price: 10.001 }] }, /precio/],
      [{ ...good, discountPercent: 150 }, /porcentaje/],
      [{ ...good, payment: "bitcoin" }, /efectivo, transferencia/],
      [{ ...good, customer: { cuit: "20-12345678-0", legalName: "Ana SA", taxCondition: "monotributo" } }, /CUIT/],
      [{ ...good, customer: { email: "no-es-un-mail" } }, /e-mail/],
      [{ ...good, soldAt: new Date(Date.now() + 86_400_000).toISOString() }, /futuro/],
      [{ ...good, soldAt: "ayer" }, /fecha/],
      [{ ...good, payment: "mercadopago_qr", offline: true }, /necesita conexión/],
      [{ ...good, cashReceived: 1 }, /no alcanza/],
      [{ ...good, hack: "'; drop table sales;--" }, /.+/],
    ];
    const before = await saleCount();
    for (const [payload, message] of cases) {
      const { status, body } = await sell(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.success).toBe(false);
      expect(body.error).toMatch(message);
    }
    expect(await saleCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(5);
    const notJson = await call(salesRoute.action, "/api/admin/ventas", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });

  it("asks for a DNI or CUIL above ARCA's identification threshold when invoicing is on, and invoices a CUIT as Factura A", async () => {
    await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3, identifyConsumerFrom: 30_000 });
    try {
      const a = await book({ priceCents: 2_000_000 });
      const refused = await sell({ clientId: randomUUID(), items: [{ id: a.id, quantity: 2 }], payment: "card" });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/DNI o CUIL/);
      const named = await sell({
        clientId: randomUUID(),
        items: [{ id: a.id, quantity: 2 }],
        payment: "card",
        customer: { document: "30.123.456", email: "Lector@Example.com" },
      });
      expect(named.status).toBe(201);
      const company = await sell({
        clientId: randomUUID(),
        items: [{ id: a.id, quantity: 1 }],
        payment: "transfer",
        customer: {
          cuit: "30-71654321-4",
          legalName: "Biblioteca Popular S.A.",
          taxCondition: "responsable_inscripto",
        },
      });
      expect(company.status).toBe(201);
      const [namedVoucher] = await db
        .select()
        .from(invoices)
        .innerJoin(sales, eq(sales.id, invoices.saleId))
        .where(eq(sales.number, named.body.sale.number));
      expect(namedVoucher?.invoices).toMatchObject({
        receiverDocType: 96,
        receiverDocNumber: "30123456",
        receiverEmail: "lector@example.com",
      });
      const [companyVoucher] = await db
        .select()
        .from(invoices)
        .innerJoin(sales, eq(sales.id, invoices.saleId))
        .where(eq(sales.number, company.body.sale.number));
      expect(companyVoucher?.invoices).toMatchObject({
        voucherType: 1,
        receiverDocType: 80,
        receiverName: "Biblioteca Popular S.A.",
      });
      // The buyer who gave an e-mail gets the receipt, with the link to its page.
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, "lector@example.com"), eq(mailOutbox.template, "sale-receipt")));
      expect(mail?.subject).toBe(`Tu compra en Rizoma: comprobante ${named.body.sale.number}`);
      expect(mail?.text).toContain(named.body.sale.receiptUrl);
    } finally {
      await updateSection(db, admin, "invoicing", {
        enabled: false,
        pointOfSale: null,
        identifyConsumerFrom: 10_000_000,
      });
    }
  });

  it("needs a signed-in admin", async () => {
    const { status, body } = await call(salesRoute.action, "/api/admin/ventas", {
      method: "POST",
      body: JSON.stringify({}),
      headers: { "content-type": "application/json" },
      asAdmin: false,
    });
    expect(status).toBe(401);
    expect(body.error).toBe("Necesitás iniciar sesión como administrador");
  });
});

describe("/recibo/{number}", () => {
  it("shows the receipt to whoever holds its signed link, and the same 404 to anyone else", async () => {
    const a = await book({ title: "Los sorias" });
    const { body } = await sell({ clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "cash" });
    const url = new URL(body.sale.receiptUrl);
    const page = await receiptRoute.loader(
      routeArgs(`${url.pathname}${url.search}`, database, { params: { number: body.sale.number } }) as never,
    );
    expect(page).toMatchObject({
      number: body.sale.number,
      totalCents: 2_000_000,
      place: "Mostrador de la librería",
      payment: "Efectivo",
    });
    expect(page.items.map((item: { title: string }) => item.title)).toEqual(["Los sorias"]);
    for (const token of ["", "x", url.searchParams.get("token")?.replace(/.$/, "A")]) {
      const refused = await receiptRoute
        .loader(
          routeArgs(`/recibo/${body.sale.number}?token=${token}`, database, {
            params: { number: body.sale.number },
          }) as never,
        )
        .catch((error: { init?: { status: number } }) => error);
      expect((refused as { init?: { status: number } }).init?.status).toBe(404);
    }
  });

  it("lists the sale's invoice once ARCA authorised it, downloadable with the receipt's own signature", async () => {
    await updateSection(db, admin, "fiscal", {
      legalName: "Rizoma Libros S.R.L.",
      cuit: "30-71654321-4",
      taxCondition: "monotributo",
      legalAddress: "Thames 1234, CABA",
    });
    await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3, identifyConsumerFrom: 10_000_000 });
    try {
      const a = await book({ title: "Zama" });
      const { body } = await sell({ clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "cash" });
      const url = new URL(body.sale.receiptUrl);
      const args = (path: string, params: Record<string, string>) => routeArgs(path, database, { params }) as never;
      const waiting = await receiptRoute.loader(args(`${url.pathname}${url.search}`, { number: body.sale.number }));
      expect(waiting.invoicing.vouchers).toEqual([]);
      expect(waiting.invoicing.issuing).toBe(
        "Estamos emitiendo la factura: aparece en esta página apenas ARCA la autoriza.",
      );

      await db
        .update(invoices)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(invoices.status, "pending"));
      await issueDueInvoices({ db, arca: memoryArca().api }, { ...DEFAULT_ISSUE_OPTIONS, retryBaseMs: 0 });
      const issued = await receiptRoute.loader(args(`${url.pathname}${url.search}`, { number: body.sale.number }));
      expect(issued.invoicing.issuing).toBeNull();
      const [voucher] = issued.invoicing.vouchers;
      expect(voucher?.title).toMatch(/^Factura C 00003-\d{8}$/);
      const link = new URL(voucher?.url ?? "");
      const pdf = await receiptPdfRoute.loader(
        args(`${link.pathname}${link.search}`, { number: body.sale.number, invoiceId: String(voucher?.id) }),
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      const refused = await receiptPdfRoute.loader(
        args(`${link.pathname}?token=otro`, { number: body.sale.number, invoiceId: String(voucher?.id) }),
      );
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain("No encontramos esa factura");
    } finally {
      await updateSection(db, admin, "invoicing", {
        enabled: false,
        pointOfSale: null,
        identifyConsumerFrom: 10_000_000,
      });
    }
  });
});
