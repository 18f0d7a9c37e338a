import { describe, expect, it } from "vitest";
import { sniffImage } from "../uploads/image-sniff";
import { bookFormToInput } from "./book-form";

// A 1x1 PNG.
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

describe("covers", () => {
  it("reads the size of PNG, JPEG and WebP headers", () => {
    expect(sniffImage(png)).toMatchObject({ contentType: "image/png", width: 1, height: 1 });
    const jpeg = Buffer.from(
      "ffd8ffe000104a46494600010100000100010000ffc0001108012c00c803012200021101031101ffd9",
      "hex",
    );
    expect(sniffImage(jpeg)).toMatchObject({ contentType: "image/jpeg", width: 200, height: 300 });
    expect(sniffImage(Buffer.from("GIF89a"))).toBeNull();
  });
});

describe("the admin form", () => {
  it("reads es-AR money and checkboxes", () => {
    const price = (typed: string) => {
      const typedForm = new FormData();
      typedForm.set("price", typed);
      return bookFormToInput(typedForm).price;
    };
    expect(price("12.500,50")).toBe(12500.5);
    expect(price("$ 12.500")).toBe(12500);
    expect(price("12500.5")).toBe(12500.5);
    expect(price("")).toBeNull();
    expect(price("doce")).toBe("doce");
    const form = new FormData();
    form.set("title", "T");
    form.set("available", "on");
    form.set("stock", "3");
    expect(bookFormToInput(form)).toMatchObject({
      title: "T",
      available: true,
      published: false,
      stock: 3,
      price: null,
    });
  });
});
