import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { type auditLog, books, cashClosings } from "~db/schema";
import { addAdmin, adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import { recordTestSale } from "../../../tests/support/sale-fixtures";
import * as page from "./cierre";

/** /admin/cierre as plain forms (no JavaScript): the page, "Calcular diferencia" (a GET), saving, reopening. */
const { database, db, admin: owner } = await adminTestDatabase();
const staff: AdminIdentity = { id: 2, email: "equipo@rizoma.com.ar", role: "staff" };
const DAY = addDays(todayInBuenosAires(), -1);
const c = (pesos: number) => pesos * 100;

beforeAll(async () => {
  await addAdmin(db, staff);
  const [book] = await db
    .insert(books)
    .values({ title: "Zama", slug: "zama", priceCents: c(10_000), stock: 10 })
    .returning();
  if (!book) throw new Error("no book");
  await recordTestSale(database, staff, `${DAY}T11:00`, { items: [{ id: book.id, quantity: 2 }] });
  await recordTestSale(database, staff, `${DAY}T12:00`, { payment: "card", items: [{ id: book.id, quantity: 1 }] });
});

const load = (url: string, admin: AdminIdentity = staff) =>
  page.loader(routeArgs(url, database, { context: { admin } }) as never);
const post = (fields: Record<string, string>, admin: AdminIdentity = staff) =>
  page.action(
    routeArgs("/admin/cierre", database, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: { admin },
    }) as never,
  );
type Failure = {
  data: { message: string; fields: Record<string, string>; values: Record<string, string> };
  init: { status: number };
};
const rows = async (table: typeof cashClosings | typeof auditLog) =>
  (await db.select({ n: count() }).from(table))[0]?.n;

describe("/admin/cierre", () => {
  it("shows today's counter by default, and another day's totals with each sale's receipt link", async () => {
    const today = await load("/admin/cierre");
    expect(today).toMatchObject({ day: todayInBuenosAires(), placeKey: "local", problem: null });
    const day = await load(`/admin/cierre?fecha=${DAY}&lugar=local`);
    expect(day.summary.methods.cash).toEqual({ sales: 1, cents: c(20_000) });
    expect(day.summary.methods.card).toEqual({ sales: 1, cents: c(10_000) });
    expect(day.summary.cashSalesCents).toBe(c(20_000));
    expect(Object.values(day.receipts)).toEqual([
      expect.stringMatching(/^\/recibo\/VT-\d{6}\?token=/),
      expect.stringMatching(/^\/recibo\/VT-\d{6}\?token=/),
    ]);
    expect(day.places).toEqual([{ value: "local", label: "El local" }]);
  });

  it("explains a wrong day or an unknown fair, and shows today's counter instead", async () => {
    expect((await load("/admin/cierre?fecha=2026-02-30")).problem).toBe(
      "La fecha no es válida: elegí un día del calendario",
    );
    const fair = await load(`/admin/cierre?fecha=${DAY}&lugar=feria-999`);
    expect(fair).toMatchObject({ problem: "Esa feria no existe", placeKey: "local", day: DAY });
  });

  it("'Calcular diferencia' is a GET of the page: what was typed comes back to the form", async () => {
    const preview = await load(`/admin/cierre?fecha=${DAY}&lugar=local&inicial=5.000&contado=24.000&nota=`);
    expect(preview.values).toEqual({ inicial: "5.000", contado: "24.000", nota: "" });
  });

  it("refuses a count that is not money with the field's message, writing nothing", async () => {
    const before = await rows(cashClosings);
    const failed = (await post({
      intent: "close",
      fecha: DAY,
      lugar: "local",
      inicial: "",
      contado: "mucho",
    })) as unknown as Failure;
    expect(failed.init.status).toBe(400);
    expect(failed.data.fields).toEqual({ contado: "Escribí cuánto efectivo contaste en la caja (por ejemplo 48.500)" });
    expect(failed.data.values).toMatchObject({ contado: "mucho" });
    expect(await rows(cashClosings)).toBe(before);
  });

  it("saves the closing and goes back to the day; closing again says who closed it (409)", async () => {
    const saved = (await post({
      intent: "close",
      fecha: DAY,
      lugar: "local",
      inicial: "5.000",
      contado: "25.000",
      nota: "",
    })) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/cierre?fecha=${DAY}&lugar=local&aviso=cerrada`);
    const after = await load(`/admin/cierre?fecha=${DAY}&lugar=local&aviso=cerrada`);
    expect(after.notice).toMatchObject({ title: "Caja cerrada" });
    expect(after.summary.closing).toMatchObject({
      expectedCents: c(25_000),
      countedCents: c(25_000),
      differenceCents: 0,
    });

    const again = (await post(
      { intent: "close", fecha: DAY, lugar: "local", inicial: "", contado: "1" },
      owner,
    )) as unknown as Failure;
    expect(again.init.status).toBe(409);
    expect(again.data.message).toMatch(/^Esta caja ya la cerró equipo@rizoma\.com\.ar a las/);
  });

  it("lets only an owner reopen it", async () => {
    const refused = (await post({ intent: "reopen", fecha: DAY, lugar: "local" })) as unknown as Failure;
    expect(refused.init.status).toBe(403);
    expect(refused.data.message).toBe("Tu usuario no tiene permiso para esto: es solo para titulares de la tienda.");
    const reopened = (await post({ intent: "reopen", fecha: DAY, lugar: "local" }, owner)) as Response;
    expect(reopened.headers.get("location")).toBe(`/admin/cierre?fecha=${DAY}&lugar=local&aviso=reabierta`);
    expect((await load(`/admin/cierre?fecha=${DAY}&lugar=local`)).summary.closing).toBeNull();
  });

  it("answers an unknown action and a future day in Spanish", async () => {
    expect(((await post({ intent: "borrar", fecha: DAY, lugar: "local" })) as unknown as Failure).data.message).toBe(
      "Acción desconocida",
    );
    const future = (await post({
      intent: "close",
      fecha: addDays(todayInBuenosAires(), 2),
      lugar: "local",
      contado: "1",
    })) as unknown as Failure;
    expect(future.data.fields).toEqual({ fecha: "Ese día todavía no llegó: no se puede cerrar la caja" });
  });
});
