import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { wishlistIds } from "~/domain/accounts/wishlist.server";
import { safeReturnPath } from "~/lib/customer.server";
import { books, customers } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as shared from "../quiero-leer";
import * as shopLayout from "../shop-layout";
import * as page from "./quiero-leer";

const { database, db } = await adminTestDatabase();

let counter = 0;
async function book(published = true) {
  counter++;
  const [row] = await db
    .insert(books)
    .values({
      title: `Rayuela ${counter}`,
      slug: `rayuela-${counter}-${randomUUID()}`,
      priceCents: 2_000_000,
      published,
    })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}
const reader = () => ({ email: `lector-${randomUUID()}@example.com` });

/** Runs the action as a plain form post (no JavaScript); a thrown redirect is answered like a returned one. */
async function post(fields: Record<string, string>, customer: { email: string } | null) {
  try {
    return await page.action(
      routeArgs("/cuenta/quiero-leer", database, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        context: { customer },
      }) as never,
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const location = (answer: unknown) => (answer as Response).headers.get("location");
const status = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init: { status: number } }).init.status;

describe("POST /cuenta/quiero-leer (the hearts)", () => {
  it("sends a visitor who is not signed in to the sign-in page, which comes back to add the book", async () => {
    const { id } = await book();
    const answer = await post({ intent: "toggle", bookId: String(id), volver: "/tienda" }, null);
    expect(status(answer)).toBe(303);
    const target = new URL(location(answer) ?? "", "http://localhost");
    expect(target.pathname).toBe("/cuenta/ingresar");
    const back = target.searchParams.get("volver");
    expect(back).toBe(`/cuenta/quiero-leer?agregar=${id}`);
    expect(safeReturnPath(back)).toBe(back); // the sign-in page honours it
    // Anything else a visitor posts here also needs the sign-in first.
    const share = await post({ intent: "share" }, null);
    expect(location(share)).toBe(`/cuenta/ingresar?volver=${encodeURIComponent("/cuenta/quiero-leer")}`);
  });

  it("toggles the book and goes back to the page the heart was on", async () => {
    const customer = reader();
    const { id } = await book();
    const fields = { intent: "toggle", bookId: String(id), volver: "/tienda?categoria=literatura&pagina=2" };
    const added = await post(fields, customer);
    expect(status(added)).toBe(303);
    expect(location(added)).toBe("/tienda?categoria=literatura&pagina=2");
    expect(await wishlistIds(db, customer.email)).toEqual([id]);
    await post(fields, customer);
    expect(await wishlistIds(db, customer.email)).toEqual([]);
  });

  it("goes back only to a path of this site", async () => {
    const customer = reader();
    const { id } = await book();
    const back = async (volver: string) =>
      location(await post({ intent: "add", bookId: String(id), volver }, customer));
    expect(await back("/libro/12")).toBe("/libro/12");
    for (const outside of [
      "//evil.example/libro",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "libro/12",
      "/\t/evil.example",
      "",
    ]) {
      expect(await back(outside), outside).toBe("/cuenta/quiero-leer");
    }
  });

  it("answers a fetcher with data instead of a redirect, and says when the book is not in the shop", async () => {
    const customer = reader();
    const { id } = await book();
    expect(await post({ intent: "add", bookId: String(id), respuesta: "datos" }, customer)).toEqual({ wished: true });
    expect(await post({ intent: "add", bookId: String(id), respuesta: "datos" }, customer)).toEqual({ wished: true });
    expect(await post({ intent: "remove", bookId: String(id), respuesta: "datos" }, customer)).toEqual({
      wished: false,
    });

    const hidden = await book(false);
    const refused = (await post({ intent: "toggle", bookId: String(hidden.id), volver: "/tienda" }, customer)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(404);
    expect(refused.data.message).toBe("Ese libro ya no está en la tienda.");
    expect(status(await post({ intent: "toggle", bookId: "abc" }, customer))).toBe(404);
    expect(status(await post({ intent: "borrar-todo" }, customer))).toBe(400);
    expect(await wishlistIds(db, customer.email)).toEqual([]);
  });

  it("shares the list, then stops sharing it", async () => {
    const customer = reader();
    const shareLink = async () =>
      (
        (await page.loader(routeArgs("/cuenta/quiero-leer", database, { context: { customer } }) as never)) as {
          shareUrl: string | null;
        }
      ).shareUrl;
    expect(await shareLink()).toBeNull();
    expect(location(await post({ intent: "share" }, customer))).toBe("/cuenta/quiero-leer#compartir");
    const url = await shareLink();
    expect(url).toMatch(/^http:\/\/localhost:3000\/quiero-leer\/[\w-]{24}$/);
    await post({ intent: "unshare" }, customer);
    expect(await shareLink()).toBeNull();
  });
});

describe("GET /cuenta/quiero-leer?agregar= (back from the sign-in page)", () => {
  it("adds the book once, then shows it with a confirmation on a clean address", async () => {
    const customer = reader();
    const { id, title } = await book();
    const load = (url: string) => page.loader(routeArgs(url, database, { context: { customer } }) as never);
    const added = await load(`/cuenta/quiero-leer?agregar=${id}`);
    expect(location(added)).toBe(`/cuenta/quiero-leer?agregado=${id}`);
    const shown = (await load(`/cuenta/quiero-leer?agregado=${id}`)) as Awaited<ReturnType<typeof page.loader>>;
    expect(shown).toMatchObject({ notice: { id, text: `Agregamos «${title}» a tu lista.` } });
    expect("books" in shown && shown.books.map((entry) => entry.id)).toEqual([id]);

    const hidden = await book(false);
    expect(location(await load(`/cuenta/quiero-leer?agregar=${hidden.id}`))).toBe("/cuenta/quiero-leer?agregado=no");
    expect(await wishlistIds(db, customer.email)).toEqual([id]);
  });
});

describe("the hearts' data and the shared page", () => {
  it("gives the shop layout the reader's ids, and an empty list to everyone else", async () => {
    const customer = reader();
    const { id } = await book();
    await post({ intent: "add", bookId: String(id) }, customer);
    const layout = (who: { email: string } | null) =>
      shopLayout.loader(routeArgs("/tienda", database, { context: { customer: who } }) as never);
    expect((await layout(customer)).wishlist).toEqual([id]);
    expect((await layout(null)).wishlist).toEqual([]);
  });

  it("answers 404 for a link that is not (or no longer) shared", async () => {
    const customer = reader();
    await db.insert(customers).values({ ...customer, firstName: "Ana" });
    await post({ intent: "share" }, customer);
    const [row] = await db.select().from(customers).where(eq(customers.email, customer.email));
    const token = row?.wishlistToken ?? "";
    const open = (value: string) =>
      shared.loader(routeArgs(`/quiero-leer/${value}`, database, { params: { token: value } }) as never);
    expect(await open(token)).toEqual({ firstName: "Ana", books: [] });
    await post({ intent: "unshare" }, customer);
    const refused = await open(token).catch((error: unknown) => error);
    expect((refused as { init: { status: number } }).init.status).toBe(404);
  });
});
