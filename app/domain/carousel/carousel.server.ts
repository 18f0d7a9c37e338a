import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { searchMatches } from "~/domain/catalog/search.server";
import { Conflict, NotFound } from "~/domain/errors";
import { centsToPesos } from "~/lib/money";
import type { Db } from "~db/index";
import { books } from "~db/schema";
import { CAROUSEL_FULL, MAX_CAROUSEL_BOOKS } from "./limits";

export { CAROUSEL_FULL, MAX_CAROUSEL_BOOKS };

/** The spec's "Book (admin carousel view)". */
export interface CarouselBook {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  available: boolean;
  stock: number;
  price: number | null;
  featured: boolean;
  featuredOrder: number;
}

const carouselColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  coverUrl: books.coverUrl,
  available: books.available,
  stock: books.stock,
  priceCents: books.priceCents,
  featured: books.featured,
  featuredOrder: books.featuredOrder,
};

type CarouselRow = Pick<typeof books.$inferSelect, keyof typeof carouselColumns>;

const toCarouselBook = ({ priceCents, ...row }: CarouselRow): CarouselBook => ({
  ...row,
  price: centsToPesos(priceCents),
});

/** Featured books by order, and the available ones that could join (optionally searched). */
export async function carouselState(
  db: Db,
  search = "",
): Promise<{ featured: CarouselBook[]; candidates: CarouselBook[] }> {
  const featured = await db
    .select(carouselColumns)
    .from(books)
    .where(eq(books.featured, true))
    .orderBy(asc(books.featuredOrder), asc(books.id));
  const candidates = await db
    .select(carouselColumns)
    .from(books)
    .where(
      and(
        eq(books.published, true),
        eq(books.available, true),
        eq(books.featured, false),
        search ? searchMatches(search) : undefined,
      ),
    )
    .orderBy(desc(books.id))
    .limit(search ? 50 : 200);
  return { featured: featured.map(toCarouselBook), candidates: candidates.map(toCarouselBook) };
}

export const featuredSchema = z
  .object({
    featured: z.boolean({ error: "featured debe ser verdadero o falso" }),
    featuredOrder: z
      .number({ error: "El orden debe ser un número" })
      .int("El orden debe ser un número entero")
      .min(0, "El orden no puede ser negativo")
      .max(1000, "El orden es demasiado grande")
      .optional(),
  })
  .strict();

export type FeaturedChange = z.infer<typeof featuredSchema>;

/** Every carousel change runs under one lock, so two admins adding at once cannot pass the maximum. */
const CAROUSEL_LOCK = 727002;

/**
 * PATCH /api/books/{id}/featured. Featuring gives the next order (highest + 1, or 1) unless one is
 * given; removing sets featured false and order 0; an order alone moves a featured book.
 */
export async function setFeatured(
  db: Db,
  admin: AdminIdentity,
  id: number,
  change: FeaturedChange,
): Promise<CarouselBook> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAROUSEL_LOCK})`);
    const [book] = await tx.select().from(books).where(eq(books.id, id)).for("update");
    if (!book) throw new NotFound("Producto no encontrado");
    let featuredOrder = 0;
    if (change.featured) {
      if (!book.featured) {
        if (!book.published || !book.available) throw new Conflict("Solo se pueden destacar libros disponibles");
        const [row] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number), top: max(books.featuredOrder) })
          .from(books)
          .where(eq(books.featured, true));
        if ((row?.n ?? 0) >= MAX_CAROUSEL_BOOKS) throw new Conflict(CAROUSEL_FULL);
        featuredOrder = change.featuredOrder ?? (row?.top ?? 0) + 1;
      } else {
        featuredOrder = change.featuredOrder ?? book.featuredOrder;
      }
    }
    const [updated] = await tx
      .update(books)
      .set({ featured: change.featured, featuredOrder, updatedAt: new Date() })
      .where(eq(books.id, id))
      .returning(carouselColumns);
    if (!updated) throw new NotFound("Producto no encontrado");
    const summary = !change.featured
      ? `Sacó «${book.title}» del carrusel`
      : book.featured
        ? `Movió «${book.title}» al lugar ${featuredOrder} del carrusel`
        : `Agregó «${book.title}» al carrusel`;
    await recordAudit(tx as unknown as Db, admin, {
      action: change.featured ? (book.featured ? "carousel.order" : "carousel.add") : "carousel.remove",
      entity: "book",
      entityId: id,
      summary,
      details: { featuredOrder },
    });
    return toCarouselBook(updated);
  });
  await publicPagesChanged(db, "carousel.featured");
  return result;
}

/** 'Reordenar': numbers the featured books 1..n in their current order. */
export async function renumberCarousel(db: Db, admin: AdminIdentity): Promise<CarouselBook[]> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAROUSEL_LOCK})`);
    const featured = await tx
      .select({ id: books.id })
      .from(books)
      .where(eq(books.featured, true))
      .orderBy(asc(books.featuredOrder), asc(books.id));
    for (const [index, { id }] of featured.entries()) {
      await tx
        .update(books)
        .set({ featuredOrder: index + 1 })
        .where(eq(books.id, id));
    }
    await recordAudit(tx as unknown as Db, admin, {
      action: "carousel.reorder",
      entity: "carousel",
      summary: `Reordenó el carrusel (${featured.length} libros)`,
    });
    const rows = await tx
      .select(carouselColumns)
      .from(books)
      .where(eq(books.featured, true))
      .orderBy(asc(books.featuredOrder), asc(books.id));
    return rows.map(toCarouselBook);
  });
  await publicPagesChanged(db, "carousel.reorder");
  return result;
}
