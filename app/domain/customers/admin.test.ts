import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFound } from "~/domain/errors";
import { day, seedCustomers } from "../../../tests/support/customer-fixtures";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { testDatabase } from "../../../tests/support/test-database";
import { customerJson, customersCsv, listCustomers } from "./admin.server";
import { CUSTOMER_NOT_FOUND, customerDetail } from "./detail.server";

const database = await testDatabase();
const db = database.db;
let seeded: Awaited<ReturnType<typeof seedCustomers>>;

beforeAll(async () => {
  seeded = await seedCustomers(db);
});
afterAll(() => database.close());

const emails = (rows: { email: string }[]) => rows.map((row) => row.email);

describe("listCustomers", () => {
  it("lists every email the shop knows once, with its figures and flags, latest activity first", async () => {
    const { customers, total, page, pages } = await listCustomers(db);
    expect(total).toBe(6);
    expect([page, pages]).toEqual([1, 1]);
    expect(emails(customers)).toEqual([
      "ana@example.com",
      "dario@example.com",
      "bruno@example.com",
      "carla@example.com",
      "eve@example.com",
      "fede@example.com",
    ]);
    const byEmail = new Map(customers.map((row) => [row.email, row]));
    // Every order counts; only the paid, shipped and delivered ones add to what she spent.
    expect(byEmail.get("ana@example.com")).toEqual({
      email: "ana@example.com",
      name: "Ana María Pérez",
      orders: 4,
      inPersonSales: 0,
      totalSpentCents: 1_350_050,
      lastOrderAt: new Date("2026-03-21T02:30:00Z"),
      lastActivityAt: new Date("2026-03-21T02:30:00Z"),
      subscriber: true,
      newsletter: true,
      account: true,
    });
    expect(byEmail.get("bruno@example.com")).toMatchObject({
      name: "Bruno Díaz",
      orders: 0,
      totalSpentCents: 0,
      lastOrderAt: null,
      lastActivityAt: day(10),
      subscriber: true,
      newsletter: false,
      account: false,
    });
    expect(byEmail.get("carla@example.com")).toMatchObject({ name: "Carla", subscriber: false, newsletter: true });
    expect(byEmail.get("dario@example.com")).toMatchObject({ name: "Darío Núñez", lastActivityAt: day(16) });
    expect(byEmail.get("eve@example.com")).toMatchObject({ name: null, orders: 0, newsletter: false });
    expect(byEmail.get("fede@example.com")).toMatchObject({ orders: 1, totalSpentCents: 100_000 });
  });

  it("sorts by money spent, by orders and by email, and pages through the list", async () => {
    expect(emails((await listCustomers(db, { sort: "gastado" })).customers)).toEqual([
      "ana@example.com",
      "fede@example.com",
      "dario@example.com",
      "bruno@example.com",
      "carla@example.com",
      "eve@example.com",
    ]);
    expect(emails((await listCustomers(db, { sort: "pedidos" })).customers).slice(0, 2)).toEqual([
      "ana@example.com",
      "fede@example.com",
    ]);
    const second = await listCustomers(db, { sort: "email", page: 2, pageSize: 4 });
    expect(emails(second.customers)).toEqual(["eve@example.com", "fede@example.com"]);
    expect([second.total, second.page, second.pages]).toEqual([6, 2, 2]);
    // A page past the end is empty but still knows how many there are.
    const beyond = await listCustomers(db, { page: 9, pageSize: 4 });
    expect([beyond.customers.length, beyond.total]).toEqual([0, 6]);
  });

  it("searches the email and every name the person gave, ignoring case and accents", async () => {
    expect(emails((await listCustomers(db, { q: "perez" })).customers)).toEqual(["ana@example.com"]);
    expect(emails((await listCustomers(db, { q: "NUÑEZ darío" })).customers)).toEqual(["dario@example.com"]);
    expect(emails((await listCustomers(db, { q: "  maria   ANA " })).customers)).toEqual(["ana@example.com"]);
    // "Anita" is only her newsletter name: still her.
    expect(emails((await listCustomers(db, { q: "anita" })).customers)).toEqual(["ana@example.com"]);
    expect(emails((await listCustomers(db, { q: "BRUNO@" })).customers)).toEqual(["bruno@example.com"]);
    const none = await listCustomers(db, { q: "100%_" });
    expect([none.customers, none.total]).toEqual([[], 0]);
  });

  it("answers the API's shape: pesos and ISO instants", async () => {
    const [ana] = (await listCustomers(db, { q: "ana@" })).customers;
    expect(customerJson(ana as NonNullable<typeof ana>)).toEqual({
      email: "ana@example.com",
      name: "Ana María Pérez",
      orders: 4,
      inPersonSales: 0,
      totalSpent: 13500.5,
      lastOrderAt: "2026-03-21T02:30:00.000Z",
      lastActivityAt: "2026-03-21T02:30:00.000Z",
      subscriber: true,
      newsletter: true,
      account: true,
    });
  });
});

describe("customersCsv", () => {
  it("writes every matching customer in Spanish columns, formulas made inert", async () => {
    const csv = await customersCsv(db);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Email;Nombre;Pedidos;Total gastado;Último pedido;Suscriptor caja;Newsletter;Cuenta",
      // The last order was 20 March at 23:30 in Buenos Aires (already the 21st in UTC).
      'ana@example.com;Ana María Pérez;4;"13500,50";2026-03-20;sí;sí;sí',
      'dario@example.com;Darío Núñez;0;"0,00";;no;no;no',
      'bruno@example.com;Bruno Díaz;0;"0,00";;sí;no;no',
      'carla@example.com;Carla;0;"0,00";;no;sí;no',
      'eve@example.com;;0;"0,00";;no;no;no',
      `fede@example.com;"'=SUMA(1;2) Gómez";1;"1000,00";2026-03-02;no;no;no`,
      "",
    ]);
  });

  it("keeps to the search", async () => {
    const lines = (await customersCsv(db, { q: "díaz" })).split("\r\n");
    expect(lines.slice(1)).toEqual(['bruno@example.com;Bruno Díaz;0;"0,00";;sí;no;no', ""]);
  });
});

describe("customerDetail", () => {
  it("gathers the person's history from every area", async () => {
    await insertInvoice(db, { orderId: seeded.orders.paid.id, number: 901 });
    // The cancelled order's invoice and the credit note that cancels it (pointing at the invoice only).
    const cancelled = await insertInvoice(db, { orderId: seeded.orders.cancelled.id, number: 902 });
    await insertInvoice(db, { kind: "credit_note", originalInvoiceId: cancelled.id, number: 903 });
    // Not issued yet: not counted.
    await insertInvoice(db, {
      orderId: seeded.orders.delivered.id,
      status: "pending",
      number: null,
      cae: null,
      caeExpiry: null,
      issuedOn: null,
    });
    const detail = await customerDetail(db, "ana@example.com");
    expect(detail.summary).toMatchObject({ orders: 4, totalSpentCents: 1_350_050, name: "Ana María Pérez" });
    expect(detail.account).toMatchObject({
      firstName: "Ana María",
      lastName: "Pérez",
      phone: "+54 11 4444-0000",
      addresses: [{ label: "Casa", address: "Av. Corrientes 1234", province: "C", isDefault: true }],
    });
    expect(detail.orders.map((order) => [order.number, order.status, order.totalCents])).toEqual([
      [seeded.orders.delivered.number, "delivered", 350_050],
      [seeded.orders.pending.number, "pending_payment", 200_000],
      [seeded.orders.cancelled.number, "cancelled", 500_000],
      [seeded.orders.paid.number, "paid", 1_000_000],
    ]);
    expect(detail.subscriptions).toEqual([
      expect.objectContaining({ plan: "Mensual", status: "active", nextBoxDate: "2026-04-15", priceCents: 5_400_000 }),
    ]);
    expect(detail.newsletter).toMatchObject({ status: "active", interests: ["poesia", "ensayo"] });
    expect(detail.stockAlerts).toEqual([expect.objectContaining({ title: "Rayuela", kind: "restock" })]);
    expect(detail.wishlistCount).toBe(2);
    expect(detail.vouchers).toEqual({ invoices: 2, creditNotes: 1 });
    expect(detail.specialOrders).toEqual([]);
    expect(detail.prizeClaims).toEqual([]);
    expect(detail.withdrawals).toEqual([]);
  });

  it("shows a guest known only from a special order and a prize", async () => {
    const detail = await customerDetail(db, "dario@example.com");
    expect(detail.account).toBeNull();
    expect(detail.orders).toEqual([]);
    expect(detail.specialOrders).toEqual([
      expect.objectContaining({ id: seeded.special.id, bookTitle: "Los detectives salvajes", status: "nuevo" }),
    ]);
    expect(detail.prizeClaims).toEqual([{ code: "FERIA26", bookTitle: "Zama", claimedAt: day(16) }]);
    expect(detail.vouchers).toEqual({ invoices: 0, creditNotes: 0 });
  });

  it("is NotFound for an email the shop does not know", async () => {
    await expect(customerDetail(db, "nadie@example.com")).rejects.toThrow(new NotFound(CUSTOMER_NOT_FOUND));
  });
});
