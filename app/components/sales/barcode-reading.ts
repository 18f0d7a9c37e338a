import { isValidGtin, normaliseCode } from "~/lib/isbn-codes";

/**
 * What the scanner reads and how it decides a reading is a code: the formats (named as the Barcode
 * Detection API names them), the check digits, the repeat window, and which decoder a browser gets.
 */

/** EAN-13 (ISBNs), EAN-8 and UPC-A (imported stock), Code 128 (the publisher's own SKU labels). */
export const SCAN_FORMATS = ["ean_13", "ean_8", "upc_a", "code_128"] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

export interface ScannedCode {
  format: string;
  rawValue: string;
}

const PRODUCT_FORMATS = new Set(["ean_13", "ean_8", "upc_a"]);

/**
 * The code a reading names, normalised, or null when it must not reach the sale: an EAN/UPC whose check
 * digit is wrong (a misread bar), a Code 128 that is empty, too long for a label, or an ISBN-looking number
 * with a wrong check digit.
 */
export function acceptedCode({ format, rawValue }: ScannedCode): string | null {
  const code = normaliseCode(rawValue);
  if (PRODUCT_FORMATS.has(format)) return isValidGtin(code) ? code : null;
  if (format !== "code_128" || code.length === 0 || code.length > 40) return null;
  if (/^97[89]\d{10}$/.test(code) && !isValidGtin(code)) return null;
  return code;
}

/**
 * Lets a code through once while it stays in view: a code seen again within `windowMs` of its last
 * sighting is dropped (and the window starts again), so a book held in front of the camera is one line
 * of the sale, and the same book shown again after a pause is another copy.
 */
export function repeatFilter(windowMs = 2000, now: () => number = () => performance.now()) {
  const lastSeen = new Map<string, number>();
  return (code: string): boolean => {
    const at = now();
    const before = lastSeen.get(code);
    lastSeen.set(code, at);
    return before === undefined || at - before >= windowMs;
  };
}

/** Reads the codes in one video frame. */
export type FrameReader = (video: HTMLVideoElement) => Promise<ScannedCode[]>;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<ScannedCode[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's BarcodeDetector and the formats it reads of ours, when EAN-13 is among them. */
async function nativeDetector(): Promise<{ Native: NativeDetectorClass; formats: ScanFormat[] } | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
  const formats = SCAN_FORMATS.filter((format) => supported.includes(format));
  return formats.includes("ean_13") ? { Native, formats } : null;
}

/**
 * Browser only: the server bundle gets no decoder chunk at all (its @zxing/library files are ES modules in
 * a CommonJS package, which Node would refuse to load), and nothing on the server reads a camera.
 */
const loadZxing = () =>
  import.meta.env.SSR
    ? Promise.reject(new Error("the barcode decoder runs in the browser"))
    : import("./barcode-zxing");

/**
 * Fetches the JavaScript decoder now if this browser will need it, so that a sale page that works offline
 * can have it cached while it still has a connection (the scanner itself loads it on first use).
 */
export async function preloadBarcodeDecoder(): Promise<void> {
  if (!(await nativeDetector())) await loadZxing();
}

/**
 * The browser's BarcodeDetector when it reads EAN-13 (Chrome on Android, Safari on recent iOS, macOS),
 * otherwise @zxing/library, loaded now and only now (its chunk never weighs on the sale page's first load).
 */
export async function createFrameReader(): Promise<{ read: FrameReader; native: boolean }> {
  const native = await nativeDetector();
  if (native) {
    const detector = new native.Native({ formats: native.formats });
    return { read: (video) => detector.detect(video), native: true };
  }
  const zxing = await loadZxing();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let turn = false;
  const read: FrameReader = async (video) => {
    if (!context || video.videoWidth === 0) return [];
    // A 640-pixel-wide copy is sharp enough for a book's barcode filling the guide and keeps a frame's
    // decoding short on a phone's main thread.
    const scale = Math.min(1, 640 / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const luma = zxing.luminanceOf(context.getImageData(0, 0, width, height).data, width, height);
    // Upright every frame; every other frame, also turned a quarter (a book held sideways).
    turn = !turn;
    const found =
      zxing.decodeLuminance(luma, width, height) ??
      (turn ? zxing.decodeLuminance(zxing.transpose(luma, width, height), height, width) : null);
    return found ? [found] : [];
  };
  return { read, native: false };
}
