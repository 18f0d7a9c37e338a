import { eq, inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { isRemote } from "~/lib/images";
import type { Db } from "~db/index";
import { imageOriginals, uploads } from "~db/schema";

/**
 * The content hash of an image's original, which makes optimiser URLs immutable (`&v=`, the first 16
 * hex digits; docs/decisions/0012-cover-variants.md). An upload's hash was taken when it was stored
 * (`uploads.sha256`); a remote image's is recorded in `image_originals` the first time the pipeline
 * fetches it. Pages look the versions up in one statement at most; the image endpoint looks one up to know
 * whether its disk cache already holds a variant, without reading the original.
 */

export const versionOf = (sha256: string): string => sha256.slice(0, 16);

const UPLOAD_SRC = /^\/?uploads\/(\d{1,9})\.(jpg|png|webp)$/;
const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * An upload is never rewritten, so its hash is remembered for good (bounded, oldest first out): a
 * request for a cached variant of an upload then costs no database round trip at all.
 */
const uploadHashes = new Map<number, { sha256: string; extension: string | undefined }>();
const MAX_REMEMBERED = 10_000;

function remember(id: number, row: { sha256: string; contentType: string }) {
  if (uploadHashes.size >= MAX_REMEMBERED) {
    const oldest = uploadHashes.keys().next().value;
    if (oldest !== undefined) uploadHashes.delete(oldest);
  }
  uploadHashes.set(id, { sha256: row.sha256, extension: EXTENSIONS[row.contentType] });
}

/** The SHA-256 of an upload by its public file name ("12.jpg"); null when there is none by that name. */
export async function uploadHash(db: Db, fileName: string): Promise<string | null> {
  const match = UPLOAD_SRC.exec(`uploads/${fileName}`);
  if (!match) return null;
  const id = Number(match[1]);
  let known = uploadHashes.get(id);
  if (!known) {
    const [row] = await db
      .select({ sha256: uploads.sha256, contentType: uploads.contentType })
      .from(uploads)
      .where(eq(uploads.id, id));
    if (!row) return null;
    remember(id, row);
    known = uploadHashes.get(id);
  }
  return known && known.extension === match[2] ? known.sha256 : null;
}

/** The recorded SHA-256 of a remote image, or null when the pipeline never fetched it. */
export async function remoteHash(db: Db, url: string): Promise<string | null> {
  const [row] = await db
    .select({ sha256: imageOriginals.sha256 })
    .from(imageOriginals)
    .where(eq(imageOriginals.source, url));
  return row?.sha256 ?? null;
}

/** Records what a remote image's bytes hash to; true when that is new (first fetch, or it changed). */
export async function recordRemoteHash(db: Db, url: string, sha256: string, size: number): Promise<boolean> {
  const rows = await db
    .insert(imageOriginals)
    .values({ source: url, sha256, size })
    .onConflictDoUpdate({
      target: imageOriginals.source,
      set: { sha256, size, fetchedAt: new Date() },
      setWhere: sql`${imageOriginals.sha256} <> excluded.sha256`,
    })
    .returning({ source: imageOriginals.source });
  return rows.length > 0;
}

/** The content versions of the given image sources (page `src` values) that are known, by source. */
export async function imageVersions(
  db: Db,
  sources: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const uploadIds = new Map<number, string[]>();
  const remote = new Set<string>();
  for (const src of new Set(sources)) {
    if (!src) continue;
    const upload = UPLOAD_SRC.exec(src);
    if (upload && src.startsWith("/")) {
      const id = Number(upload[1]);
      uploadIds.set(id, [...(uploadIds.get(id) ?? []), src]);
    } else if (isRemote(src)) remote.add(src);
  }
  const versions = new Map<string, string>();
  const setUpload = (id: number, sha256: string, extension: string | undefined) => {
    for (const src of uploadIds.get(id) ?? []) if (src.endsWith(`.${extension}`)) versions.set(src, versionOf(sha256));
  };
  // Uploads already seen are known for good (see uploadHashes); the rest and the remote images are looked
  // up in one statement.
  const unknownUploads: number[] = [];
  for (const id of uploadIds.keys()) {
    const known = uploadHashes.get(id);
    if (known) setUpload(id, known.sha256, known.extension);
    else unknownUploads.push(id);
  }
  if (unknownUploads.length === 0 && remote.size === 0) return versions;
  const uploadsPart = db
    .select({
      source: sql<string | null>`null::text`.as("source"),
      id: sql<number | null>`${uploads.id}`.as("id"),
      sha256: uploads.sha256,
      contentType: sql<string | null>`${uploads.contentType}`.as("content_type"),
    })
    .from(uploads)
    .where(inArray(uploads.id, unknownUploads.length > 0 ? unknownUploads : [-1]));
  const remotePart = db
    .select({
      source: sql<string | null>`${imageOriginals.source}`.as("source"),
      id: sql<number | null>`null::int`.as("id"),
      sha256: imageOriginals.sha256,
      contentType: sql<string | null>`null::text`.as("content_type"),
    })
    .from(imageOriginals)
    .where(inArray(imageOriginals.source, remote.size > 0 ? [...remote] : [""]));
  for (const row of await unionAll(uploadsPart, remotePart)) {
    if (row.id !== null && row.contentType !== null) {
      remember(row.id, { sha256: row.sha256, contentType: row.contentType });
      setUpload(row.id, row.sha256, EXTENSIONS[row.contentType]);
    } else if (row.source !== null) versions.set(row.source, versionOf(row.sha256));
  }
  return versions;
}

/** A book (or anything with a cover) with its cover's content version from `versions`. */
export function withCoverVersion<T extends { coverUrl: string | null }>(
  item: T,
  versions: Map<string, string>,
): T & { coverVersion: string | null } {
  return { ...item, coverVersion: item.coverUrl ? (versions.get(item.coverUrl) ?? null) : null };
}
