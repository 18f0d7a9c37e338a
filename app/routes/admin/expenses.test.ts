import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, expenses } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as pageRoute from "./expenses";

const { database, db, admin } = await adminTestDatabase();

const rowCounts = async () => ({
  expenses: (await db.select({ n: count() }).from(expenses))[0]?.n,
  audit: (await db.select({ n: count() }).from(auditLog))[0]?.n,
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
    expect(editing.editing).toMatchObject({ amount: "4.000", concept: "Flete" });

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
