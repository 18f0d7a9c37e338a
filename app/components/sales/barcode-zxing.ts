import BarcodeFormat from "@zxing/library/esm/core/BarcodeFormat";
import BinaryBitmap from "@zxing/library/esm/core/BinaryBitmap";
import GlobalHistogramBinarizer from "@zxing/library/esm/core/common/GlobalHistogramBinarizer";
import DecodeHintType from "@zxing/library/esm/core/DecodeHintType";
import Code128Reader from "@zxing/library/esm/core/oned/Code128Reader";
import MultiFormatUPCEANReader from "@zxing/library/esm/core/oned/MultiFormatUPCEANReader";
import type OneDReader from "@zxing/library/esm/core/oned/OneDReader";
import RGBLuminanceSource from "@zxing/library/esm/core/RGBLuminanceSource";
import type { ScanFormat, ScannedCode } from "./barcode-reading";

/**
 * The scanner's decoder where the browser has no BarcodeDetector (Firefox, Safari, desktop Chromium on
 * Linux and Windows): @zxing/library's 1D readers in plain JavaScript, loaded by the scanner with import()
 * only when needed. Imported file by file, not from the package's index, which would bring its QR, PDF417,
 * Data Matrix and Aztec readers along. docs/decisions/0049-barcode-scanning.md.
 */

const FORMATS = new Map<BarcodeFormat, ScanFormat>([
  [BarcodeFormat.EAN_13, "ean_13"],
  [BarcodeFormat.EAN_8, "ean_8"],
  [BarcodeFormat.UPC_A, "upc_a"],
  [BarcodeFormat.CODE_128, "code_128"],
]);

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [...FORMATS.keys()]]]);
const readers: OneDReader[] = [new MultiFormatUPCEANReader(hints), new Code128Reader()];

/**
 * The barcode in a grey image (one byte per pixel, 0 black, row after row), or null. Scans rows across the
 * image, so the bars must stand upright in it: pass the image turned a quarter (`transpose`) to read one
 * lying on its side.
 */
export function decodeLuminance(luma: Uint8ClampedArray, width: number, height: number): ScannedCode | null {
  const bitmap = new BinaryBitmap(new GlobalHistogramBinarizer(new RGBLuminanceSource(luma, width, height)));
  for (const reader of readers) {
    try {
      const result = reader.decode(bitmap, hints);
      const format = FORMATS.get(result.getBarcodeFormat());
      if (format) return { format, rawValue: result.getText() };
    } catch {
      // NotFound, Checksum or Format: no code of this reader's kind in the image.
    } finally {
      reader.reset();
    }
  }
  return null;
}

/** An RGBA frame (a canvas's ImageData) as grey, with green weighed most as the eye does. */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const luma = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += 4) {
    luma[i] = ((rgba[p] ?? 0) + 2 * (rgba[p + 1] ?? 0) + (rgba[p + 2] ?? 0)) >> 2;
  }
  return luma;
}

/** The image turned a quarter (rows become columns): its width is the original's height. */
export function transpose(luma: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const turned = new Uint8ClampedArray(luma.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) turned[x * height + y] = luma[y * width + x] ?? 0;
  }
  return turned;
}
