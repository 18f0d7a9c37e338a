import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carouselState, renumberCarousel, setFeatured } from "~/domain/carousel/carousel.server";
import { featuredBooks } from "~/domain/catalog/books.server";
import { DEFAULT_TAX_CATEGORIES } from "~/domain/taxes/fiscal";
import { auditLog, books } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import * as featuredRoute from "./book-featured";

const { db, admin, call } = await adminTestDatabase({ catalogue: true });

const patch = (id: number | string, body: unknown, asAdmin = true) =>
  call(featuredRoute.action, `/api/books/${id}/featured`, {
    method: "PATCH",
    params: { id: String(id) },
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    asAdmin,
  });

describe("carousel", () => {
  it("adds with the next order, moves, removes (order 0) and renumbers", async () => {
    const [candidate] = (await carouselState(db, "anaconda")).candidates;
    if (!candidate) throw new Error("Anaconda is available in the demo");
    const added = await patch(candidate.id, { featured: true });
    expect(added).toMatchObject({ status: 200, body: { success: true, book: { featured: true, featuredOrder: 5 } } });
    expect((await featuredBooks(db, { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES })).at(-1)?.id).toBe(candidate.id);

    expect((await patch(candidate.id, { featured: true, featuredOrder: 0 })).body.book.featuredOrder).toBe(0);
    expect((await featuredBooks(db, { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES }))[0]?.id).toBe(candidate.id);
    expect((await renumberCarousel(db, admin)).map((book) => [book.id === candidate.id, book.featuredOrder])).toEqual([
      [true, 1],
      [false, 2],
      [false, 3],
      [false, 4],
      [false, 5],
    ]);

    const removed = await patch(candidate.id, { featured: false });
    expect(removed.body.book).toMatchObject({ featured: false, featuredOrder: 0 });
    const summaries = (await db.select().from(auditLog)).map((entry) => entry.summary);
    expect(summaries).toContain("Agregó «Anaconda» al carrusel");
    expect(summaries).toContain("Sacó «Anaconda» del carrusel");
  });

  it("never holds more than 6, even when admins add at the same time", async () => {
    const { candidates } = await carouselState(db);
    const results = await Promise.all(candidates.slice(0, 5).map((book) => patch(book.id, { featured: true })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.body).toEqual({ success: false, error: "Máximo 6 libros en el carrusel" });
    expect((await carouselState(db)).featured).toHaveLength(6);
  });

  it("refuses unavailable books, unknown ids, bad bodies and anonymous calls", async () => {
    const [unavailable] = await db.select().from(books).where(eq(books.available, false));
    await setFeatured(db, admin, (await carouselState(db)).featured[0]?.id ?? 0, { featured: false });
    expect((await patch(unavailable?.id ?? 0, { featured: true })).status).toBe(409);
    expect((await patch(999999, { featured: true })).status).toBe(404);
    for (const body of [
      { featured: "sí" },
      { featured: true, featuredOrder: -1 },
      { featured: true, featuredOrder: 1.5 },
      { featured: true, x: 1 },
      {},
    ]) {
      const result = await patch(1, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.success).toBe(false);
    }
    expect((await patch(1, { featured: true }, false)).status).toBe(401);
  });
});
