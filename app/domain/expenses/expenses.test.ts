import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { adminUsers, auditLog, expenses } from "~db/schema";
import { routeArgs } from "../../../tests/support/route-context";
import { testDatabase } from "../../../tests/support/test-database";
import * as pageRoute from "../../routes/admin/expenses";
import * as itemRoute from "../../routes/api/admin/expense";
import * as listRoute from "../../routes/api/admin/expenses";
import * as exportRoute from "../../routes/api/admin/expenses-export";
import { todayInBuenosAires } from "../dates";
import {
  createExpense,
  currentMonth,
  expensesCsv,
  isExpenseDate,
  monthSummary,
  parseAmount,
  shiftMonth,
} from "./expenses.server";

const database = await testDatabase();
const db = database.db;
const admin = { id: 1, email: "libreria@rizoma.com.ar" };
const signedOut = "Necesitás iniciar sesión como administrador";

beforeAll(async () => {
  await db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "no se usa en este test" });
});
afterAll(() => database.close());

type Handler = (args: ReturnType<typeof routeArgs>) => unknown;
type Init = Parameters<typeof routeArgs>[2] & { asAdmin?: boolean };
const json = { "content-type": "application/json" };

async function call(handler: unknown, url: string, { asAdmin = true, ...init }: Init = {}) {
  const response = (await (handler as Handler)(
    routeArgs(url, database, { ...init, context: { admin: asAdmin ? admin : null } }),
  )) as Response;
  return { status: response.status, body: await response.json() };
}
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

describe("amounts and dates", () => {
  it.each([
    ["12345,50", 1234550],
    ["12.345,50", 1234550],
    ["12345.50", 1234550],
    ["12345.5", 1234550],
    ["1.234", 123400],
    ["1.23", 123],
    ["1.234.567,89", 123456789],
    ["$ 12.500", 1250000],
    [" 7 ", 700],
    [12345.5, 1234550],
    [19.99, 1999],
    [0.1, 10],
    ["12,345", null],
    ["1,234.50", null],
    ["12.34.56", null],
    ["1e3", null],
    [1e21, null],
    [0.001, null],
    ["0.001", null],
    [1.234, null],
    ["doce", null],
  ] as const)("%j -> %j centavos", (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
  });

  it("takes real dates from 2000 up to a year from today", () => {
    expect(isExpenseDate("2024-02-29", "2025-06-01")).toBe(true);
    expect(isExpenseDate("2025-02-29", "2025-06-01")).toBe(false);
    expect(isExpenseDate("2026-06-01", "2025-06-01")).toBe(true);
    expect(isExpenseDate("2026-06-02", "2025-06-01")).toBe(false);
    expect(isExpenseDate("1999-12-31", "2025-06-01")).toBe(false);
    expect(isExpenseDate("2025-6-1", "2025-06-01")).toBe(false);
  });

  it("steps months across years", () => {
    expect(shiftMonth("2025-01", -1)).toBe("2024-12");
    expect(shiftMonth("2024-12", 1)).toBe("2025-01");
    expect(shiftMonth("2025-03", -14)).toBe("2024-01");
  });
});

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

  it("writes nothing when the audit record cannot be written", async () => {
    const before = await rowCounts();
    const ghost = { id: 999, email: "nadie@rizoma.com.ar" };
    const input = { date: "2025-03-10", concept: "Fantasma", category: "Otros", amountCents: 100, note: null } as const;
    await expect(createExpense(db, ghost, input)).rejects.toThrow();
    expect(await rowCounts()).toEqual(before);
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
        "05/01/2025;Envíos Andreani;Envíos;12500,00;\r\n" +
        '05/01/2025;"Cajas; cinta";Packaging;1234,56;"Línea 1\nLínea 2"\r\n' +
        '20/01/2025;"\'=HYPERLINK(""http://x"")";Otros;1,50;\r\n' +
        "31/01/2025;Comisión MP;Comisiones de cobro;99,90;'-3% +IVA\r\n",
    );
    expect(await expensesCsv(db, { from: "2025-01-31", to: "2025-02-01" })).toBe(
      "\uFEFFFecha;Concepto;Categoría;Monto;Nota\r\n" +
        "31/01/2025;Comisión MP;Comisiones de cobro;99,90;'-3% +IVA\r\n" +
        "01/02/2025;Fuera del mes;Otros;1,00;\r\n",
    );
    const bad = await call(exportRoute.loader, "/api/admin/expenses/export?month=2025-1");
    expect(bad).toEqual({ status: 400, body: { success: false, error: "El mes no es válido: usá AAAA-MM" } });
  });
});

describe("the /admin/expenses page (forms without JavaScript)", () => {
  const form = (fields: Record<string, string>, asAdmin = true) =>
    pageRoute.action(
      routeArgs("/admin/expenses?month=2023-05", database, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        context: { admin: asAdmin ? admin : null },
      }) as never,
    );
  const fields = { intent: "create", month: "2023-05", date: "2023-05-09", concept: "Flete", category: "Envíos" };

  it("creates, then sends the admin back to the expense's month with a notice", async () => {
    const response = (await form({ ...fields, amount: "3.200,50", note: "" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/expenses?month=2023-05&ok=creado");
    const page = await pageRoute.loader(
      routeArgs("/admin/expenses?month=2023-05&ok=creado", database, { context: { admin } }) as never,
    );
    expect(page.notice).toMatchObject({ tone: "success", title: "Gasto agregado" });
    expect(page.expenses).toMatchObject([{ concept: "Flete", amountCents: 320050, note: null }]);
    expect(page.summary.totalCents).toBe(320050);
  });

  it("keeps what was typed and says what is wrong, writing nothing", async () => {
    const before = await rowCounts();
    const result = (await form({ ...fields, concept: "Flete a Rosario", amount: "0" })) as unknown as {
      data: { values: Record<string, string>; fields: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.values).toMatchObject({ concept: "Flete a Rosario", amount: "0" });
    expect(result.data.fields).toEqual({ amount: "El monto debe ser mayor a cero" });
    expect(await rowCounts()).toEqual(before);
  });

  it("edits and deletes through the same action; a signed-out post goes to the sign-in", async () => {
    const page = await pageRoute.loader(
      routeArgs("/admin/expenses?month=2023-05", database, { context: { admin } }) as never,
    );
    const id = String(page.expenses[0]?.id);
    const edit = (await form({ ...fields, intent: "update", id, amount: "4000" })) as Response;
    expect(edit.headers.get("location")).toBe("/admin/expenses?month=2023-05&ok=actualizado");
    const editing = await pageRoute.loader(
      routeArgs(`/admin/expenses?month=2023-05&editar=${id}`, database, { context: { admin } }) as never,
    );
    expect(editing.editing).toMatchObject({ amount: "4000,00", concept: "Flete" });

    const anonymous = await form({ intent: "delete", id, month: "2023-05" }, false).catch((error) => error);
    expect((anonymous as Response).status).toBe(303);
    expect((anonymous as Response).headers.get("location")).toMatch(/^\/admin\/login/);

    const deleted = (await form({ intent: "delete", id, month: "2023-05" })) as Response;
    expect(deleted.headers.get("location")).toBe("/admin/expenses?month=2023-05&ok=eliminado");
    const again = (await form({ intent: "delete", id, month: "2023-05" })) as unknown as {
      data: { title: string; message: string };
      init: { status: number };
    };
    expect(again.init.status).toBe(404);
    expect(again.data).toMatchObject({ title: "No se pudo eliminar el gasto", message: "Gasto no encontrado" });
  });
});
