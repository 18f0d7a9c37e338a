import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { auditLog } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { testDatabase } from "../../../tests/support/test-database";
import { type AuditFilters, auditQuery, NO_AUDIT_FILTERS, parseAuditFilters } from "./filters";
import { AUDIT_GROUPS, type AuditGroup, inAuditGroup } from "./groups";
import { AUDIT_PAGE_SIZE, auditEmails, listAudit } from "./list.server";

const { db, admin } = await adminTestDatabase();
const OWNER = admin.email;
const STAFF = "mostrador@rizoma.com.ar";

/** Lines written straight into the log, each at its own instant (UTC). */
const lines = [
  { at: "2026-03-01T15:00:00Z", adminEmail: OWNER, action: "admin.login", details: { ip: "203.0.113.7" } },
  { at: "2026-03-01T15:05:00Z", adminEmail: STAFF, action: "admin.login.failed", details: { ip: "198.51.100.2" } },
  { at: "2026-03-02T12:00:00Z", adminEmail: OWNER, action: "admin.role-change", details: null },
  { at: "2026-03-05T10:00:00Z", adminEmail: OWNER, action: "settings.update", details: { section: "bank" } },
  { at: "2026-03-09T18:00:00Z", adminEmail: STAFF, action: "order.ship", details: null },
  // 23:30 of the 9th in Buenos Aires, the 10th in UTC.
  { at: "2026-03-10T02:30:00Z", adminEmail: STAFF, action: "book.update", details: null },
  { at: "2026-03-10T03:00:00Z", adminEmail: OWNER, action: "customer.export", details: { ip: "203.0.113.7" } },
  { at: "2026-03-11T14:00:00Z", adminEmail: OWNER, action: "invoice.export", details: { ip: "2001:db8::1" } },
  { at: "2026-03-12T14:00:00Z", adminEmail: OWNER, action: "withdrawal.refund", details: null },
];

beforeAll(async () => {
  await db.insert(auditLog).values(
    lines.map((line, index) => ({
      at: new Date(line.at),
      adminId: line.adminEmail === OWNER ? admin.id : null,
      adminEmail: line.adminEmail,
      action: line.action,
      entity: line.action.split(".")[0] ?? "x",
      summary: `Línea ${index}`,
      details: line.details,
    })),
  );
});

const filters = (changes: Partial<AuditFilters>): AuditFilters => ({ ...NO_AUDIT_FILTERS, ...changes });
const actions = async (changes: Partial<AuditFilters>) =>
  (await listAudit(db, filters(changes))).rows.map((row) => row.action);

describe("listAudit", () => {
  it("lists newest first with who, what and the address the line recorded", async () => {
    const { rows, total, page, pages } = await listAudit(db, NO_AUDIT_FILTERS);
    expect({ total, page, pages }).toEqual({ total: lines.length, page: 1, pages: 1 });
    expect(rows.map((row) => row.action)).toEqual(lines.map((line) => line.action).reverse());
    expect(rows[0]).toMatchObject({ adminEmail: OWNER, summary: "Línea 8", ip: null });
    expect(rows.find((row) => row.action === "invoice.export")?.ip).toBe("2001:db8::1");
    expect(rows.find((row) => row.action === "settings.update")?.ip).toBeNull();
  });

  it("filters by admin, by group and by Buenos Aires days", async () => {
    expect(await actions({ email: STAFF })).toEqual(["book.update", "order.ship", "admin.login.failed"]);
    expect(await actions({ group: "ingresos" })).toEqual(["admin.login.failed", "admin.login"]);
    // The team's group is the other admin.* actions: sign-ins are not team changes.
    expect(await actions({ group: "equipo" })).toEqual(["admin.role-change"]);
    expect(await actions({ group: "exportaciones" })).toEqual(["invoice.export", "customer.export"]);
    expect(await actions({ group: "facturas" })).toEqual(["invoice.export"]);
    expect(await actions({ group: "devoluciones" })).toEqual(["withdrawal.refund"]);
    expect(await actions({ group: "gastos" })).toEqual([]);
    // 02:30 UTC of the 10th is still the 9th in Buenos Aires; 03:00 UTC is the 10th's first instant.
    expect(await actions({ from: "2026-03-09", to: "2026-03-09" })).toEqual(["book.update", "order.ship"]);
    expect(await actions({ from: "2026-03-10" })).toEqual(["withdrawal.refund", "invoice.export", "customer.export"]);
    expect(await actions({ to: "2026-03-01" })).toEqual(["admin.login.failed", "admin.login"]);
    expect(await actions({ email: OWNER, group: "exportaciones", from: "2026-03-11", to: "2026-03-11" })).toEqual([
      "invoice.export",
    ]);
  });

  it("pages by AUDIT_PAGE_SIZE without repeating a line, and a page past the last shows the last", async () => {
    const database = await testDatabase();
    onTestFinished(() => database.close());
    const same = new Date("2026-04-01T12:00:00Z");
    // More than a page, all at one instant: the id breaks the tie.
    await database.db.insert(auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, index) => ({
        at: same,
        adminEmail: OWNER,
        action: "book.update",
        entity: "book",
        summary: `Libro ${index}`,
      })),
    );
    const first = await listAudit(database.db, NO_AUDIT_FILTERS);
    const second = await listAudit(database.db, filters({ page: 2 }));
    expect({ total: first.total, pages: first.pages }).toEqual({ total: AUDIT_PAGE_SIZE + 3, pages: 2 });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.rows.map((row) => row.summary)).toEqual(["Libro 2", "Libro 1", "Libro 0"]);
    const ids = new Set([...first.rows, ...second.rows].map((row) => row.id));
    expect(ids.size).toBe(AUDIT_PAGE_SIZE + 3);
    const past = await listAudit(database.db, filters({ page: 99 }));
    expect(past.page).toBe(2);
    expect(past.rows.map((row) => row.summary)).toEqual(["Libro 2", "Libro 1", "Libro 0"]);
  });

  it("offers every e-mail the log holds, once, in order", async () => {
    expect(await auditEmails(db)).toEqual([OWNER, STAFF].sort());
  });
});

describe("parseAuditFilters", () => {
  const parse = (query: string) => parseAuditFilters(new URLSearchParams(query), [OWNER, STAFF]);

  it("reads good values and treats empty ones as no filter", () => {
    expect(
      parse(
        `email=${encodeURIComponent(STAFF.toUpperCase())}&grupo=pedidos&desde=2026-03-01&hasta=2026-03-31&pagina=3`,
      ),
    ).toEqual({
      filters: { email: STAFF, group: "pedidos", from: "2026-03-01", to: "2026-03-31", page: 3 },
      notices: [],
    });
    expect(parse("email=&grupo=&desde=&hasta=&pagina=")).toEqual({ filters: NO_AUDIT_FILTERS, notices: [] });
  });

  it("leaves out what it cannot use and says why in Spanish", () => {
    const bad = parse("email=nadie@example.com&grupo=%3Cscript%3E&desde=2026-02-31&hasta=ayer&pagina=-2");
    expect(bad.filters).toEqual(NO_AUDIT_FILTERS);
    expect(bad.notices).toEqual([
      "No hay movimientos de ese correo en el registro: mostramos los de todo el equipo.",
      "Ese tipo de movimiento no existe: mostramos todos.",
      "La fecha «Desde» no es un día válido: la dejamos de lado.",
      "La fecha «Hasta» no es un día válido: la dejamos de lado.",
      "Esa página no existe: mostramos la primera.",
    ]);
    const reversed = parse("desde=2026-03-10&hasta=2026-03-01&pagina=1e3");
    expect(reversed.filters).toEqual(NO_AUDIT_FILTERS);
    expect(reversed.notices).toEqual([
      "La fecha «Desde» tiene que ser anterior o igual a «Hasta»: mostramos todas las fechas.",
      "Esa página no existe: mostramos la primera.",
    ]);
    expect(parse("grupo=__proto__").filters.group).toBeNull();
    expect(parse("grupo=toString").filters.group).toBeNull();
  });

  it("writes the URL back, leaving out what is not set", () => {
    expect(auditQuery(NO_AUDIT_FILTERS)).toBe("");
    expect(auditQuery({ email: "a+b@rizoma.com.ar", group: "ajustes", from: "2026-03-01", page: 2 })).toBe(
      "?email=a%2Bb%40rizoma.com.ar&grupo=ajustes&desde=2026-03-01&pagina=2",
    );
  });
});

/** Every action literal the domain and the routes write ("book.create", `box-subscription.${action}`...). */
async function writtenActions(): Promise<string[]> {
  const found = new Set<string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        const text = await readFile(file, "utf8");
        if (!/recordAudit|record\w*Export|audit:/.test(text)) continue;
        for (const match of text.matchAll(/action: [`"]([a-z-]+\.[a-z.${}-]+)[`"]/g)) found.add(match[1] ?? "");
        for (const match of text.matchAll(/subject: "([a-z-]+)"/g)) found.add(`${match[1]}.export`);
      }
    }
  };
  await walk(path.resolve("app"));
  return [...found].sort();
}

describe("AUDIT_GROUPS", () => {
  it("files every action the app writes under at least one group", async () => {
    const written = await writtenActions();
    expect(written).toContain("settings.update");
    expect(written).toContain("customer.export");
    const orphans = written.filter((action) =>
      (AUDIT_GROUPS as readonly AuditGroup[]).every((group) => !inAuditGroup(group, action)),
    );
    expect(orphans).toEqual([]);
  });
});
