import { beforeAll, describe, expect, it } from "vitest";
import { exportCustomerData } from "~/domain/accounts/data-export.server";
import { deleteAccount } from "~/domain/accounts/delete.server";
import { customerPurchases } from "~/domain/accounts/purchases.server";
import { listCustomers } from "~/domain/customers/admin.server";
import { customerDetail } from "~/domain/customers/detail.server";
import { saleSigner } from "~/domain/sales/receipt.server";
import { books, fairs } from "~db/schema";
import { adminTestDatabase } from "../../tests/support/admin-database";
import { insertOrder } from "../../tests/support/order-row";
import { routeArgs } from "../../tests/support/route-context";
import { recordTestSale } from "../../tests/support/sale-fixtures";
import * as customerPage from "./admin/clientes/detail";
import * as apiOrders from "./api/cuenta-pedidos";
import * as accountOrders from "./cuenta/pedidos";

/*
 * "A sale is a sale" in a person's history (issue 35): counter and fair sales made with an e-mail appear in
 * /admin/clientes and in the buyer's Mi cuenta, linked to their receipts. In pesos:
 *   ana   online order 10.000 (paid), and a paid fair sale 8.000 at "Feria de Editores"
 *   lucía a paid counter sale 12.000 (with a CUIT and legal name for a Factura A), and a QR sale 6.000 still waiting
 *   a counter sale with no e-mail belongs to nobody's history.
 */
const { database, db, admin, call } = await adminTestDatabase();
const c = (pesos: number) => pesos * 100;
const numbers: Record<string, string> = {};

beforeAll(async () => {
  const [book] = await db
    .insert(books)
    .values({ title: "Zama", slug: "zama", author: "Antonio Di Benedetto", priceCents: c(12_000), stock: 20 })
    .returning();
  const [fair] = await db
    .insert(fairs)
    .values({ name: "Feria de Editores", startsOn: "2026-08-01", endsOn: "2026-08-03", status: "open" })
    .returning();
  if (!book || !fair) throw new Error("fixtures");
  await insertOrder(db, {
    status: "paid",
    totalCents: c(10_000),
    paidAt: new Date("2026-07-10T15:00:00-03:00"),
    createdAt: new Date("2026-07-10T14:00:00-03:00"),
  });
  const sale = async (key: string, at: string, body: Parameters<typeof recordTestSale>[3]) => {
    numbers[key] = (await recordTestSale(database, admin, at, body)).sale.number;
  };
  await sale("fair", "2026-08-02T17:00", {
    fairId: fair.id,
    customer: { email: "Ana@Example.com" },
    items: [{ id: book.id, quantity: 1, price: 8_000 }],
  });
  await sale("counter", "2026-09-01T11:00", {
    customer: {
      email: "lucia@example.com",
      cuit: "20-12345678-6",
      legalName: "Lucía Gómez",
      taxCondition: "monotributo",
    },
    items: [{ id: book.id, quantity: 1 }],
  });
  await sale("qr", "2026-09-05T11:00", {
    payment: "mercadopago_qr",
    customer: { email: "lucia@example.com" },
    items: [{ id: book.id, quantity: 1, price: 6_000 }],
  });
  await sale("anonymous", "2026-09-06T11:00", { items: [{ id: book.id, quantity: 1 }] });
});

describe("/admin/clientes", () => {
  it("lists the buyers of counter and fair sales, adding their paid sales to what they spent", async () => {
    const { customers, total } = await listCustomers(db);
    expect(total).toBe(2);
    expect(customers.map((row) => [row.email, row.name, row.orders, row.inPersonSales, row.totalSpentCents])).toEqual([
      // Lucía: the counter sale's 12.000; the QR sale is still waiting for its payment. The CUIT's legal name
      // is the invoice's receiver, not a name to call her by.
      ["lucia@example.com", null, 0, 2, c(12_000)],
      // Ana: the order's 10.000 and the fair's 8.000.
      ["ana@example.com", "Ana Pérez", 1, 1, c(18_000)],
    ]);
    expect((await listCustomers(db, { q: "lucia@" })).customers.map((row) => row.email)).toEqual(["lucia@example.com"]);
  });

  it("shows the person's purchases at the counter and at fairs, each linked to its receipt", async () => {
    const detail = await customerDetail(db, "lucia@example.com");
    expect(detail.inPersonSales.map((sale) => [sale.number, sale.channel, sale.status, sale.totalCents])).toEqual([
      [numbers.qr, "counter", "pending_payment", c(6_000)],
      [numbers.counter, "counter", "paid", c(12_000)],
    ]);
    const page = await customerPage.loader(
      routeArgs("/admin/clientes/ana%40example.com", database, {
        params: { email: "ana@example.com" },
        context: { admin },
      }) as never,
    );
    expect(page.inPersonSales).toEqual([
      expect.objectContaining({
        number: numbers.fair,
        channel: "fair",
        fairName: "Feria de Editores",
        receiptUrl: expect.stringMatching(new RegExp(`^/recibo/${numbers.fair}\\?token=[\\w-]+$`)),
      }),
    ]);
  });
});

describe("Mi cuenta", () => {
  it("lists the buyer's counter and fair purchases among the orders, newest first, linked to their receipts", async () => {
    expect(
      (await customerPurchases(db, "ana@example.com")).map((row) => [row.number, row.fairName, row.units]),
    ).toEqual([[numbers.fair, "Feria de Editores", 1]]);
    const page = await accountOrders.loader(
      routeArgs("/cuenta", database, { context: { customer: { email: "ana@example.com" } } }) as never,
    );
    expect(page.entries.map((entry) => (entry.kind === "order" ? entry.order.number : entry.purchase.number))).toEqual([
      numbers.fair,
      expect.stringMatching(/^RZ-/),
    ]);
    const purchase = page.entries[0];
    expect(purchase?.kind === "purchase" && purchase.purchase.receiptPath).toMatch(
      new RegExp(`^/recibo/${numbers.fair}\\?token=`),
    );
  });

  it("answers the purchases in GET /api/cuenta/pedidos, with the receipt's full address", async () => {
    const { status, body } = await call(apiOrders.loader, "/api/cuenta/pedidos", {
      asAdmin: false,
      context: { customer: { email: "lucia@example.com" } },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      orders: [],
      purchases: [
        {
          number: numbers.qr,
          place: "counter",
          fair: null,
          status: "pending_payment",
          total: 6_000,
          soldAt: "2026-09-05T14:00:00.000Z",
          receiptUrl: expect.stringMatching(new RegExp(`^http://localhost:3000/recibo/${numbers.qr}\\?token=`)),
        },
        {
          number: numbers.counter,
          place: "counter",
          fair: null,
          status: "paid",
          total: 12_000,
          soldAt: "2026-09-01T14:00:00.000Z",
          receiptUrl: expect.stringMatching(new RegExp(`^http://localhost:3000/recibo/${numbers.counter}\\?token=`)),
        },
      ],
    });
    // The link's token is the receipt page's, valid for that sale's number only.
    const token = new URL(body.purchases[1].receiptUrl).searchParams.get("token");
    const signer = await saleSigner(db, { configuredSecret: null, siteUrl: "http://localhost:3000" });
    expect(signer.valid(numbers.counter ?? "", token)).toBe(true);
    expect(signer.valid(numbers.qr ?? "", token)).toBe(false);
  });
});

describe("the buyer's data (Ley 25.326)", () => {
  it("lists the purchases in the data export, and deleting the account leaves the sales without the e-mail", async () => {
    const data = await exportCustomerData(db, "lucia@example.com");
    expect(data.purchases.map((row) => [row.number, row.place, row.status, row.totals.total, row.items])).toEqual([
      [
        numbers.counter,
        "El local",
        "paid",
        12_000,
        [{ title: "Zama", author: "Antonio Di Benedetto", quantity: 1, unitPrice: 12_000, total: 12_000 }],
      ],
      [
        numbers.qr,
        "El local",
        "pending_payment",
        6_000,
        [{ title: "Zama", author: "Antonio Di Benedetto", quantity: 1, unitPrice: 6_000, total: 6_000 }],
      ],
    ]);
    const { deleted, placeholder } = await deleteAccount({ db }, "lucia@example.com");
    expect(deleted).toBe(true);
    expect(await customerPurchases(db, "lucia@example.com")).toEqual([]);
    // The sales stay (the shop's books and the invoice need them), with the placeholder instead of the e-mail.
    expect((await customerPurchases(db, placeholder)).map((row) => row.number)).toEqual([numbers.qr, numbers.counter]);
    expect((await listCustomers(db, { q: "lucia" })).total).toBe(0);
    expect((await listCustomers(db, { q: "gomez" })).total).toBe(0);
  });
});
