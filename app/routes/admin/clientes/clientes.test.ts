import { describe, expect, it } from "vitest";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { seedCustomers } from "../../../../tests/support/customer-fixtures";
import { routeArgs } from "../../../../tests/support/route-context";
import * as api from "../../api/admin/customers";
import * as detailPage from "./detail";
import * as exportRoute from "./exportar";
import * as listPage from "./list";

const { database, db, admin, call } = await adminTestDatabase();
await seedCustomers(db);

const asAdmin = (url: string, params: Record<string, string> = {}) =>
  routeArgs(url, database, { params, context: { admin } }) as never;
const anonymous = (url: string, params: Record<string, string> = {}) => routeArgs(url, database, { params }) as never;

/** What a loader threw (a redirect, a 404), as a Response or React Router's data(). */
async function thrown(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    const init = (error as { init?: { status?: number } }).init;
    return { status: init?.status ?? 0, location: null };
  }
  throw new Error("the loader answered instead of throwing");
}

describe("admin only", () => {
  it("sends an anonymous visitor to the sign-in and answers the API 401", async () => {
    expect(await thrown(() => listPage.loader(anonymous("/admin/clientes?buscar=ana")))).toEqual({
      status: 303,
      location: `/admin/login?next=${encodeURIComponent("/admin/clientes?buscar=ana")}`,
    });
    const detail = await thrown(() =>
      detailPage.loader(anonymous("/admin/clientes/ana%40example.com", { email: "ana@example.com" })),
    );
    expect(detail.status).toBe(303);
    expect((await thrown(() => exportRoute.loader(anonymous("/admin/clientes/exportar")))).status).toBe(303);
    const answer = await call(api.loader, "/api/admin/customers", { asAdmin: false });
    expect(answer).toEqual({
      status: 401,
      body: { success: false, error: "Necesitás iniciar sesión como administrador" },
    });
  });
});

describe("/admin/clientes", () => {
  it("lists, searches and sorts from the URL; a bad sort or page falls back to the defaults", async () => {
    const all = await listPage.loader(asAdmin("/admin/clientes"));
    expect(all.total).toBe(6);
    expect(all.rows[0]?.email).toBe("ana@example.com");
    const searched = await listPage.loader(asAdmin("/admin/clientes?buscar=Perez&orden=gastado"));
    expect(searched.filters).toEqual({ search: "Perez", sort: "gastado", page: 1 });
    expect(searched.rows.map((row) => [row.email, row.orders, row.totalSpentCents])).toEqual([
      ["ana@example.com", 4, 1_350_050],
    ]);
    const odd = await listPage.loader(asAdmin("/admin/clientes?orden=precio&pagina=-3"));
    expect(odd.filters).toEqual({ search: "", sort: "actividad", page: 1 });
  });

  it("opens a person's page from the encoded email, whatever its case; an unknown one is a 404", async () => {
    const found = await detailPage.loader(asAdmin("/admin/clientes/Ana%40Example.com", { email: "Ana@Example.com" }));
    expect(found.summary).toMatchObject({ email: "ana@example.com", name: "Ana María Pérez", orders: 4 });
    expect(found.orders).toHaveLength(4);
    const missing = await thrown(() =>
      detailPage.loader(asAdmin("/admin/clientes/nadie%40example.com", { email: "nadie@example.com" })),
    );
    expect(missing.status).toBe(404);
  });

  it("downloads the search's customers as a CSV", async () => {
    const { status, body } = await call(exportRoute.loader, "/admin/clientes/exportar?buscar=d%C3%ADaz");
    expect(status).toBe(200);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(body);
    expect(text).toBe(
      "\uFEFFEmail;Nombre;Pedidos;Total gastado;Último pedido;Suscriptor caja;Newsletter;Cuenta\r\n" +
        'bruno@example.com;Bruno Díaz;0;"0,00";;sí;no;no\r\n',
    );
    const response = await exportRoute.loader(asAdmin("/admin/clientes/exportar"));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });
});

describe("GET /api/admin/customers", () => {
  it("answers the page in pesos, searched by q", async () => {
    const { status, body } = await call(api.loader, "/api/admin/customers?q=ana%20maria");
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      total: 1,
      page: 1,
      pages: 1,
      customers: [
        {
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
        },
      ],
    });
    const everyone = await call(api.loader, "/api/admin/customers?sort=email");
    expect(everyone.body.customers.map((row: { email: string }) => row.email)).toEqual([
      "ana@example.com",
      "bruno@example.com",
      "carla@example.com",
      "dario@example.com",
      "eve@example.com",
      "fede@example.com",
    ]);
    expect((await call(api.action, "/api/admin/customers", { method: "POST" })).status).toBe(405);
  });
});
