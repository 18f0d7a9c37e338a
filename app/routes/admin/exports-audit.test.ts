import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { seedCustomers } from "../../../tests/support/customer-fixtures";
import * as expensesExport from "../api/admin/expenses-export";
import * as newsletterExport from "../api/admin/newsletter-export";
import * as winnersExport from "../api/qr/admin-winners-export";
import * as customersExport from "./clientes/exportar";
import * as invoicesExport from "./facturas/exportar";
import * as booksExport from "./libros/exportar";
import * as reportsExport from "./reportes/exportar";

const { db, call } = await adminTestDatabase({ catalogue: true });
await seedCustomers(db);

/**
 * Every download of personal data or money figures leaves its line in the audit log (issue 34): who, the
 * rows, the filters used and the address it was served to.
 */
const exports = [
  {
    url: "/admin/clientes/exportar?buscar=ana",
    loader: customersExport.loader,
    action: "customer.export",
    summary: /^Exportó los clientes \(CSV, 1 fila\)$/,
    filters: { buscar: "ana" },
  },
  {
    url: "/api/admin/newsletter/export?estado=todos",
    loader: newsletterExport.loader,
    action: "newsletter.export",
    summary: /^Exportó los suscriptores al newsletter \(CSV, \d+ filas?\)$/,
    filters: { estado: "todos" },
  },
  {
    url: "/admin/facturas/exportar?mes=2026-03",
    loader: invoicesExport.loader,
    action: "invoice.export",
    summary: /^Exportó las facturas de marzo de 2026 \(CSV, 0 filas\)$/,
    filters: { mes: "2026-03" },
  },
  {
    url: "/admin/reportes/exportar?informe=ventas&desde=2026-03-01&hasta=2026-03-31",
    loader: reportsExport.loader,
    action: "report.export",
    summary: /^Exportó el reporte «ventas» del 01\/03\/2026 al 31\/03\/2026 \(CSV, \d+ filas?\)$/,
    filters: { informe: "ventas", desde: "2026-03-01", hasta: "2026-03-31", agrupar: "dia" },
  },
  {
    url: "/admin/reportes/exportar?informe=reposicion",
    loader: reportsExport.loader,
    action: "report.export",
    summary: /^Exportó la lista de reposición \(CSV, \d+ filas?\)$/,
    filters: { informe: "reposicion" },
  },
  {
    url: "/api/qr/admin/winners/export",
    loader: winnersExport.loader,
    action: "qr.export",
    summary: /^Exportó los ganadores de los códigos QR \(CSV, \d+ filas?\)$/,
    filters: {},
  },
  {
    url: "/api/admin/expenses/export?month=2026-02",
    loader: expensesExport.loader,
    action: "expense.export",
    summary: /^Exportó los gastos de febrero de 2026 \(CSV, 0 filas\)$/,
    filters: { month: "2026-02" },
  },
  {
    url: "/admin/libros/exportar",
    loader: booksExport.loader,
    action: "book.export",
    summary: /^Exportó el catálogo \(CSV, [1-9][\d.]* filas\)$/,
    filters: { formato: "csv" },
  },
  {
    url: "/admin/libros/exportar?formato=xlsx",
    loader: booksExport.loader,
    action: "book.export",
    summary: /^Exportó el catálogo \(Excel, [1-9][\d.]* filas\)$/,
    filters: { formato: "xlsx" },
  },
];

describe("exports are audited", () => {
  for (const { url, loader, action, summary, filters } of exports) {
    it(`${url} records ${action}`, async () => {
      const answer = await call(loader, url, { context: { clientIp: "203.0.113.50" } });
      expect(answer.status).toBe(200);
      const [line] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(line).toMatchObject({ action, adminEmail: "libreria@rizoma.com.ar" });
      expect(line?.summary).toMatch(summary);
      expect(line?.details).toMatchObject({ ip: "203.0.113.50", filters });
      expect(line?.details?.rows).toEqual(
        Number(/(\d[\d.]*) filas?/.exec(line?.summary ?? "")?.[1]?.replaceAll(".", "")),
      );
    });
  }

  it("records nothing when the export is refused", async () => {
    const before = await db.$count(auditLog);
    expect((await call(invoicesExport.loader, "/admin/facturas/exportar?mes=2026-13")).status).toBe(400);
    expect((await call(winnersExport.loader, "/api/qr/admin/winners/export", { asAdmin: false })).status).toBe(401);
    expect(await db.$count(auditLog)).toBe(before);
  });
});
