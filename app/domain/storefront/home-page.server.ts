import { monthlyPriceCents } from "~/domain/box/plans.server";
import { featuredBooks, newArrivals, newestInCategory } from "~/domain/catalog/books.server";
import { listCategories } from "~/domain/catalog/categories.server";
import { countPublishedBooks } from "~/domain/catalog/public-index.server";
import { titleCountLabel } from "~/domain/catalog/title-count";
import { imageVersions, withCoverVersion } from "~/domain/images/versions.server";
import { whatsappLink } from "~/domain/settings/argentina";
import { getSettings } from "~/domain/settings/settings.server";
import { htmlToText } from "~/lib/html.server";
import { pageParts } from "~/lib/page-parts.server";
import type { ComposedPage, PageContext } from "./page";

/**
 * The home: carousel (featured books, bank data, the box's price), new arrivals, one card per category,
 * the title count, contact and shipping. A failing featured or new-arrivals query leaves its section
 * empty (`partial`); the rest of the home still shows.
 */
export async function homePage(ctx: PageContext) {
  const view = { storeUrl: ctx.config.storeUrl };
  const parts = pageParts(ctx);
  const [featured, arrivals, categories, titles, settings, boxMonthlyCents] = await Promise.all([
    parts.orFallback("featured books", featuredBooks(ctx.db, view), []),
    parts.orFallback("new arrivals", newArrivals(ctx.db, view, 6), []),
    listCategories(ctx.db),
    countPublishedBooks(ctx.db),
    getSettings(ctx.db),
    monthlyPriceCents(ctx.db),
  ]);
  const cards = await Promise.all(
    categories.map(async ({ key, name, description }) => {
      const books = await newestInCategory(ctx.db, view, key, 3);
      return { key, name, description, covers: books.map(({ id, title, coverUrl }) => ({ id, title, coverUrl })) };
    }),
  );
  // Content versions make the covers' image URLs immutable (docs/decisions/0012-cover-variants.md).
  const versions = await imageVersions(ctx.db, [
    ...featured.map((book) => book.coverUrl),
    ...arrivals.map((book) => book.coverUrl),
    ...cards.flatMap((card) => card.covers.map((cover) => cover.coverUrl)),
  ]);
  const { contact, bank, shipping } = settings;
  const home = {
    carousel: {
      featured: featured.map((book) => ({
        id: book.id,
        title: book.title,
        author: book.author,
        coverUrl: book.coverUrl,
        coverVersion: withCoverVersion(book, versions).coverVersion,
        price: book.price,
        originalPrice: book.originalPrice,
        isPreorder: book.isPreorder,
        preorderPrice: book.preorderPrice,
        blurb: htmlToText(book.description).slice(0, 220),
      })),
      bank: { holder: bank.holder, bank: bank.bank, cbu: bank.cbu, alias: bank.alias, cuit: bank.cuit },
      boxMonthlyCents,
    },
    arrivals: arrivals.map((book) => withCoverVersion(book, versions)),
    categories: cards.map((card) => ({
      ...card,
      covers: card.covers.map((cover) => withCoverVersion(cover, versions)),
    })),
    titles: titleCountLabel(titles),
    contact: { ...contact, whatsappUrl: whatsappLink(contact.whatsapp) },
    shipping: {
      pickupAddress: contact.address,
      pickupHours: contact.hours,
      standardDays: shipping.standardDays,
      fastDays: shipping.fastDays,
    },
  };
  return { page: home, partial: parts.failed } satisfies ComposedPage<typeof home>;
}
