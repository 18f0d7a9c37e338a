import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { code128Modules, drawBarcode, ean8Modules, ean13Modules, type Raster } from "../../../scripts/barcode-images";
import { acceptedCode } from "./barcode-reading";
import { decodeLuminance, luminanceOf, transpose } from "./barcode-zxing";

/**
 * The fallback decoder (browsers without BarcodeDetector) on the committed fixtures, which
 * scripts/make-barcode-fixtures.ts drew from the barcode specifications, and on codes drawn here.
 */
const fixture = (name: string) => new URL(`../../../tests/fixtures/${name}`, import.meta.url);

async function greyPng(name: string) {
  const { data, info } = await sharp(readFileSync(fixture(name)))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { luma: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

const decode = ({ data, width, height }: Raster) => decodeLuminance(new Uint8ClampedArray(data), width, height);

describe("the fallback decoder", () => {
  it("reads the ISBN label fixture as an EAN-13 whose check digit holds", async () => {
    const { luma, width, height } = await greyPng("isbn-9789871234561.png");
    const found = decodeLuminance(luma, width, height);
    expect(found).toEqual({ format: "ean_13", rawValue: "9789871234561" });
    expect(acceptedCode(found ?? { format: "", rawValue: "" })).toBe("9789871234561");
  });

  it("reads the publisher's Code 128 SKU label fixture", async () => {
    const { luma, width, height } = await greyPng("sku-RZ-0042.png");
    expect(decodeLuminance(luma, width, height)).toEqual({ format: "code_128", rawValue: "RZ-0042" });
  });

  it("reads the fake camera's frame (the .y4m's grey plane: a soft 320×240 picture of the label on a desk)", () => {
    const y4m = readFileSync(fixture("isbn-9789871234561.y4m"));
    const header = y4m.subarray(0, y4m.indexOf(0x0a)).toString();
    expect(header).toMatch(/^YUV4MPEG2 W320 H240 /);
    const start = y4m.indexOf("FRAME\n") + "FRAME\n".length;
    const luma = new Uint8ClampedArray(y4m.subarray(start, start + 320 * 240));
    expect(decodeLuminance(luma, 320, 240)?.rawValue).toBe("9789871234561");
  });

  it("reads EAN-8 and UPC-A (an EAN-13 starting with 0), and a label held sideways once turned", () => {
    expect(decode(drawBarcode(ean8Modules("96385074"), { moduleWidth: 3, barHeight: 80 }))).toEqual({
      format: "ean_8",
      rawValue: "96385074",
    });
    expect(decode(drawBarcode(ean13Modules("0036000291452"), { moduleWidth: 3, barHeight: 80 }))).toEqual({
      format: "upc_a",
      rawValue: "036000291452",
    });
    const upright = drawBarcode(ean13Modules("9789500703000"), { moduleWidth: 3, barHeight: 80 });
    const sideways = transpose(new Uint8ClampedArray(upright.data), upright.width, upright.height);
    expect(decodeLuminance(sideways, upright.height, upright.width)).toBeNull();
    const turnedBack = transpose(sideways, upright.height, upright.width);
    expect(decodeLuminance(turnedBack, upright.width, upright.height)?.rawValue).toBe("9789500703000");
  });

  it("finds nothing in a blank frame and refuses bars whose check digit is wrong", () => {
    expect(decode({ data: new Uint8Array(320 * 240).fill(200), width: 320, height: 240 })).toBeNull();
    // The bars of 978987123456 with 7 as check digit: every digit readable, the sum wrong.
    expect(decode(drawBarcode(ean13Modules("9789871234567"), { moduleWidth: 3, barHeight: 80 }))).toBeNull();
  });

  it("turns an RGBA frame into grey as a canvas gives it", () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 0, 255, 0, 255]);
    expect([...luminanceOf(rgba, 3, 1)]).toEqual([255, 0, 127]);
  });

  it("reads a Code 128 drawn here with any printable text", () => {
    const raster = drawBarcode(code128Modules("Lote 7/b"), { moduleWidth: 2, barHeight: 60 });
    expect(decode(raster)?.rawValue).toBe("Lote 7/b");
  });
});
