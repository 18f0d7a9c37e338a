import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { Invalid, NotFound, PayloadTooLarge } from "~/domain/errors";
import type { Db } from "~db/index";
import { uploads } from "~db/schema";
import { sniffImage } from "./image-sniff";

export const MAX_COVER_BYTES = 5 * 1024 * 1024;

/**
 * Stores a cover image (or another image: `what` names it in the refusal, e.g. "El QR de Data Fiscal") and
 * returns the URL it is served at (/uploads/{id}.{ext}).
 */
export async function storeCover(
  db: Db,
  file: { bytes: Uint8Array; name?: string | null },
  what = "La tapa",
): Promise<string> {
  if (file.bytes.byteLength === 0) throw new Invalid("El archivo está vacío");
  if (file.bytes.byteLength > MAX_COVER_BYTES) throw new PayloadTooLarge("La imagen no puede superar los 5 MB");
  const image = sniffImage(file.bytes);
  if (!image) throw new Invalid(`${what} tiene que ser una imagen JPEG, PNG o WebP`);
  const [row] = await db
    .insert(uploads)
    .values({
      contentType: image.contentType,
      bytes: Buffer.from(file.bytes),
      size: file.bytes.byteLength,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      width: image.width,
      height: image.height,
      originalName: file.name?.slice(0, 200) ?? null,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error("upload insert returned nothing");
  return `/uploads/${row.id}.${image.extension}`;
}

/** An upload by its public file name ("12.jpg"); the extension must match what was stored. */
export async function readUpload(db: Db, fileName: string) {
  const match = /^(\d{1,9})\.(jpg|png|webp)$/.exec(fileName);
  if (!match) throw new NotFound("Archivo no encontrado");
  const [row] = await db
    .select()
    .from(uploads)
    .where(eq(uploads.id, Number(match[1])));
  const extension = row ? sniffImage(row.bytes)?.extension : undefined;
  if (!row || extension !== match[2]) throw new NotFound("Archivo no encontrado");
  return row;
}
