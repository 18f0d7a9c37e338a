import { describe, expect, it } from "vitest";
import { todayInBuenosAires } from "~/lib/dates";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { seedReportFixtures } from "../../../../tests/support/report-fixtures";
import { routeArgs } from "../../../../tests/support/route-context";
import * as reportsPage from "../reportes";
import * as exportRoute from "./exportar";
import * as reorderPage from "./reposicion";

const { database, db, admin, call } = await adminTestDatabase();
await seedReportFixtures(db);

const asAdmin = (url: string) => routeArgs(url, database, { context: { admin } }) as never;
const anonymous = (url: string) => routeArgs(url, database) as never;
const text = (body: ArrayBuffer) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(body);

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
  it("sends an anonymous visitor to the sign-in from the pages and the CSV", async () => {
    for (const [run, url] of [
      [reportsPage.loader, "/admin/reportes"],
      [reorderPage.loader, "/admin/reportes/reposicion"],
      [exportRoute.loader, "/admin/reportes/exportar?informe=ventas"],
    ] as const) {
      const answer = await thrown(() => (run as (args: never) => Promise<unknown>)(anonymous(url)));
      expect(answer.status, url).toBe(303);
      expect(answer.location, url).toMatch(/^\/admin\/login\?next=/);
    }
  });
});

describe("/admin/reportes", () => {
  it("reads the range from the URL and answers every report", async () => {
    const page = await reportsPage.loader(asAdmin("/admin/reportes?desde=2026-03-01&hasta=2026-04-30&agrupar=mes"));
    expect(page.range).toEqual({ from: "2026-03-01", to: "2026-04-30", grain: "mes" });
    expect(page.problem).toBeNull();
    expect(page.data.sales.totals).toMatchObject({ sales: 4, revenueCents: 9_713_000 });
    expect(page.data.books).toHaveLength(3);
    expect(page.data.box).toHaveLength(2);
    expect(page.data.slow.total).toBe(3);
  });

  it("shows this month with a reason when the dates are wrong", async () => {
    const page = await reportsPage.loader(asAdmin("/admin/reportes?desde=2026-04-31"));
    expect(page.problem).toBe("Las fechas tienen que ser días válidos (dd/mm/aaaa).");
    expect(page.range.to).toBe(todayInBuenosAires());
  });
});

describe("CSV downloads", () => {
  it("downloads the sales per month with the page's numbers", async () => {
    const { status, body } = await call(
      exportRoute.loader,
      "/admin/reportes/exportar?informe=ventas&desde=2026-03-01&hasta=2026-04-30&agrupar=mes",
    );
    expect(status).toBe(200);
    expect(text(body)).toBe(
      "\uFEFFPeríodo;Desde;Ventas;Transferencia;Mercado Pago;Efectivo;Tarjeta;QR de Mercado Pago;Total\r\n" +
        'mar 2026;2026-03;3;"53040,00";"29090,00";"0,00";"0,00";"0,00";"82130,00"\r\n' +
        'abr 2026;2026-04;1;"0,00";"15000,00";"0,00";"0,00";"0,00";"15000,00"\r\n',
    );
    const response = await exportRoute.loader(
      asAdmin("/admin/reportes/exportar?informe=margen&desde=2026-03-01&hasta=2026-04-30"),
    );
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="margen-2026-03-01-a-2026-04-30.csv"',
    );
    // April's expenses beat its sales: a negative margin stays a number.
    expect(text(await response.arrayBuffer())).toBe(
      '\uFEFFMes;Ventas sin IVA;Gastos;Margen\r\nmar 2026;"78240,00";"40000,00";"38240,00"\r\nabr 2026;"15000,00";"20000,00";"-5000,00"\r\n',
    );
  });

  it("downloads discounts, categories and the box", async () => {
    const q = "desde=2026-03-01&hasta=2026-04-30";
    const csv = async (name: string) =>
      text((await call(exportRoute.loader, `/admin/reportes/exportar?informe=${name}&${q}`)).body);
    expect(await csv("descuentos")).toBe(
      '\uFEFFDescuento;Usos;Total descontado\r\nPRIMAVERA;2;"6610,00"\r\nTransferencia;2;"9360,00"\r\n',
    );
    expect(await csv("categorias")).toContain(
      'Arte y Diseño;3;"43740,00";46\r\nPeow Studios;0;"0,00";0\r\nSin categoría;1;"10890,00";"11,4"\r\n',
    );
    expect(await csv("caja")).toBe(
      '\uFEFFMes;Cobros;Ingresos;Altas;Pausas;Bajas\r\nmar 2026;2;"50000,00";2;0;1\r\nabr 2026;2;"50000,00";0;1;1\r\n',
    );
  });

  it("answers 404 for an unknown report", async () => {
    expect((await thrown(() => exportRoute.loader(asAdmin("/admin/reportes/exportar?informe=sueldos")))).status).toBe(
      404,
    );
  });
});

describe("/admin/reportes/reposicion", () => {
  it("lists the books at or under the setting's threshold, filtered by publisher", async () => {
    const page = await reorderPage.loader(asAdmin("/admin/reportes/reposicion"));
    expect(page.query).toMatchObject({ threshold: 2, overridden: false });
    expect(page.books[0]).toMatchObject({ title: "Agotado esperado", waiting: 3, suggested: 3 });
    expect(page.total).toBe(4);
    const filtered = await reorderPage.loader(asAdmin("/admin/reportes/reposicion?editorial=Alfaguara&umbral=4"));
    // Alfaguara with stock ≤ 4: Rayuela (1, one alert waiting) and Viejo stock (4).
    expect(filtered.books.map((book) => book.title)).toEqual(["Rayuela", "Viejo stock"]);
  });

  it("downloads the distributor's CSV with the same filters", async () => {
    const { status, body } = await call(
      exportRoute.loader,
      "/admin/reportes/exportar?informe=reposicion&editorial=Caja%20Negra",
    );
    expect(status).toBe(200);
    // Sales of the last 90 days depend on today: the fixtures' sales are in 2026, so the columns are checked
    // for the book nobody bought (H) and the header.
    const lines = text(body).split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFISBN;Título;Autor;Editorial;Stock;Avisos en espera;Vendidos 90 días;Cantidad sugerida",
    );
    expect(lines[1]).toBe("9789871622481;Agotado esperado;Autor Buscado;Caja Negra;0;3;0;3");
    expect(lines).toHaveLength(4);
  });
});
