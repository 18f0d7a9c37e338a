import { closeSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import path from "node:path";

const BLOCK = 512;
/** File contents are copied through a buffer this size: memory stays flat whatever the tarball's size. */
const CHUNK = 1024 * 1024;

/** A NUL-terminated field of a header. */
function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** An octal number field (spaces and NULs around it ignored). */
function octal(header: Buffer, start: number, length: number): number {
  const digits = text(header, start, length).trim();
  if (!/^[0-7]+$/.test(digits)) throw new Error(`Not a tar header: ${JSON.stringify(digits)} is not a number`);
  return Number.parseInt(digits, 8);
}

/** The header's checksum: every byte, its own checksum field counted as spaces. */
function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum;
}

/**
 * Unpacks a plain (ustar, uncompressed) tarball of regular files and folders into `dir`, reading it a
 * piece at a time: the embedded database's template (db/pglite-template.mjs), a `dumpDataDir("none")` of
 * PGlite. What PGlite's own `loadDataDir` does, without a PostgreSQL instance and the tarball held in
 * memory three times (290MB for the 44MB template; docs/decisions/0056-memory.md). Anything else in the
 * archive (links, a name leaving `dir`, a damaged header, a missing end) is refused with an error.
 */
export function extractTar(tarball: string, into: string): void {
  const dir = path.resolve(into);
  const fd = openSync(tarball, "r");
  const buffer = Buffer.allocUnsafe(CHUNK);
  let position = 0;
  const read = (target: Buffer, length: number) => {
    const got = readSync(fd, target, 0, length, position);
    if (got !== length) throw new Error(`${tarball} ends before its end-of-archive mark`);
    position += length;
  };
  try {
    mkdirSync(dir, { recursive: true });
    const header = Buffer.alloc(BLOCK);
    for (;;) {
      read(header, BLOCK);
      if (header.every((byte) => byte === 0)) return;
      if (octal(header, 148, 8) !== checksumOf(header)) throw new Error(`${tarball}: damaged tar header`);
      const prefix = text(header, 257, 6) === "ustar" ? text(header, 345, 155) : "";
      const name = [prefix, text(header, 0, 100)].filter(Boolean).join("/");
      const target = path.resolve(dir, `.${path.posix.normalize(`/${name}`)}`);
      if (target !== dir && !target.startsWith(`${dir}${path.sep}`))
        throw new Error(`${tarball}: ${name} leaves the folder`);
      const type = String.fromCharCode(header[156] as number);
      const size = octal(header, 124, 12);
      if (type === "5") {
        mkdirSync(target, { recursive: true });
      } else if (type === "0" || type === "\0") {
        mkdirSync(path.dirname(target), { recursive: true });
        const out = openSync(target, "wx");
        try {
          for (let left = size; left > 0; ) {
            const length = Math.min(left, CHUNK);
            read(buffer, length);
            writeSync(out, buffer, 0, length);
            left -= length;
          }
        } finally {
          closeSync(out);
        }
        // Contents are padded to whole blocks.
        position += (BLOCK - (size % BLOCK)) % BLOCK;
      } else {
        throw new Error(`${tarball}: ${name} is neither a file nor a folder (type ${JSON.stringify(type)})`);
      }
    }
  } finally {
    closeSync(fd);
  }
}
