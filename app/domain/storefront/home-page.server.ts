import { boxMonthlyPrice, boxTaxRate } from "~/domain/box/page-data.server";
import { referenceData } from "~/domain/cache/reference-data.server";
import { featuredBooks, newArrivals, newestInCategory } from "~/domain/catalog/books.server";
import { cardBook } from "~/domain/catalog/card-book.server";
import { publishedCount, shopCategories } from "~/domain/catalog/reference.server";
import { titleCountLabel } from "~/domain/catalog/title-count";
import { imageVersions, withCoverVersion } from "~/domain/images/versions.server";
import { whatsappLink } from "~/domain/settings/argentina";
import { publicSections } from "~/domain/settings/public-settings.server";
import { netOf } from "~/domain/taxes/net-prices";
import { htmlToText } from "~/lib/html.server";
import { pageParts } from "~/lib/page-parts.server";
import type { Db } from "~db/index";
import type { ComposedPage, PageContext } from "./page";

/**
 * The home: carousel (featured books, bank data, the box's price), new arrivals, one card per category,
 * the title count, contact and shipping. A failing featured or new-arrivals query leaves its section
 * empty (`partial`); the rest of the home still shows. All but the carousel and the new arrivals (which
 * move with stock and the carousel's order) is reference data, kept in memory between changes.
 */
export async function homePage(ctx: PageContext) {
  // The settings are in memory between changes; the tax table gives each book its net price.
  const settings = await publicSections(ctx.db);
  const view = { storeUrl: ctx.config.storeUrl, taxes: settings.taxes.categories };
  const parts = pageParts(ctx);
  const [featured, arrivals, cards, titles, boxMonthlyCents] = await Promise.all([
    parts.orFallback("featured books", featuredBooks(ctx.db, view), []),
    parts.orFallback("new arrivals", newArrivals(ctx.db, view, 6), []),
    categoryCards(ctx.db),
    publishedCount(ctx.db),
    boxMonthlyPrice(ctx.db),
  ]);
  // Content versions make the covers' image URLs immutable (docs/decisions/0012-cover-variants.md).
  const versions = await imageVersions(ctx.db, [
    ...featured.map((book) => book.coverUrl),
    ...arrivals.map((book) => book.coverUrl),
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
        netPrice: book.netPrice,
        isPreorder: book.isPreorder,
        preorderPrice: book.preorderPrice,
        blurb: htmlToText(book.description).slice(0, 220),
      })),
      bank: { holder: bank.holder, bank: bank.bank, cbu: bank.cbu, alias: bank.alias, cuit: bank.cuit },
      boxMonthlyCents,
      boxMonthlyNetCents: netOf(boxMonthlyCents, boxTaxRate(settings.taxes.categories)),
    },
    arrivals: arrivals.map((book) => cardBook(withCoverVersion(book, versions))),
    categories: cards,
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

/**
 * One card per category with its three newest covers (and their content versions): reference data, since
 * only a book's or a category's write changes it (app/domain/cache/reference-data.server.ts).
 */
function categoryCards(db: Db) {
  return referenceData(db, "home.category-cards", async () => {
    // Only the covers are read: no store link, no prices.
    const view = { storeUrl: null, taxes: [] };
    const categories = await shopCategories(db);
    const cards = await Promise.all(
      categories.map(async ({ key, name, description }) => {
        const books = await newestInCategory(db, view, key, 3);
        return { key, name, description, covers: books.map(({ id, title, coverUrl }) => ({ id, title, coverUrl })) };
      }),
    );
    const versions = await imageVersions(
      db,
      cards.flatMap((card) => card.covers.map((cover) => cover.coverUrl)),
    );
    return cards.map((card) => ({ ...card, covers: card.covers.map((cover) => withCoverVersion(cover, versions)) }));
  });
}
