import type { CategoryMapEntry } from "~/domain/settings/schema";
import { sanitizeDescription } from "~/lib/html.server";
import { pesosToCents } from "~/lib/money";
import { foldAccents } from "~/lib/text";
import type { BookImage } from "~db/schema";
import type { TiendanubeCategory, TiendanubeProduct } from "./types";

/**
 * Stock of a variant whose stock Tienda Nube does not manage (`stock_management: false`, `stock: null`):
 * it can always be sold, and `books.stock` is a number, so it is stored as this many.
 */
export const UNMANAGED_STOCK = 1000;

/** The book columns a Tienda Nube product decides (everything else on the book is local). */
export interface SyncedBookFields {
  title: string;
  description: string;
  category: string;
  publisher: string | null;
  priceCents: number | null;
  promotionalPriceCents: number | null;
  stock: number;
  sku: string | null;
  isbn: string | null;
  weightGrams: number | null;
  coverUrl: string | null;
  images: BookImage[];
  freeShipping: boolean;
  published: boolean;
  externalProductId: string;
  externalVariantId: string | null;
  externalHandle: string | null;
  externalUrl: string | null;
}

export interface CategoryMapping {
  entries: CategoryMapEntry[];
  /** Site category key -> its name, from the `categories` table. Entries naming an unknown key are ignored. */
  siteCategories: Map<string, string>;
}

/** "Filosofía " -> "filosofia": how category names are compared. */
const fold = (text: string) => foldAccents(text).trim().toLowerCase();

const spanish = (texts: Record<string, string>): string | null =>
  texts.es?.trim() ||
  Object.values(texts)
    .find((text) => text.trim())
    ?.trim() ||
  null;

/**
 * The site's display name for one Tienda Nube category: the mapped site category's name (so the book
 * lands in that category) or, unmapped, the category's own name.
 */
function displayCategory(category: TiendanubeCategory, mapping: CategoryMapping): string | null {
  const names = [spanish(category.name), spanish(category.handle)].filter((n): n is string => n !== null).map(fold);
  const entry = mapping.entries.find(
    (candidate) => candidate.tiendanube === category.id || names.includes(fold(candidate.tiendanube)),
  );
  const site = entry ? mapping.siteCategories.get(entry.categoryKey) : undefined;
  return site ?? spanish(category.name);
}

/** "0.350" kg -> 350 g; null when absent or not a weight. */
export function kilogramsToGrams(weight: string | null): number | null {
  if (weight === null || !/^\d{1,6}(\.\d+)?$/.test(weight.trim())) return null;
  const grams = Math.round(Number(weight) * 1000);
  return grams > 0 ? grams : null;
}

const blankToNull = (text: string | null) => (text?.trim() ? text.trim() : null);

/**
 * The one place a Tienda Nube product becomes book fields: texts from `es`, the description sanitized,
 * the first variant's price / promotional price / stock / sku / weight / barcode, images by position
 * (the first is the cover), categories through the settings' map, brand as publisher.
 */
export function toBookFields(product: TiendanubeProduct, mapping: CategoryMapping): SyncedBookFields {
  const variant = product.variants[0];
  const priceCents = variant?.price ? pesosToCents(variant.price) : null;
  const promotional = variant?.promotional_price ? pesosToCents(variant.promotional_price) : null;
  const images = [...product.images]
    .sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id))
    .map((image) => ({ id: Number(image.id), src: image.src }));
  const categories = [
    ...new Set(
      product.categories.map((category) => displayCategory(category, mapping)).filter((n): n is string => !!n),
    ),
  ];
  return {
    title: (spanish(product.name) ?? `Producto ${product.id}`).slice(0, 300),
    description: sanitizeDescription(spanish(product.description) ?? ""),
    category: categories.join(", "),
    publisher: blankToNull(product.brand),
    priceCents,
    promotionalPriceCents:
      promotional !== null && (priceCents === null || promotional < priceCents) ? promotional : null,
    stock: !variant ? 0 : variant.stock_management ? Math.max(0, variant.stock ?? 0) : UNMANAGED_STOCK,
    sku: blankToNull(variant?.sku ?? null),
    isbn: blankToNull(variant?.barcode ?? null),
    weightGrams: kilogramsToGrams(variant?.weight ?? null),
    coverUrl: images[0]?.src ?? null,
    images,
    freeShipping: product.free_shipping,
    published: product.published,
    externalProductId: product.id,
    externalVariantId: variant?.id ?? null,
    externalHandle: spanish(product.handle),
    externalUrl: blankToNull(product.canonical_url),
  };
}
