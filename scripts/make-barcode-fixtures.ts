/**
 * Writes the barcode scanner's fixtures into tests/fixtures/ (committed; run again only to change them):
 * - isbn-9789871234561.png: the EAN-13 of an Argentine ISBN (978-987-…, check digit 1), as a label;
 * - sku-RZ-0042.png: a publisher's own SKU label in Code 128;
 * - isbn-9789871234561.y4m: one 320×240 camera frame of that ISBN on a desk, for Chromium's fake camera
 *   (`--use-file-for-fake-video-capture`), slightly soft as a phone's focus is, its corners darkened.
 * Run with `npx tsx scripts/make-barcode-fixtures.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { code128Modules, drawBarcode, ean13Modules, type Raster, y4mOf } from "./barcode-images";

const FIXTURE_ISBN = "9789871234561";
const FIXTURE_SKU = "RZ-0042";

const out = fileURLToPath(new URL("../tests/fixtures/", import.meta.url));
mkdirSync(out, { recursive: true });

const png = ({ data, width, height }: Raster) =>
  sharp(Buffer.from(data), { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();

writeFileSync(
  `${out}isbn-${FIXTURE_ISBN}.png`,
  await png(drawBarcode(ean13Modules(FIXTURE_ISBN), { moduleWidth: 3, barHeight: 150 })),
);
writeFileSync(
  `${out}sku-${FIXTURE_SKU}.png`,
  await png(drawBarcode(code128Modules(FIXTURE_SKU), { moduleWidth: 3, barHeight: 90 })),
);

const frame = drawBarcode(ean13Modules(FIXTURE_ISBN), {
  moduleWidth: 2,
  barHeight: 90,
  width: 320,
  height: 240,
  background: 96,
});
const soft = await sharp(Buffer.from(frame.data), { raw: { width: 320, height: 240, channels: 1 } })
  .blur(0.6)
  .extractChannel(0)
  .raw()
  .toBuffer();
// A phone lens darkens the corners (to black at the very corners): realistic, and it gives the file the
// zero bytes by which git knows it for binary.
const vignetted = Uint8Array.from(soft, (value, i) => {
  const x = (i % 320) / 160 - 1;
  const y = Math.floor(i / 320) / 120 - 1;
  return Math.round(value * Math.max(0, Math.min(1, 1.6 - 0.8 * (x * x + y * y) ** 2)));
});
writeFileSync(`${out}isbn-${FIXTURE_ISBN}.y4m`, y4mOf({ ...frame, data: vignetted }));
console.log(`Fixtures written to ${out}`);
