import { beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "~/domain/audit/audit.server";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as page from "./auditoria";

const { database, db, admin } = await adminTestDatabase();
beforeAll(async () => {
  await recordAudit(db, admin, {
    action: "admin.login",
    entity: "admin",
    entityId: admin.id,
    summary: "Ingresó al panel",
    details: { ip: "203.0.113.7" },
  });
  await recordAudit(db, admin, {
    action: "settings.update",
    entity: "settings",
    summary: "Cambió los datos bancarios",
  });
});

const asAdmin = (url: string) => routeArgs(url, database, { context: { admin } }) as never;

describe("/admin/auditoria", () => {
  it("sends an anonymous visitor to the sign-in", async () => {
    const thrown = await page.loader(routeArgs("/admin/auditoria?grupo=ajustes", database) as never).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("location")).toBe(
      `/admin/login?next=${encodeURIComponent("/admin/auditoria?grupo=ajustes")}`,
    );
  });

  it("lists the log newest first with who, what, the action and where from", async () => {
    const data = await page.loader(asAdmin("/admin/auditoria"));
    expect(data.notices).toEqual([]);
    expect(data.emails).toEqual([admin.email]);
    expect(data.rows.map(({ action, summary, adminEmail, ip }) => ({ action, summary, adminEmail, ip }))).toEqual([
      { action: "settings.update", summary: "Cambió los datos bancarios", adminEmail: admin.email, ip: null },
      { action: "admin.login", summary: "Ingresó al panel", adminEmail: admin.email, ip: "203.0.113.7" },
    ]);
    expect(data.rows[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const filtered = await page.loader(asAdmin("/admin/auditoria?grupo=ingresos"));
    expect(filtered.rows.map((row) => row.action)).toEqual(["admin.login"]);
  });

  it("ignores bad query values with a Spanish notice instead of failing", async () => {
    const hostile = [
      "?email=%00&grupo=..%2F..&desde=2026-13-01&hasta=%F0%9F%A6%9C&pagina=NaN",
      "?email=otra@rizoma.com.ar&grupo=__proto__&pagina=99999999999",
      "?desde=2026-05-10&hasta=2026-05-01",
      `?email=${"x".repeat(5000)}&grupo=&pagina=0`,
    ];
    for (const query of hostile) {
      const data = await page.loader(asAdmin(`/admin/auditoria${query}`));
      expect(data.notices.length, query).toBeGreaterThan(0);
      for (const notice of data.notices) expect(notice, query).toMatch(/[áéíóúñ«]|mostramos/);
    }
    const first = await page.loader(asAdmin(hostile[0] ? `/admin/auditoria${hostile[0]}` : ""));
    expect(first.filters).toEqual({ email: null, group: null, from: null, to: null, page: 1 });
    expect(first.rows).toHaveLength(2);
    // A repeated name: the first value counts, as URLSearchParams.get reads it.
    const repeated = await page.loader(asAdmin("/admin/auditoria?grupo=ingresos&grupo=nada&pagina=x"));
    expect(repeated.filters.group).toBe("ingresos");
    expect(repeated.notices).toEqual(["Esa página no existe: mostramos la primera."]);
    // A page past the last one shows the last one, without a notice.
    const past = await page.loader(asAdmin("/admin/auditoria?pagina=40"));
    expect({ page: past.filters.page, notices: past.notices, rows: past.rows.length }).toEqual({
      page: 1,
      notices: [],
      rows: 2,
    });
  });
});
