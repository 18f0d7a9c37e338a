/**
 * Barcodes drawn from their specifications, for the scanner's fixtures and tests (tests/fixtures/,
 * made by scripts/make-barcode-fixtures.ts): EAN-13 (and so UPC-A, an EAN-13 with a leading 0), EAN-8 and
 * Code 128 subset B (a publisher's SKU label). Bars are drawn here, not by the decoding library, so a test
 * that reads them checks the decoder against the standard, not against itself.
 */

// EAN/UPC digit patterns, 7 modules each (1 = bar): L (odd parity), G (even), R (right half).
const L = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const R = [
  "1110010",
  "1100110",
  "1101100",
  "1000010",
  "1011100",
  "1001110",
  "1010000",
  "1000100",
  "1001000",
  "1110100",
];
const G = R.map((pattern) => [...pattern].reverse().join(""));
/** The parities of the left six digits of an EAN-13, chosen by its first digit (which has no bars of its own). */
const FIRST_DIGIT_PARITY = [
  "LLLLLL",
  "LLGLGG",
  "LLGGLG",
  "LLGGGL",
  "LGLLGG",
  "LGGLLG",
  "LGGGLL",
  "LGLGLG",
  "LGLGGL",
  "LGGLGL",
];

const digitsOf = (code: string, length: number) => {
  if (!new RegExp(`^\\d{${length}}$`).test(code)) throw new Error(`${length} digits expected: ${code}`);
  return [...code].map(Number);
};

/** The 95 modules of an EAN-13 (guards included, quiet zones not). */
export function ean13Modules(code: string): string {
  const [first = 0, ...rest] = digitsOf(code, 13);
  const parity = FIRST_DIGIT_PARITY[first] ?? "";
  const left = rest.slice(0, 6).map((digit, i) => (parity[i] === "G" ? G : L)[digit]);
  const right = rest.slice(6).map((digit) => R[digit]);
  return `101${left.join("")}01010${right.join("")}101`;
}

/** The 67 modules of an EAN-8. */
export function ean8Modules(code: string): string {
  const digits = digitsOf(code, 8);
  const left = digits.slice(0, 4).map((digit) => L[digit]);
  const right = digits.slice(4).map((digit) => R[digit]);
  return `101${left.join("")}01010${right.join("")}101`;
}

// Code 128: bar/space widths of each symbol value 0-105, then the stop pattern (106, with its final bar).
const CODE128 = `212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212
112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131
311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321
112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121
313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111
314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114
122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212
124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113
114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112`.split(/\s+/);
const START_B = 104;

/** The modules of `text` (printable ASCII) in Code 128 subset B, with its check symbol and stop. */
export function code128Modules(text: string): string {
  const values = [...text].map((char) => {
    const value = char.charCodeAt(0) - 32;
    if (value < 0 || value > 94) throw new Error(`not printable ASCII: ${char}`);
    return value;
  });
  const check = values.reduce((sum, value, i) => sum + value * (i + 1), START_B) % 103;
  return [START_B, ...values, check, 106]
    .map((value) =>
      [...(CODE128[value] ?? "")].map((width, i) => (i % 2 === 0 ? "1" : "0").repeat(Number(width))).join(""),
    )
    .join("");
}

export interface Raster {
  /** One byte per pixel, 0 black to 255 white, row after row. */
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * A grey image: a white label with `modules` drawn `moduleWidth` pixels wide and `barHeight` tall, its quiet
 * zones (10 modules a side) inside the label, centred on a `background` (a desk under the book) of
 * `width`×`height` (by default the label's own size).
 */
export function drawBarcode(
  modules: string,
  options: { moduleWidth: number; barHeight: number; width?: number; height?: number; background?: number },
): Raster {
  const { moduleWidth, barHeight, background = 255 } = options;
  const margin = 10 * moduleWidth;
  const labelWidth = modules.length * moduleWidth + 2 * margin;
  const labelHeight = barHeight + 2 * margin;
  const width = options.width ?? labelWidth;
  const height = options.height ?? labelHeight;
  if (labelWidth > width || labelHeight > height) throw new Error(`the barcode needs ${labelWidth}×${labelHeight}`);
  const data = new Uint8Array(width * height).fill(background);
  const left = Math.floor((width - labelWidth) / 2);
  const top = Math.floor((height - labelHeight) / 2);
  for (let y = top; y < top + labelHeight; y++) {
    for (let x = left; x < left + labelWidth; x++) {
      const module = Math.floor((x - left - margin) / moduleWidth);
      const inBars = y >= top + margin && y < top + margin + barHeight && x >= left + margin;
      data[y * width + x] = inBars && modules[module] === "1" ? 20 : 250;
    }
  }
  return { data, width, height };
}

/**
 * One YUV4MPEG2 (.y4m) clip of `frames` copies of a grey image: what Chromium's
 * `--use-file-for-fake-video-capture` plays as the camera, looping. 4:2:0 with neutral chroma.
 */
export function y4mOf({ data, width, height }: Raster, frames = 1, fps = 10): Buffer {
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), Buffer.from(data), chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
