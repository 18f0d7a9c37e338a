export const SHOP_NAME = "Rizoma";
export const DEFAULT_TITLE = "Rizoma — Librería y editorial independiente";

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/**
 * The shop's description (pages without their own): it names the transfer discount only while there is
 * one. `transferPercent` null: unknown (outside the shop layout), so it is not named.
 */
export function shopDescription(transferPercent: number | null): string {
  const offers = transferPercent
    ? `Retiro y envío gratis en CABA, ${transferPercent}% off por transferencia y la Caja Rizoma todos los meses.`
    : "Retiro y envío gratis en CABA y la Caja Rizoma todos los meses.";
  return `Librería y editorial independiente de Buenos Aires: literatura, filosofía, arte y novela gráfica. ${offers}`;
}

/** The transfer discount the shop layout's loader hands to every page (null outside the shop). */
export function layoutTransferDiscount(matches: Matches | undefined): number | null {
  const layout = matches?.find((match) => match?.id === "routes/shop-layout");
  const percent = (layout?.data as { transferDiscountPercent?: unknown } | undefined)?.transferDiscountPercent;
  return typeof percent === "number" ? percent : null;
}

/** "<page> | Rizoma", or the shop's default title. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${SHOP_NAME}` : DEFAULT_TITLE;
}

type JsonLd = Record<string, unknown>;

export function seoMeta({
  title,
  matches,
  description = shopDescription(layoutTransferDiscount(matches)),
  noIndex = false,
  url,
  image,
  type = "website",
  jsonLd = [],
}: {
  title?: string;
  /** The route matches, so the default description names the shop's transfer discount. */
  matches?: Matches;
  description?: string;
  noIndex?: boolean;
  /** Absolute canonical URL of the page (also og:url). */
  url?: string;
  /** Absolute URL of the page's share image. */
  image?: string;
  type?: "website" | "book" | "article";
  /** Structured data blocks (schema.org), each rendered as its own ld+json script. */
  jsonLd?: JsonLd[];
}) {
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(url
      ? [
          { tagName: "link", rel: "canonical", href: url },
          { property: "og:url", content: url },
        ]
      : []),
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:locale", content: "es_AR" },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}

/**
 * The shop's public origin (PUBLIC_URL), which the shop layout's loader hands to every page: meta
 * functions read it from the matches to build canonical URLs.
 */
export function publicOrigin(matches: Matches): string {
  const layout = matches.find((match) => match?.id === "routes/shop-layout");
  const data = layout?.data as { publicUrl?: unknown } | undefined;
  return typeof data?.publicUrl === "string" ? data.publicUrl : "";
}

/** An absolute URL on the shop for a path ("/tienda" -> "https://rizoma.com.ar/tienda"). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/** schema.org BreadcrumbList for a page under the home. */
export function breadcrumbJsonLd(origin: string, trail: { name: string; path: string }[]): JsonLd {
  const items = [{ name: "Inicio", path: "/" }, ...trail];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

/** Meta of a content page under the home: title, description, canonical URL and its breadcrumbs. */
export function contentPageMeta(
  matches: Parameters<typeof publicOrigin>[0],
  page: { title: string; description: string; path: string },
) {
  const origin = publicOrigin(matches);
  return seoMeta({
    title: page.title,
    description: page.description,
    url: absoluteUrl(origin, page.path),
    type: "article",
    jsonLd: [breadcrumbJsonLd(origin, [{ name: page.title, path: page.path }])],
  });
}
