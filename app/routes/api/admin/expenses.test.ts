import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentMonth, expensesCsv, monthSummary } from "~/domain/expenses/expenses.server";
import { todayInBuenosAires } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { auditLog, expenses } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { routeArgs } from "../../../../tests/support/route-context";
import * as itemRoute from "./expense";
import * as listRoute from "./expenses";
import * as exportRoute from "./expenses-export";

const { database, db, admin, call } = await adminTestDatabase();
const signedOut = "Necesitás iniciar sesión como administrador";

const json = { "content-type": "application/json" };

const list = (query = "", asAdmin = true) => call(listRoute.loader, `/api/admin/expenses${query}`, { asAdmin });
const post = (body: unknown, asAdmin = true) =>
  call(listRoute.action, "/api/admin/expenses", { method: "POST", body: JSON.stringify(body), headers: json, asAdmin });
const put = (id: number | string, body: unknown, asAdmin = true) =>
  call(itemRoute.action, `/api/admin/expenses/${id}`, {
    method: "PUT",
    params: { id: String(id) },
    body: JSON.stringify(body),
    headers: json,
    asAdmin,
  });
const remove = (id: number | string, asAdmin = true) =>
  call(itemRoute.action, `/api/admin/expenses/${id}`, { method: "DELETE", params: { id: String(id) }, asAdmin });

const rowCounts = async () => ({
  expenses: (await db.select({ n: count() }).from(expenses))[0]?.n,
  audit: (await db.select({ n: count() }).from(auditLog))[0]?.n,
});
const valid = { date: "2025-03-10", concept: "Envíos Andreani", category: "Envíos", amount: "12.500" };

describe("the ledger API", () => {
  it("adds expenses (201) and lists a month with its totals, exact to the centavo", async () => {
    const created = await post({ ...valid, note: "Pedidos de la semana" });
    expect(created).toEqual({
      status: 201,
      body: {
        success: true,
        expense: {
          id: expect.any(Number),
          date: "2025-03-10",
          concept: "Envíos Andreani",
          category: "Envíos",
          amount: 12500,
          note: "Pedidos de la semana",
        },
      },
    });
    for (const body of [
      { date: "2025-03-02", concept: "Cajas", category: "Packaging", amount: 0.1 },
      { date: "2025-03-02", concept: "Cinta", category: "Packaging", amount: "0,20", note: "" },
      { date: "2025-03-31", concept: "Compra a distribuidora", category: "Compra de libros", amount: "150.000,33" },
      { date: "2025-02-28", concept: "Alquiler febrero", category: "Alquiler", amount: 90000, note: null },
      { date: "2025-04-01", concept: "Alquiler abril", category: "Alquiler", amount: 95000 },
    ]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(201);
    }

    const { status, body } = await list("?month=2025-03");
    expect(status).toBe(200);
    expect(body.expenses.map((e: { concept: string }) => e.concept)).toEqual([
      "Compra a distribuidora",
      "Envíos Andreani",
      "Cinta",
      "Cajas",
    ]);
    expect(body.expenses[2]).toMatchObject({ amount: 0.2, note: null });
    expect(body.summary).toEqual({
      month: "2025-03",
      total: 162500.63,
      byCategory: [
        { category: "Compra de libros", total: 150000.33 },
        { category: "Envíos", total: 12500 },
        { category: "Packaging", total: 0.3 },
      ],
      previousTotal: 90000,
    });
    const summary = await monthSummary(db, "2025-03");
    expect(summary).toMatchObject({ totalCents: 16250063, count: 4, previousMonth: "2025-02" });
  });

  it("lists the current Buenos Aires month when none is asked for", async () => {
    const today = todayInBuenosAires();
    await post({ ...valid, date: today, concept: "Luz" });
    const { body } = await list();
    expect(body.summary.month).toBe(currentMonth());
    expect(body.expenses.map((e: { concept: string }) => e.concept)).toContain("Luz");
    expect((await list("?month=2025-13")).body).toEqual({ success: false, error: "El mes no es válido: usá AAAA-MM" });
    expect((await list("?month=marzo")).status).toBe(400);
  });

  it("records every change in the audit log", async () => {
    const { body } = await post({
      ...valid,
      date: "2024-06-03",
      concept: "Publicidad en Instagram",
      category: "Publicidad",
    });
    const id = body.expense.id;
    const audits = () =>
      db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
        .orderBy(auditLog.id);
    expect(await audits()).toMatchObject([
      {
        action: "expense.create",
        entity: "expense",
        adminEmail: admin.email,
        summary: `Registró el gasto «Publicidad en Instagram» por ${formatMoney(1250000)}`,
      },
    ]);

    const edited = await put(id, {
      date: "2024-06-04",
      concept: "Publicidad en Instagram (junio)",
      category: "Publicidad",
      amount: "13.000,50",
      note: "Campaña Día del Padre",
    });
    expect(edited).toEqual({
      status: 200,
      body: {
        success: true,
        expense: {
          id,
          date: "2024-06-04",
          concept: "Publicidad en Instagram (junio)",
          category: "Publicidad",
          amount: 13000.5,
          note: "Campaña Día del Padre",
        },
      },
    });
    expect((await list("?month=2024-06")).body.summary.total).toBe(13000.5);

    expect(await remove(id)).toEqual({ status: 200, body: { success: true, expense: edited.body.expense } });
    expect((await list("?month=2024-06")).body.expenses).toEqual([]);
    const [, update, deletion] = await audits();
    expect(update).toMatchObject({
      action: "expense.update",
      summary: `Editó el gasto «Publicidad en Instagram (junio)»: de ${formatMoney(1250000)} a ${formatMoney(1300050)}`,
      details: {
        before: { date: "2024-06-03", concept: "Publicidad en Instagram", amountCents: 1250000, note: null },
        after: { date: "2024-06-04", amountCents: 1300050, note: "Campaña Día del Padre" },
      },
    });
    expect(deletion).toMatchObject({
      action: "expense.delete",
      summary: `Eliminó el gasto «Publicidad en Instagram (junio)» por ${formatMoney(1300050)}`,
      details: { date: "2024-06-04", category: "Publicidad", amountCents: 1300050 },
    });
  });

  const tooLate = `${Number(todayInBuenosAires().slice(0, 4)) + 1}-12-31`;
  it.each([
    [{ ...valid, date: "2025-02-30" }, "La fecha no es válida"],
    [{ ...valid, date: "10/03/2025" }, "La fecha no es válida"],
    [{ ...valid, date: tooLate }, "La fecha no es válida"],
    [{ ...valid, date: 20250310 }, "La fecha no es válida"],
    [{ ...valid, date: undefined }, "La fecha no es válida"],
    [{ ...valid, concept: "" }, "El concepto es requerido"],
    [{ ...valid, concept: "   " }, "El concepto es requerido"],
    [{ ...valid, concept: undefined }, "El concepto es requerido"],
    [{ ...valid, concept: "x".repeat(201) }, "El concepto puede tener hasta 200 caracteres"],
    [{ ...valid, category: "Comida" }, "Elegí una categoría"],
    [{ ...valid, category: undefined }, "Elegí una categoría"],
    [{ ...valid, amount: 0 }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: "0,00" }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: -5 }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: "-5" }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: "" }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: undefined }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: null }, "El monto debe ser mayor a cero"],
    [{ ...valid, amount: "12,345" }, "El monto no es válido: escribilo como 12.345,50"],
    [{ ...valid, amount: "0,001" }, "El monto no es válido: escribilo como 12.345,50"],
    [{ ...valid, amount: true }, "El monto no es válido: escribilo como 12.345,50"],
    [{ ...valid, amount: 20000000.01 }, "El monto no puede superar $\u00a020.000.000"],
    [{ ...valid, amount: "100.000.000" }, "El monto no puede superar $\u00a020.000.000"],
    [{ ...valid, note: "x".repeat(1001) }, "La nota puede tener hasta 1000 caracteres"],
    [{ ...valid, note: 5 }, "La nota no es válida"],
    [{ ...valid, id: 5 }, "Campo no permitido: id"],
    [[valid], "El cuerpo debe ser un objeto JSON"],
  ])("refuses %j with a Spanish 400 and writes nothing", async (body, error) => {
    const before = await rowCounts();
    expect(await post(body)).toEqual({ status: 400, body: { success: false, error } });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses bad bodies on PUT too, leaving the expense as it was", async () => {
    const { body } = await post({ ...valid, date: "2024-07-01" });
    const before = await rowCounts();
    expect(await put(body.expense.id, { ...valid, amount: "mil" })).toEqual({
      status: 400,
      body: { success: false, error: "El monto no es válido: escribilo como 12.345,50" },
    });
    expect((await put(body.expense.id, { amount: 5 })).body.error).toBe("La fecha no es válida");
    const notJson = await call(listRoute.action, "/api/admin/expenses", { method: "POST", body: "{", headers: json });
    expect(notJson).toEqual({ status: 400, body: { success: false, error: "El cuerpo no es un JSON válido" } });
    const form = await call(listRoute.action, "/api/admin/expenses", { method: "POST", body: "date=2024-07-01" });
    expect(form.status).toBe(415);
    expect(await rowCounts()).toEqual(before);
    expect((await list("?month=2024-07")).body.expenses[0]).toMatchObject({ amount: 12500 });
  });

  it("accepts the limits: $ 20.000.000 (the column is a 32-bit integer), a year from today, no note", async () => {
    const today = todayInBuenosAires();
    const inAYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    const { status, body } = await post({ ...valid, date: inAYear, amount: "20.000.000", category: "Otros" });
    expect(status).toBe(201);
    expect(body.expense).toMatchObject({ amount: 20000000, note: null });
  });

  it("answers 404 for unknown expenses", async () => {
    const missing = { status: 404, body: { success: false, error: "Gasto no encontrado" } };
    expect(await put(999999, valid)).toEqual(missing);
    expect(await remove(999999)).toEqual(missing);
    expect(await remove("abc")).toEqual(missing);
    expect(await put("0", valid)).toEqual(missing);
  });

  it("answers 401 without an admin, before reading anything", async () => {
    const refused = { status: 401, body: { success: false, error: signedOut } };
    const before = await rowCounts();
    expect(await list("", false)).toEqual(refused);
    expect(await post(valid, false)).toEqual(refused);
    expect(await put(1, valid, false)).toEqual(refused);
    expect(await remove(1, false)).toEqual(refused);
    expect(await call(exportRoute.loader, "/api/admin/expenses/export", { asAdmin: false })).toEqual(refused);
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 405 for other methods", async () => {
    const patch = await call(itemRoute.action, "/api/admin/expenses/1", { method: "PATCH", params: { id: "1" } });
    expect(patch.status).toBe(405);
    expect((await call(listRoute.action, "/api/admin/expenses", { method: "DELETE" })).status).toBe(405);
  });
});

describe("CSV export", () => {
  it("writes the month for a spreadsheet in Spanish, formulas neutralised", async () => {
    for (const body of [
      { date: "2025-01-20", concept: '=HYPERLINK("http://x")', category: "Otros", amount: "1,5" },
      { date: "2025-01-05", concept: "Envíos Andreani", category: "Envíos", amount: "12.500" },
      { date: "2025-01-05", concept: "Cajas; cinta", category: "Packaging", amount: 1234.56, note: "Línea 1\nLínea 2" },
      { date: "2025-01-31", concept: "Comisión MP", category: "Comisiones de cobro", amount: 99.9, note: "-3% +IVA" },
      { date: "2025-02-01", concept: "Fuera del mes", category: "Otros", amount: 1 },
    ]) {
      expect((await post(body)).status).toBe(201);
    }
    const response = (await exportRoute.loader(
      routeArgs("/api/admin/expenses/export?month=2025-01", database, { context: { admin } }) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="gastos-2025-01.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      "\uFEFFFecha;Concepto;Categoría;Monto;Nota\r\n" +
        '05/01/2025;Envíos Andreani;Envíos;"12500,00";\r\n' +
        '05/01/2025;"Cajas; cinta";Packaging;"1234,56";"Línea 1\nLínea 2"\r\n' +
        '20/01/2025;"\'=HYPERLINK(""http://x"")";Otros;"1,50";\r\n' +
        '31/01/2025;Comisión MP;Comisiones de cobro;"99,90";\'-3% +IVA\r\n',
    );
    expect(await expensesCsv(db, { from: "2025-01-31", to: "2025-02-01" })).toBe(
      "\uFEFFFecha;Concepto;Categoría;Monto;Nota\r\n" +
        '31/01/2025;Comisión MP;Comisiones de cobro;"99,90";\'-3% +IVA\r\n' +
        '01/02/2025;Fuera del mes;Otros;"1,00";\r\n',
    );
    const bad = await call(exportRoute.loader, "/api/admin/expenses/export?month=2025-1");
    expect(bad).toEqual({ status: 400, body: { success: false, error: "El mes no es válido: usá AAAA-MM" } });
  });
});
