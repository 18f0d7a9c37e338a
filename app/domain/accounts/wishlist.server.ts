import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { CatalogBook } from "~/domain/catalog/book-view.server";
import { toCatalogBook } from "~/domain/catalog/book-view.server";
import { getVisibleBook } from "~/domain/catalog/books.server";
import { catalogView } from "~/domain/catalog/view.server";
import { imageVersions, withCoverVersion } from "~/domain/images/versions.server";
import type { PageContext } from "~/domain/storefront/page";
import type { Db } from "~db/index";
import { books, customers, wishlistItems } from "~db/schema";

/**
 * "Quiero leerlo": the books a signed-in reader wants to read, keyed by their email (DESIGN §8: a
 * customer is an email), and the read-only link that shows them to anyone who has it. Only published
 * books go in; a book that is unpublished later stays in the table but is not shown, and deleting a book
 * removes it from every list (the foreign key cascades).
 */

/** A book card of the list: the catalogue's card shape, with the cover's content version. */
export type WishlistBook = CatalogBook & { coverVersion: string | null };

/** Adds the book (idempotent: adding twice keeps the first date). A book visitors cannot see is a NotFound. */
export async function addToWishlist(db: Db, email: string, bookId: number): Promise<void> {
  await getVisibleBook(db, bookId);
  await db.insert(wishlistItems).values({ email, bookId }).onConflictDoNothing();
}

/** Takes the book out; nothing happens when it was not in the list. */
export async function removeFromWishlist(db: Db, email: string, bookId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.email, email), eq(wishlistItems.bookId, bookId)));
}

/**
 * The heart: takes the book out when it is in the list, else adds it. Answers whether it is in the list
 * afterwards. A delete that removed nothing means it was not there, so two quick toggles never both add.
 */
export async function toggleWishlist(db: Db, email: string, bookId: number): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.email, email), eq(wishlistItems.bookId, bookId)))
    .returning({ bookId: wishlistItems.bookId });
  if (removed.length > 0) return false;
  await addToWishlist(db, email, bookId);
  return true;
}

/** The ids of the reader's books, for the hearts on cards (one indexed read by the primary key's prefix). */
export async function wishlistIds(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .select({ bookId: wishlistItems.bookId })
    .from(wishlistItems)
    .where(eq(wishlistItems.email, email));
  return rows.map((row) => row.bookId);
}

/** The reader's list as book cards, newest first; unpublished books are left out. */
export async function wishlistBooks(ctx: PageContext, email: string): Promise<WishlistBook[]> {
  const [rows, view] = await Promise.all([
    ctx.db
      .select({ book: books })
      .from(wishlistItems)
      .innerJoin(books, eq(books.id, wishlistItems.bookId))
      .where(and(eq(wishlistItems.email, email), eq(books.published, true)))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.bookId)),
    catalogView(ctx.db, ctx.config),
  ]);
  const versions = await imageVersions(
    ctx.db,
    rows.map((row) => row.book.coverUrl),
  );
  return rows.map((row) => withCoverVersion(toCatalogBook(row.book, view), versions));
}

/** The random part of a share link: 18 bytes, 24 base64url characters. */
const newToken = () => randomBytes(18).toString("base64url");
const TOKEN_SHAPE = /^[\w-]{24,64}$/;

/** The reader's share token, or null while the list is not shared. */
export async function wishlistShareToken(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ token: customers.wishlistToken }).from(customers).where(eq(customers.email, email));
  return row?.token ?? null;
}

/**
 * "Compartir mi lista": the token of /quiero-leer/{token}, made on the first share and kept after. The
 * token is only written where there is none yet, then read back: two first shares at once (two tabs)
 * both answer the one that won. The customer row is made when missing (a session normally has one).
 */
export async function shareWishlist(db: Db, email: string): Promise<string> {
  await db.insert(customers).values({ email }).onConflictDoNothing();
  await db
    .update(customers)
    .set({ wishlistToken: newToken(), updatedAt: new Date() })
    .where(and(eq(customers.email, email), isNull(customers.wishlistToken)));
  const token = await wishlistShareToken(db, email);
  if (!token) throw new Error("the wishlist token was not kept");
  return token;
}

/** "Dejar de compartir": the old link stops working at once; sharing again makes a new one. */
export async function stopSharingWishlist(db: Db, email: string): Promise<void> {
  await db.update(customers).set({ wishlistToken: null, updatedAt: new Date() }).where(eq(customers.email, email));
}

/** What /quiero-leer/{token} shows: the owner's first name when they saved one (never their email), and the books. */
export interface SharedWishlist {
  firstName: string | null;
  books: WishlistBook[];
}

/** The list behind a share link; null for a token that is not (or no longer) one. */
export async function sharedWishlist(ctx: PageContext, token: string): Promise<SharedWishlist | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [owner] = await ctx.db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.wishlistToken, token));
  if (!owner) return null;
  const firstName = owner.firstName?.trim() || null;
  return { firstName, books: await wishlistBooks(ctx, owner.email) };
}
