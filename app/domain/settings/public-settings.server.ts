import { inArray } from "drizzle-orm";
import { referenceData } from "~/domain/cache/reference-data.server";
import { readShopMode, type ShopMode } from "~/domain/demo/demo-mode.server";
import type { Db } from "~db/index";
import { settings as settingsTable } from "~db/schema";
import { SHOP_MODE_KEY } from "~db/seed";
import { SECTION_KEYS, type Settings } from "./schema";
import { readSection } from "./settings.server";

export interface PublicSettings {
  /** Every section, stored values over the defaults (as getSettings reads them). */
  sections: Settings;
  /** Demo, live or plain (as shopMode reads it): the demo banner. */
  mode: ShopMode;
}

/**
 * The settings as public pages show them, from memory while no public change happened
 * (app/domain/cache/reference-data.server.ts): every section and the shop's mode, in one query when read.
 * Every writer of these rows calls publicPagesChanged (updateSection, leaving demo mode). Admin pages and
 * anything that decides (payments, invoices, whether to simulate) read the database: getSettings, shopMode.
 */
export function publicSettings(db: Db): Promise<PublicSettings> {
  return referenceData(db, "settings", async () => {
    const rows = await db
      .select({ key: settingsTable.key, value: settingsTable.value })
      .from(settingsTable)
      .where(inArray(settingsTable.key, [...SECTION_KEYS, SHOP_MODE_KEY]));
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const sections = Object.fromEntries(SECTION_KEYS.map((key) => [key, readSection(key, stored.get(key))]));
    return { sections: sections as Settings, mode: readShopMode(stored.get(SHOP_MODE_KEY)) };
  });
}

/** The public settings' sections (see publicSettings). */
export async function publicSections(db: Db): Promise<Settings> {
  return (await publicSettings(db)).sections;
}
