import type { AppConfig } from "~/context";
import { effectiveStoreUrl, getSection } from "~/domain/settings/settings.server";
import type { Db } from "~db/index";
import type { CatalogView } from "./book-view.server";

/** The catalogue view of a page: the external store is TIENDANUBE_STORE_URL, else the saved setting. */
export async function catalogView(db: Db, config: Pick<AppConfig, "storeUrl">): Promise<CatalogView> {
  const store = await getSection(db, "store");
  return { storeUrl: effectiveStoreUrl(config.storeUrl, store) };
}
