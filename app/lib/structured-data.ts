import { SHOP_NAME } from "./seo";

/**
 * Extra head tags for shop pages: canonical link, Open Graph extras and JSON-LD (as React Router meta
 * descriptors). Builders take absolute URLs; pages pass `publicUrl` from their loader.
 */
type MetaDescriptor = Record<string, unknown>;

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function canonicalMeta(url: string, extra: { image?: string | null; type?: string } = {}): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    { property: "og:type", content: extra.type ?? "website" },
    ...(extra.image ? [{ property: "og:image", content: extra.image }] : []),
  ];
}

export function jsonLdMeta(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export function itemListJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: item.url,
      name: item.name,
    })),
  };
}

export type Availability = "InStock" | "OutOfStock" | "PreOrder" | "Discontinued" | "BackOrder";

export function bookJsonLd(book: {
  url: string;
  title: string;
  author: string;
  description: string;
  image: string | null;
  isbn: string | null;
  publisher: string | null;
  sku: string | null;
  /** Pesos; null = no published price (then no Offer). */
  price: number | null;
  availability: Availability;
  releaseDate: string | null;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Book",
    name: book.title,
    url: book.url,
    ...(book.author ? { author: { "@type": "Person", name: book.author } } : {}),
    ...(book.description ? { description: book.description } : {}),
    ...(book.image ? { image: book.image } : {}),
    ...(book.isbn ? { isbn: book.isbn } : {}),
    ...(book.sku ? { sku: book.sku } : {}),
    ...(book.publisher ? { publisher: { "@type": "Organization", name: book.publisher } } : {}),
    ...(book.price !== null
      ? {
          offers: {
            "@type": "Offer",
            url: book.url,
            price: book.price.toFixed(2),
            priceCurrency: "ARS",
            availability: `https://schema.org/${book.availability}`,
            ...(book.releaseDate ? { availabilityStarts: book.releaseDate } : {}),
            seller: { "@type": "Organization", name: SHOP_NAME },
          },
        }
      : {}),
  };
}
