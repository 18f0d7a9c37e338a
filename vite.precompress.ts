import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text. Images and fonts are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = [".js", ".css", ".svg", ".json", ".map", ".txt", ".xml", ".html"];
/** Below this a compressed copy saves less than its headers cost (the compression middleware's own threshold). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to every text file the browser build emits
 * (build/client/assets/x.js → x.js.br, x.js.gz): compressed once, at build time, at the densest settings,
 * instead of at quality 4 on every request by the compression middleware. server/static-files.ts serves
 * them with their Content-Encoding. Only the hashed assets: files copied from public/ are served as before.
 */
export function precompressAssets(): Plugin {
  return {
    name: "rizoma:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(name)))
          .map(async (name) => {
            const file = path.join(dir, name);
            const body = await readFile(file);
            if (body.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzip(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
