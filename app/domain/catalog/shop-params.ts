import { formatNumberInput, pesosToCents } from "~/lib/money";

/** The shop's URL contract (DESIGN §7). Unknown or malformed values are ignored, never an error. */
export const SHOP_PAGE_SIZE = 24;
export const SHOP_SORTS = ["titulo", "autor", "precio", "novedades"] as const;
export type ShopSortParam = (typeof SHOP_SORTS)[number];

export interface ShopParams {
  search: string;
  categoria?: string;
  autor?: string;
  genero?: string;
  minCents?: number;
  maxCents?: number;
  orden?: ShopSortParam;
  dir?: "asc" | "desc";
  pagina: number;
}

const text = (value: string | null, max = 100) => {
  const trimmed = (value ?? "").replace(/\s+/g, " ").trim().slice(0, max);
  return trimmed === "" ? undefined : trimmed;
};

export function parseShopParams(params: URLSearchParams, knownCategories: string[]): ShopParams {
  const categoria = text(params.get("categoria"), 60);
  const orden = params.get("orden");
  const dir = params.get("dir");
  const pagina = Number(params.get("pagina"));
  const money = (name: string) => {
    const value = text(params.get(name), 15);
    return value === undefined ? undefined : (pesosToCents(value) ?? undefined);
  };
  return {
    search: text(params.get("search")) ?? "",
    categoria: categoria && knownCategories.includes(categoria) ? categoria : undefined,
    autor: text(params.get("autor")),
    genero: text(params.get("genero"), 60),
    minCents: money("min"),
    maxCents: money("max"),
    orden: SHOP_SORTS.find((sort) => sort === orden),
    dir: dir === "asc" || dir === "desc" ? dir : undefined,
    pagina: Number.isInteger(pagina) && pagina >= 1 && pagina <= 100_000 ? pagina : 1,
  };
}

/** The same parameters as a query string, for links that change one of them. */
export function shopHref(params: ShopParams, change: Partial<ShopParams> = {}): string {
  const merged = { ...params, ...change };
  const query = new URLSearchParams();
  if (merged.search) query.set("search", merged.search);
  if (merged.categoria) query.set("categoria", merged.categoria);
  if (merged.autor) query.set("autor", merged.autor);
  if (merged.genero) query.set("genero", merged.genero);
  if (merged.minCents !== undefined) query.set("min", formatNumberInput(merged.minCents));
  if (merged.maxCents !== undefined) query.set("max", formatNumberInput(merged.maxCents));
  if (merged.orden) query.set("orden", merged.orden);
  if (merged.dir) query.set("dir", merged.dir);
  if (merged.pagina > 1) query.set("pagina", String(merged.pagina));
  const qs = query.toString();
  return qs ? `/tienda?${qs}` : "/tienda";
}

/** The partner studio's category key and the size of its strip on /tienda (spec §2, §9). */
export const PARTNER_CATEGORY = "peow-studios";
export const PARTNER_STRIP_SIZE = 3;
