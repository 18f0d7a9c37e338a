import { getTableColumns } from "drizzle-orm";
import { rateFor, type TaxCategory } from "~/domain/taxes/fiscal";
import { netOf } from "~/domain/taxes/net-prices";
import { todayInBuenosAires } from "~/lib/dates";
import { centsToPesos } from "~/lib/money";
import { slugify } from "~/lib/slug";
import { books } from "~db/schema";

/**
 * The columns a visitor's page and the catalogue APIs read: every book column except the search helpers
 * (the generated `search_text` and `title_search`, the kept `category_keys`) and the creation date. Every
 * column of every row is sent, parsed and mapped for nothing otherwise (a shop page reads 24 rows; the
 * saving is small but on every uncached page, issue 23).
 */
const {
  searchText: _searchText,
  titleSearch: _titleSearch,
  categoryKeys: _categoryKeys,
  createdAt: _createdAt,
  ...shownColumns
} = getTableColumns(books);
export const catalogColumns = shownColumns;

export type BookRow = Omit<typeof books.$inferSelect, "searchText" | "titleSearch" | "categoryKeys" | "createdAt">;

/** What a catalogue answer needs besides the row: where the external store lives, and today's date. */
export interface CatalogView {
  /** The external storefront (TIENDANUBE_STORE_URL), or null when the shop has none. */
  storeUrl: string | null;
  /** The settings' tax table: each book's `netPrice` is its price at its fiscal category's rate. */
  taxes: readonly TaxCategory[];
  today?: string;
}

/** The spec's "Book (catalogue)" shape, amounts in pesos. */
export interface CatalogBook {
  id: number;
  title: string;
  slug: string;
  author: string;
  description: string;
  genre: string | null;
  category: string;
  publisher: string | null;
  /** What the visitor pays now (the promotional price when there is one); null = "Consultar precio". */
  price: number | null;
  originalPrice: number | null;
  /**
   * What the visitor pays now (the pre-order price during a pre-order, else `price`) without national
   * indirect taxes, in pesos with centavos as the page shows it (Res. SIC 4/2025 art. 2; an exempt book's
   * is its price). Null when there is no price.
   */
  netPrice: number | null;
  coverUrl: string | null;
  available: boolean;
  stock: number;
  featured: boolean;
  featuredOrder: number;
  tiendaNubeUrl: string | null;
  audiobookUrl: string | null;
  isPreorder: boolean;
  preorderReleaseDate: string | null;
  preorderPrice: number | null;
  preorderCount: number;
  preorderLimit: number | null;
  freeShipping: boolean;
}

/** The spec's "Store product (detail)" shape. */
export interface StoreProduct {
  id: number;
  title: string;
  author: string;
  description: string;
  price: number | null;
  promotionalPrice: number | null;
  originalPrice: number | null;
  stock: number;
  available: boolean;
  freeShipping: boolean;
  coverUrl: string | null;
  images: { id: number; src: string }[];
  category: string;
  categories: { name: string }[];
  sku: string | null;
  brand: string | null;
  /** Grams. */
  weight: number | null;
  barcode: string | null;
  slug: string;
  tiendaNubeUrl: string | null;
  published: boolean;
  updatedAt: string;
  /** The net of `price` (see CatalogBook.netPrice). */
  netPrice: number | null;
}

export function isPreorder(row: Pick<BookRow, "preorderReleaseDate">, today = todayInBuenosAires()): boolean {
  return row.preorderReleaseDate !== null && row.preorderReleaseDate > today;
}

/**
 * How many more a visitor can order right now: for a pre-order, what is left of its limit (unlimited
 * without one); otherwise the stock. An unavailable book has none.
 */
export function orderableQuantity(row: BookRow, today = todayInBuenosAires()): number {
  if (!row.available || !row.published) return 0;
  if (isPreorder(row, today)) {
    return row.preorderLimit === null ? Number.MAX_SAFE_INTEGER : Math.max(0, row.preorderLimit - row.preorderCount);
  }
  return row.stock;
}

/** An http(s) URL with `?variant=` added when the variant is known and the URL names none; throws when invalid. */
function withVariant(raw: string, variantId: string | null): string {
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`not a web address: ${raw}`);
  if (variantId && !url.searchParams.has("variant")) url.searchParams.set("variant", variantId);
  return url.href;
}

/**
 * The external store's product page (DESIGN §5.6, spec §7 "Purchases"): the book's own URL from the sync
 * (Tienda Nube's `canonical_url`) or the admin; else the storefront's `/productos/{handle}/` with the
 * synced handle or a slug derived from the title; either with `?variant=` when the sync knows the
 * variant (Tienda Nube preselects it). When that fails (a URL that does not parse, a title with nothing
 * to slug) the store's home; without a store, none (the buttons add to the shop's own cart).
 */
export function externalStoreUrl(
  row: Pick<BookRow, "externalUrl" | "externalHandle" | "externalVariantId" | "title">,
  storeUrl: string | null,
): string | null {
  let home: string | null = null;
  try {
    home = storeUrl ? withVariant(storeUrl, null) : null;
  } catch {
    home = null;
  }
  try {
    if (row.externalUrl) return withVariant(row.externalUrl, row.externalVariantId);
    if (!storeUrl) return null;
    const handle = row.externalHandle?.trim() || slugify(row.title);
    if (!handle) return home;
    return withVariant(
      `${storeUrl.replace(/\/+$/, "")}/productos/${encodeURIComponent(handle)}/`,
      row.externalVariantId,
    );
  } catch {
    return home;
  }
}

export function salePriceCents(row: BookRow): number | null {
  if (row.priceCents === null) return null;
  return row.promotionalPriceCents !== null && row.promotionalPriceCents < row.priceCents
    ? row.promotionalPriceCents
    : row.priceCents;
}

/** The net in pesos of a price in centavos at the book's fiscal category's rate (null stays null). */
function netPesos(cents: number | null, row: Pick<BookRow, "taxCategory">, view: CatalogView): number | null {
  return cents === null ? null : centsToPesos(netOf(cents, rateFor(view.taxes, row.taxCategory)));
}

export function toCatalogBook(row: BookRow, view: CatalogView): CatalogBook {
  const today = view.today ?? todayInBuenosAires();
  const sale = salePriceCents(row);
  const preorder = isPreorder(row, today);
  // As BookPrice and the cart price it: the pre-order price while the pre-order lasts.
  const payable = preorder && row.preorderPriceCents !== null ? row.preorderPriceCents : sale;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    author: row.author,
    description: row.description,
    genre: row.genre,
    category: row.category,
    publisher: row.publisher,
    price: centsToPesos(sale),
    originalPrice: sale !== row.priceCents ? centsToPesos(row.priceCents) : null,
    netPrice: netPesos(payable, row, view),
    coverUrl: row.coverUrl,
    available: row.available,
    stock: row.stock,
    featured: row.featured,
    featuredOrder: row.featuredOrder,
    tiendaNubeUrl: externalStoreUrl(row, view.storeUrl),
    audiobookUrl: row.audiobookUrl,
    isPreorder: preorder,
    preorderReleaseDate: row.preorderReleaseDate,
    preorderPrice: centsToPesos(row.preorderPriceCents),
    preorderCount: row.preorderCount,
    preorderLimit: row.preorderLimit,
    freeShipping: row.freeShipping,
  };
}

export function splitCategories(category: string): string[] {
  return category
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

export function toStoreProduct(row: BookRow, view: CatalogView): StoreProduct {
  const sale = salePriceCents(row);
  const images = row.images.length > 0 ? row.images : row.coverUrl ? [{ id: row.id, src: row.coverUrl }] : [];
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    description: row.description,
    price: centsToPesos(sale),
    promotionalPrice: sale !== row.priceCents ? centsToPesos(sale) : null,
    originalPrice: sale !== row.priceCents ? centsToPesos(row.priceCents) : null,
    stock: row.stock,
    available: row.available && row.published,
    freeShipping: row.freeShipping,
    coverUrl: row.coverUrl,
    images: images.map(({ id, src }) => ({ id, src })),
    category: row.category,
    categories: splitCategories(row.category).map((name) => ({ name })),
    sku: row.sku,
    brand: row.publisher,
    weight: row.weightGrams,
    barcode: row.isbn,
    slug: row.slug,
    tiendaNubeUrl: externalStoreUrl(row, view.storeUrl),
    published: row.published,
    updatedAt: row.updatedAt.toISOString(),
    netPrice: netPesos(sale, row, view),
  };
}
