import type { AppConfig } from "~/context";
import { publicSections } from "~/domain/settings/public-settings.server";
import { effectiveStoreUrl } from "~/domain/settings/settings.server";
import type { Db } from "~db/index";
import type { CatalogView } from "./book-view.server";

/**
 * The catalogue view of a page: the external store is TIENDANUBE_STORE_URL, else the saved setting (from
 * the public settings in memory, see public-settings.server.ts); the tax table gives each book its net.
 */
export async function catalogView(db: Db, config: Pick<AppConfig, "storeUrl">): Promise<CatalogView> {
  const { store, taxes } = await publicSections(db);
  return { storeUrl: effectiveStoreUrl(config.storeUrl, store), taxes: taxes.categories };
}
