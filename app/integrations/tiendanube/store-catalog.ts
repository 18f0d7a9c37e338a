import type { TiendanubeProduct } from "./types";

/** What the sync needs from an outside store: its products, page by page, and one product by id. */
export interface StoreCatalog {
  /**
   * Every product (optionally only those updated since `updatedSince`), page by page. `onPage` hears
   * each page as it arrives with the store's total (X-Total-Count), so callers can show progress.
   */
  listProducts(options?: {
    updatedSince?: string;
    onPage?: (page: { products: TiendanubeProduct[]; total: number | null }) => Promise<void> | void;
  }): Promise<TiendanubeProduct[]>;
  /** One product, or null when the store does not have it (deleted). */
  getProduct(id: string): Promise<TiendanubeProduct | null>;
}
