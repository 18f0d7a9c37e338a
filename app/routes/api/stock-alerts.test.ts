import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { updateBook } from "~/domain/catalog/admin-books.server";
import { books, mailOutbox, stockAlerts } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as baja from "../avisos-baja";
import { action } from "./stock-alerts";

const { database, db, admin, call } = await adminTestDatabase();
const site = { siteUrl: "http://localhost:3000", configuredSecret: null };
let ip = 0;
const post = (body: unknown) =>
  call(action, "/api/stock-alerts", {
    asAdmin: false,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    context: { clientIp: `10.66.0.${++ip}` },
  });

async function book(values: Partial<typeof books.$inferInsert> = {}) {
  const [row] = await db
    .insert(books)
    .values({
      title: `Libro ${randomUUID().slice(0, 8)}`,
      author: "Sara Gallardo",
      slug: randomUUID(),
      priceCents: 1_000_000,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no book");
  return row;
}

describe("POST /api/stock-alerts", () => {
  it("answers {success, message}, the same for a repeat; 404 for unknown books; 409 when on sale", async () => {
    const out = await book({ stock: 0 });
    const first = await post({ bookId: out.id, email: "Lector@Example.com" });
    expect(first).toEqual({
      status: 200,
      body: { success: true, message: "Listo: te avisamos a lector@example.com cuando vuelva a haber stock." },
    });
    expect(await post({ bookId: out.id, email: "lector@example.com" })).toEqual(first);
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.bookId, out.id))).toHaveLength(1);

    expect(await post({ bookId: 987_654, email: "a@example.com" })).toEqual({
      status: 404,
      body: { success: false, error: "No encontramos ese libro" },
    });
    expect((await post({ bookId: out.id, email: "no" })).status).toBe(400);
    const onSale = await book({ stock: 2 });
    expect((await post({ bookId: onSale.id, email: "a@example.com" })).status).toBe(409);
    const get = await call(action, "/api/stock-alerts", { asAdmin: false });
    expect(get.status).toBe(405);
  });
});

describe("/avisos/baja", () => {
  it("asks, cancels the address's waiting alerts, then says there is nothing left; a forged link is refused", async () => {
    const sent = await book({ stock: 0, title: "El que se va" });
    const waiting = await book({ stock: 0, title: "El que espera" });
    await post({ bookId: sent.id, email: "baja@example.com" });
    await post({ bookId: waiting.id, email: "baja@example.com" });
    await updateBook(db, admin, sent.id, { stock: 1 }, site);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "baja@example.com"));
    const url = new URL(String(mail?.headers["List-Unsubscribe"]).slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    expect(await baja.loader(routeArgs(path, database) as never)).toMatchObject({
      state: "ask",
      email: "baja@example.com",
      book: { id: sent.id, title: "El que se va" },
      waiting: [{ bookId: waiting.id, title: "El que espera" }],
    });
    expect(await baja.action(routeArgs(path, database, { method: "POST" }) as never)).toEqual({
      state: "done",
      email: "baja@example.com",
      cancelled: 1,
    });
    expect(await baja.loader(routeArgs(path, database) as never)).toEqual({
      state: "spent",
      email: "baja@example.com",
    });
    expect(await baja.action(routeArgs(path, database, { method: "POST" }) as never)).toEqual({
      state: "spent",
      email: "baja@example.com",
    });
    const forged = await baja.loader(routeArgs("/avisos/baja?t=1.nope", database) as never);
    expect(forged).toMatchObject({ init: { status: 400 }, data: { state: "invalid" } });
  });
});
