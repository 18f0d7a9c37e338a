import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NotFound } from "~/domain/errors";
import { books, customers, wishlistItems } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeContext } from "../../../tests/support/route-context";
import {
  addToWishlist,
  removeFromWishlist,
  sharedWishlist,
  shareWishlist,
  stopSharingWishlist,
  toggleWishlist,
  wishlistBooks,
  wishlistIds,
  wishlistShareToken,
} from "./wishlist.server";

const { database, db } = await adminTestDatabase();
const ctx = routeContext(database);

let counter = 0;
async function book(values: { published?: boolean } = {}) {
  counter++;
  const [row] = await db
    .insert(books)
    .values({ title: `Libro ${counter}`, slug: `libro-${counter}-${randomUUID()}`, priceCents: 1_500_000, ...values })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}
const reader = () => `lectora-${randomUUID()}@example.com`;
const rows = (email: string) => db.select().from(wishlistItems).where(eq(wishlistItems.email, email));

describe("the Quiero leerlo list", () => {
  it("adds a book once: adding it again changes nothing and keeps the first date", async () => {
    const email = reader();
    const { id } = await book();
    await addToWishlist(db, email, id);
    const [first] = await rows(email);
    await addToWishlist(db, email, id);
    await Promise.all([addToWishlist(db, email, id), addToWishlist(db, email, id)]);
    const after = await rows(email);
    expect(after).toHaveLength(1);
    expect(after[0]?.createdAt).toEqual(first?.createdAt);
  });

  it("refuses a book visitors cannot see (unpublished or unknown) with a NotFound, and writes nothing", async () => {
    const email = reader();
    const hidden = await book({ published: false });
    await expect(addToWishlist(db, email, hidden.id)).rejects.toBeInstanceOf(NotFound);
    await expect(toggleWishlist(db, email, 999_999)).rejects.toBeInstanceOf(NotFound);
    expect(await rows(email)).toEqual([]);
  });

  it("toggles: in, out, in again; removing what is not there is no error", async () => {
    const email = reader();
    const { id } = await book();
    expect(await toggleWishlist(db, email, id)).toBe(true);
    expect(await wishlistIds(db, email)).toEqual([id]);
    expect(await toggleWishlist(db, email, id)).toBe(false);
    expect(await wishlistIds(db, email)).toEqual([]);
    await removeFromWishlist(db, email, id);
    expect(await toggleWishlist(db, email, id)).toBe(true);
  });

  it("lists the reader's books newest first as catalogue cards, without books unpublished since", async () => {
    const email = reader();
    const [a, b, c] = [await book(), await book(), await book()];
    for (const each of [a, b, c]) if (each) await addToWishlist(db, email, each.id);
    await addToWishlist(db, reader(), a.id); // someone else's list is not this one
    const listed = await wishlistBooks(ctx, email);
    expect(listed.map((entry) => entry.title)).toEqual([c.title, b.title, a.title]);
    expect(listed[0]).toMatchObject({ id: c.id, price: 15_000, available: true, coverVersion: null });

    await db.update(books).set({ published: false }).where(eq(books.id, b.id));
    expect((await wishlistBooks(ctx, email)).map((entry) => entry.id)).toEqual([c.id, a.id]);
    // Deleting a book takes it out of every list (the foreign key cascades).
    await db.delete(books).where(eq(books.id, c.id));
    expect(await rows(email)).toHaveLength(2);
  });
});

describe("sharing the list", () => {
  it("gives concurrent first shares the same token, and keeps it for later shares", async () => {
    const email = reader();
    await db.insert(customers).values({ email });
    expect(await wishlistShareToken(db, email)).toBeNull();
    const tokens = await Promise.all(Array.from({ length: 6 }, () => shareWishlist(db, email)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^[\w-]{24}$/);
    expect(await shareWishlist(db, email)).toBe(tokens[0]);
    expect(await wishlistShareToken(db, email)).toBe(tokens[0]);
  });

  it("shows the owner's first name and books, never the email; stopping makes the old link nothing", async () => {
    const email = reader();
    const { id, title } = await book();
    await db.insert(customers).values({ email, firstName: " Inés ", lastName: "Ramírez" });
    await addToWishlist(db, email, id);
    const token = await shareWishlist(db, email);

    const shared = await sharedWishlist(ctx, token);
    expect(shared?.firstName).toBe("Inés");
    expect(shared?.books.map((entry) => entry.title)).toEqual([title]);
    expect(JSON.stringify(shared)).not.toContain(email);

    await stopSharingWishlist(db, email);
    expect(await sharedWishlist(ctx, token)).toBeNull();
    const again = await shareWishlist(db, email);
    expect(again).not.toBe(token);
    expect((await sharedWishlist(ctx, again))?.books).toHaveLength(1);
  });

  it("works for a reader without a customer row yet, and without a first name; unknown tokens are nothing", async () => {
    const email = reader();
    const token = await shareWishlist(db, email);
    expect(await sharedWishlist(ctx, token)).toEqual({ firstName: null, books: [] });
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.email, email)));
    expect(row?.wishlistToken).toBe(token);
    expect(await sharedWishlist(ctx, "x".repeat(24))).toBeNull();
    expect(await sharedWishlist(ctx, "../../etc")).toBeNull();
  });
});
