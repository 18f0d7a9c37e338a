import { eq, inArray } from "drizzle-orm";
import type { ZodError } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { Invalid, NotFound } from "~/domain/errors";
import { refuseRemovingUsedCategories } from "~/domain/taxes/table.server";
import { issueMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { settings as settingsTable } from "~db/schema";
import {
  apiShippingSchema,
  DEFAULT_SETTINGS,
  isSectionKey,
  SECTION_KEYS,
  SECTION_LABELS,
  type SectionKey,
  type Settings,
  sectionSchemas,
} from "./schema";

export const UNKNOWN_SECTION = "Sección desconocida";

/** Every section, stored values over the defaults, in one query. */
export function getSettings(db: Db): Promise<Settings> {
  return getSections(db, SECTION_KEYS);
}

/** The sections a page needs (the shop's frame: contact and store), stored values over the defaults, in one query. */
export async function getSections<K extends SectionKey>(db: Db, keys: readonly K[]): Promise<Pick<Settings, K>> {
  const rows = await db
    .select({ key: settingsTable.key, value: settingsTable.value })
    .from(settingsTable)
    .where(inArray(settingsTable.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, readSection(key, stored.get(key))])) as Pick<Settings, K>;
}

export async function getSection<K extends SectionKey>(db: Db, key: K): Promise<Settings[K]> {
  const [row] = await db.select({ value: settingsTable.value }).from(settingsTable).where(eq(settingsTable.key, key));
  return readSection(key, row?.value);
}

/**
 * A stored section merged over its default, so a field added later reads its default until someone
 * saves. A stored value that no longer passes the schema (rules tightened since it was saved) is still
 * the shop's own data: it is used as stored rather than replaced by demo values (think bank details).
 */
export function readSection<K extends SectionKey>(key: K, value: unknown): Settings[K] {
  const fallback = DEFAULT_SETTINGS[key];
  if (value === undefined || value === null) return fallback;
  const merged = mergeOver(fallback, value);
  const parsed = sectionSchemas[key].safeParse(merged);
  return (parsed.success ? parsed.data : merged) as Settings[K];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keys the default has, each from the stored value when it has it (recursively for objects). */
function mergeOver(fallback: unknown, stored: unknown): unknown {
  if (!isPlainObject(fallback) || !isPlainObject(stored)) return stored === undefined ? fallback : stored;
  return Object.fromEntries(Object.entries(fallback).map(([key, value]) => [key, mergeOver(value, stored[key])]));
}

/** Field path -> Spanish message, for forms and for API clients (`fields` next to `error`). */
function invalid(error: ZodError): Invalid {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".");
    fields[path] ??= issueMessage(issue);
  }
  const first = Object.values(fields)[0] ?? "Datos inválidos";
  return new Invalid(first, { fields });
}

/** Field errors a section's input would get (none: it would be saved), without writing anything. */
export function sectionErrors(key: SectionKey, input: unknown): Record<string, string> {
  const parsed = sectionSchemas[key].safeParse(input);
  return parsed.success ? {} : ((invalid(parsed.error).details?.fields as Record<string, string>) ?? {});
}

export function sectionKey(key: string | undefined): SectionKey {
  if (key && isSectionKey(key)) return key;
  throw new NotFound(UNKNOWN_SECTION);
}

/** The JSON API's body for a section (shipping in pesos) -> the section's input. */
export function sectionFromApi(key: SectionKey, body: unknown): unknown {
  if (key !== "shipping") return body;
  const parsed = apiShippingSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/** What a section's save changed, for whoever must hear of it (the owners, when it is the bank details). */
export interface SectionChange<K extends SectionKey = SectionKey> {
  section: K;
  before: Settings[K];
  after: Settings[K];
}

/**
 * Validates and saves one section, with its audit line in the same transaction. Bad input throws
 * `Invalid` (details.fields says which field) and writes nothing. `onChange` runs in that transaction too
 * (the owners' alert of new bank details is written with them, or neither is).
 */
export async function updateSection(
  db: Db,
  admin: AdminIdentity,
  key: string,
  input: unknown,
  options: { onChange?: (tx: Db, change: SectionChange) => Promise<void> } = {},
): Promise<Settings> {
  const section = sectionKey(key);
  const parsed = sectionSchemas[section].safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const value = parsed.data;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: settingsTable.value })
      .from(settingsTable)
      .where(eq(settingsTable.key, section))
      .for("update");
    if (section === "taxes") {
      const previous = readSection("taxes", before?.value).categories;
      await refuseRemovingUsedCategories(tx as unknown as Db, (value as Settings["taxes"]).categories, previous);
    }
    const now = new Date();
    await tx
      .insert(settingsTable)
      .values({ key: section, value, updatedAt: now })
      .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: now } });
    await recordAudit(tx as unknown as Db, admin, {
      action: "settings.update",
      entity: "settings",
      entityId: section,
      summary: SECTION_LABELS[section].audit,
      details: { section, changed: changedPaths(readSection(section, before?.value), value) },
    });
    await options.onChange?.(
      tx as unknown as Db,
      {
        section,
        before: readSection(section, before?.value),
        after: value,
      } as SectionChange,
    );
  });
  // Contact data, shipping, pickup points, the store link... all show on public pages.
  await publicPagesChanged(db, `settings.${section}`);
  return getSettings(db);
}

/** Which fields changed ("cbu", "rates.A.fastCents"...), for the audit line's details. */
function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix];
}

/** Writes the defaults of the sections that have never been saved; saved ones are left alone. */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insert(settingsTable)
    .values(SECTION_KEYS.map((key) => ({ key, value: DEFAULT_SETTINGS[key] })))
    .onConflictDoNothing({ target: settingsTable.key });
}

/** The external store: TIENDANUBE_STORE_URL when set (the environment wins), else the saved setting. */
export function effectiveStoreUrl(envStoreUrl: string | null | undefined, store: Settings["store"]): string | null {
  return envStoreUrl || store.externalUrl;
}
