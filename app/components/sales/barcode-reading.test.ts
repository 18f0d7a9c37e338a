import { describe, expect, it } from "vitest";
import { acceptedCode, repeatFilter } from "./barcode-reading";

describe("acceptedCode: what a reading must be to reach the sale", () => {
  it("passes EAN-13, EAN-8 and UPC-A only with their check digit right", () => {
    expect(acceptedCode({ format: "ean_13", rawValue: "9789871234561" })).toBe("9789871234561");
    expect(acceptedCode({ format: "ean_13", rawValue: "9789871234567" })).toBeNull();
    expect(acceptedCode({ format: "ean_8", rawValue: "96385074" })).toBe("96385074");
    expect(acceptedCode({ format: "ean_8", rawValue: "96385075" })).toBeNull();
    expect(acceptedCode({ format: "upc_a", rawValue: "036000291452" })).toBe("036000291452");
    expect(acceptedCode({ format: "upc_a", rawValue: "036000291453" })).toBeNull();
  });

  it("passes a publisher's Code 128 label normalised, unless it is an ISBN with a wrong check digit", () => {
    expect(acceptedCode({ format: "code_128", rawValue: " rz-0042 " })).toBe("RZ0042");
    expect(acceptedCode({ format: "code_128", rawValue: "978-987-1234-56-1" })).toBe("9789871234561");
    expect(acceptedCode({ format: "code_128", rawValue: "9789871234567" })).toBeNull();
    expect(acceptedCode({ format: "code_128", rawValue: "  " })).toBeNull();
    expect(acceptedCode({ format: "code_128", rawValue: "X".repeat(41) })).toBeNull();
  });

  it("ignores formats the counter does not sell by (a QR code the detector saw anyway)", () => {
    expect(acceptedCode({ format: "qr_code", rawValue: "https://rizoma.com.ar" })).toBeNull();
  });
});

describe("repeatFilter: a code in view is reported once", () => {
  it("drops the same code within 2 s of its last sighting, lets others through, and again after a pause", () => {
    let now = 0;
    const fresh = repeatFilter(2000, () => now);
    expect(fresh("9789871234561")).toBe(true);
    now = 500;
    expect(fresh("9789871234561")).toBe(false);
    expect(fresh("RZ0042")).toBe(true);
    // Still held in front of the camera: each sighting restarts the window.
    now = 2300;
    expect(fresh("9789871234561")).toBe(false);
    // Taken away and shown again (another copy of the same book).
    now = 4400;
    expect(fresh("9789871234561")).toBe(true);
  });
});
