import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { FORBIDDEN_MESSAGE } from "~/domain/auth/roles";
import { FAIR_MESSAGES } from "~/domain/fairs/input";
import { adminUsers, auditLog, books, fairStock, fairs, stockMovements } from "~db/schema";
import { addAdmin, adminTestDatabase } from "../../../../tests/support/admin-database";
import { routeArgs } from "../../../../tests/support/route-context";
import * as api from "../../api/admin/ferias";
import * as detail from "./detail";
import * as list from "./list";
import * as remito from "./remito";

/** The fairs' pages as a browser without JavaScript uses them: plain forms, 303s, Spanish 400s and 403s. */
const { database, db, admin, call } = await adminTestDatabase();
const STAFF: AdminIdentity = { id: 7, email: "feriante@rizoma.com.ar", role: "staff" };

type Failure = {
  data: { message: string; fields: Record<string, string>; values: Record<string, unknown> };
  init: { status: number };
};

const post = (route: { action: unknown }, url: string, fields: [string, string][], as: AdminIdentity = admin) =>
  (route.action as (args: unknown) => Promise<Response | Failure>)(
    routeArgs(url, database, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      params: { id: /ferias\/(\d+)/.exec(url)?.[1] ?? "" },
      context: { admin: as },
    }),
  );

const load = <T>(route: { loader: unknown }, url: string, as: AdminIdentity = admin) =>
  (route.loader as (args: unknown) => Promise<T>)(
    routeArgs(url, database, { params: { id: /ferias\/(\d+)/.exec(url)?.[1] ?? "" }, context: { admin: as } }),
  );

const fairFields = (overrides: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    intent: "create",
    name: "FED",
    place: "Complejo Art Media",
    startsOn: "2026-06-20",
    endsOn: "2026-06-21",
    discountPercent: "",
    ...overrides,
  });

async function book(stock: number, title: string) {
  const [row] = await db
    .insert(books)
    .values({ title, slug: `libro-${randomUUID()}`, priceCents: 1_500_000, stock, isbn: "9789870000017" })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const fairCount = async () => (await db.select({ n: count() }).from(fairs))[0]?.n;

describe("/admin/ferias", () => {
  it("an owner creates a fair and lands on its page; mistakes keep what was typed; staff may not create", async () => {
    await addAdmin(db, STAFF);
    const created = (await post(list, "/admin/ferias", [...fairFields(), ["sellers", String(STAFF.id)]])) as Response;
    expect(created.status).toBe(303);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/ferias\/\d+\?aviso=creada$/);

    const before = await fairCount();
    const bad = (await post(
      list,
      "/admin/ferias",
      fairFields({ name: "Noche de las Librerías", endsOn: "2026-06-19", discountPercent: "150" }),
    )) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.fields).toEqual({ endsOn: FAIR_MESSAGES.datesOrder, discountPercent: FAIR_MESSAGES.discount });
    expect(bad.data.values).toMatchObject({ name: "Noche de las Librerías", discountPercent: "150" });
    const staff = (await post(list, "/admin/ferias", fairFields(), STAFF)) as Failure;
    expect(staff.init.status).toBe(403);
    expect(staff.data.message).toBe(FORBIDDEN_MESSAGE);
    expect(await fairCount()).toBe(before);

    const page = await load<Awaited<ReturnType<typeof list.loader>>>(list, "/admin/ferias");
    expect(page.fairs.map((fair) => fair.name)).toContain("FED");
    expect((await load<Awaited<ReturnType<typeof list.loader>>>(list, "/admin/ferias", STAFF)).team).toEqual([]);
  });

  it("staff take books to the fair (a 400 naming the book when the shop has fewer); owners open and close it", async () => {
    await db
      .insert(adminUsers)
      .values({ id: STAFF.id, email: STAFF.email, role: "staff", passwordHash: "x" })
      .onConflictDoNothing();
    const created = (await post(list, "/admin/ferias", fairFields({ name: "Feria de editoriales" }))) as Response;
    const id = Number(/ferias\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const page = `/admin/ferias/${id}`;
    const zama = await book(5, "Zama");

    const search = await load<Awaited<ReturnType<typeof detail.loader>>>(detail, `${page}?buscar=zama`, STAFF);
    expect(search.results).toContainEqual(expect.objectContaining({ id: zama.id, stock: 5, atFair: 0 }));
    expect(search.owner).toBe(false);

    const tooMany = (await post(
      detail,
      `${page}?buscar=zama`,
      [
        ["intent", "move"],
        [`quantity-${zama.id}`, "8"],
      ],
      STAFF,
    )) as Failure;
    expect(tooMany.init.status).toBe(400);
    expect(tooMany.data.message).toBe("No alcanza el stock de la tienda. «Zama»: pediste 8 y en la tienda hay 5.");
    expect(tooMany.data.fields).toEqual({ [`quantity-${zama.id}`]: "En la tienda hay 5" });
    expect(tooMany.data.values).toEqual({ [`quantity-${zama.id}`]: "8" });
    const nothing = (await post(
      detail,
      page,
      [
        ["intent", "move"],
        [`quantity-${zama.id}`, ""],
      ],
      STAFF,
    )) as Failure;
    expect(nothing.data.message).toBe(FAIR_MESSAGES.moveNothing);
    const garbage = (await post(
      detail,
      page,
      [
        ["intent", "move"],
        [`quantity-${zama.id}`, "2,5"],
      ],
      STAFF,
    )) as Failure;
    expect(garbage.init.status).toBe(400);
    expect(garbage.data.fields).toEqual({ [`quantity-${zama.id}`]: FAIR_MESSAGES.moveQuantity });
    expect(await db.select().from(stockMovements).where(eq(stockMovements.bookId, zama.id))).toEqual([]);

    const moved = (await post(
      detail,
      page,
      [
        ["intent", "move"],
        [`quantity-${zama.id}`, "3"],
      ],
      STAFF,
    )) as Response;
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${page}?aviso=llevados&n=3`);
    const after = await load<Awaited<ReturnType<typeof detail.loader>>>(detail, `${page}?aviso=llevados&n=3`, STAFF);
    expect(after.notice?.message).toContain("Llevaste 3 ejemplares");
    expect(after.books).toEqual([expect.objectContaining({ title: "Zama", sent: 3, onTable: 3, shopStock: 2 })]);

    // Staff may not open, edit or close.
    for (const intent of ["open", "update", "close"]) {
      const refused = (await post(detail, page, [["intent", intent]], STAFF)) as Failure;
      expect(refused.init.status, intent).toBe(403);
    }
    const opened = (await post(detail, page, [["intent", "open"]])) as Response;
    expect(opened.headers.get("location")).toBe(`${page}?aviso=abierta`);

    const overCount = (await post(detail, page, [
      ["intent", "close"],
      [`back-${zama.id}`, "4"],
    ])) as Failure;
    expect(overCount.init.status).toBe(400);
    expect(overCount.data.message).toBe(FAIR_MESSAGES.countedTooMany("Zama", 4, 3));
    expect(overCount.data.fields).toEqual({ [`back-${zama.id}`]: "En la mesa hay 3" });
    const blank = (await post(detail, page, [
      ["intent", "close"],
      [`back-${zama.id}`, ""],
    ])) as Failure;
    expect(blank.data.fields).toEqual({ [`back-${zama.id}`]: FAIR_MESSAGES.backCount });
    expect((await db.select().from(fairs).where(eq(fairs.id, id)))[0]?.status).toBe("open");

    const closed = (await post(detail, page, [
      ["intent", "close"],
      [`back-${zama.id}`, "2"],
    ])) as Response;
    expect(closed.headers.get("location")).toBe(`${page}?aviso=cerrada`);
    const [row] = await db.select().from(fairStock).where(eq(fairStock.fairId, id));
    expect(row).toMatchObject({ quantity: 0, returnedQuantity: 2, shortQuantity: 1 });
    const final = await load<Awaited<ReturnType<typeof detail.loader>>>(detail, page);
    expect(final.fair.status).toBe("closed");
    expect(final.totals).toMatchObject({ sent: 3, returned: 2, short: 1 });
    const again = (await post(detail, page, [["intent", "close"]])) as Failure;
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe(FAIR_MESSAGES.alreadyClosed);
    expect(
      (
        await db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(id)))
      )
        .map((line) => line.action)
        .sort(),
    ).toEqual(["fair.close", "fair.create", "fair.move", "fair.open"]);

    const packing = await load<Awaited<ReturnType<typeof remito.loader>>>(remito, `${page}/remito`, STAFF);
    expect(packing).toMatchObject({ titles: 1, copies: 3, returned: 2 });
    expect(packing.lines[0]).toMatchObject({ title: "Zama", isbn: "9789870000017", sent: 3 });
  });

  it("hostile forms are answered with a 4xx in Spanish and write nothing", async () => {
    const created = (await post(list, "/admin/ferias", fairFields({ name: "Para romper" }))) as Response;
    const page = `/admin/ferias/${/ferias\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]}`;
    const before = { fairs: await fairCount(), moves: (await db.select().from(stockMovements)).length };
    const attempts: [string, [string, string][]][] = [
      ["/admin/ferias", fairFields({ name: "x".repeat(10_000) })],
      ["/admin/ferias", fairFields({ startsOn: "0000-01-01", endsOn: "99999-01-01" })],
      ["/admin/ferias", [...fairFields(), ["sellers", "abc"], ["sellers", "99999999999999"]]],
      ["/admin/ferias", fairFields({ discountPercent: "1e2" })],
      ["/admin/ferias", [["intent", "__proto__"]]],
      [
        page,
        [
          ["intent", "move"],
          ["quantity-1", "-1"],
        ],
      ],
      [
        page,
        [
          ["intent", "move"],
          ["quantity-999999999", "1"],
        ],
      ],
      [
        page,
        [
          ["intent", "move"],
          ["quantity-1", "99999999999"],
        ],
      ],
      [
        page,
        [
          ["intent", "close"],
          ["back-1", "abc"],
        ],
      ],
      [
        page,
        [
          ["intent", "update"],
          ["name", ""],
        ],
      ],
      [page, [["intent", "constructor"]]],
      ["/admin/ferias/999999999", [["intent", "close"]]],
    ];
    for (const [url, fields] of attempts) {
      const answer = (await post(url.includes("/admin/ferias/") ? detail : list, url, fields)) as Failure;
      expect(answer.init.status, JSON.stringify(fields).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(answer.init.status).toBeLessThan(500);
      expect(answer.data.message).toMatch(/[a-záéíóúñ]/i);
    }
    expect({ fairs: await fairCount(), moves: (await db.select().from(stockMovements)).length }).toEqual(before);
  });

  it("an unknown fair is a 404; the API lists the open fairs", async () => {
    type Thrown = { init?: { status: number } };
    const missing = (await load(detail, "/admin/ferias/999999").catch((error) => error)) as Thrown;
    expect(missing.init?.status).toBe(404);
    const notAnId = (await load(remito, "/admin/ferias/abc/remito").catch((error) => error)) as Thrown;
    expect(notAnId.init?.status).toBe(404);
    const created = (await post(
      list,
      "/admin/ferias",
      fairFields({ name: "Abierta", discountPercent: "10" }),
    )) as Response;
    const id = Number(/ferias\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    await post(detail, `/admin/ferias/${id}`, [["intent", "open"]]);
    const answer = await call(api.loader, "/api/admin/ferias");
    expect(answer.status).toBe(200);
    expect(answer.body.fairs).toContainEqual({
      id,
      name: "Abierta",
      place: "Complejo Art Media",
      startsOn: "2026-06-20",
      endsOn: "2026-06-21",
      discountPercent: 10,
      youSell: true,
    });
    expect((await call(api.loader, "/api/admin/ferias", { asAdmin: false })).status).toBe(401);
    expect((await call(api.action, "/api/admin/ferias", { method: "POST" })).status).toBe(405);
  });
});
