import { describe, expect, it } from "vitest";
import { CM_PER_BOOK, MAX_PARCEL_HEIGHT_CM, parcelFor } from "./package";

const settings = {
  packaging: { weightGrams: 100, heightCm: 6, widthCm: 25, lengthCm: 33 },
  bookWeightGrams: 400,
};

describe("parcelFor", () => {
  it("weighs the packaging plus each book's own weight, or the average for a book without one", () => {
    const parcel = parcelFor(
      [
        { weightGrams: 250, quantity: 2 },
        { weightGrams: null, quantity: 1 },
      ],
      settings,
      3_000_000,
    );
    expect(parcel).toEqual({
      weightGrams: 100 + 250 * 2 + 400,
      heightCm: 9,
      widthCm: 25,
      lengthCm: 33,
      declaredValueCents: 3_000_000,
    });
  });

  it("keeps the packaging's height for one or two books and grows with more, up to the cap", () => {
    expect(parcelFor([{ weightGrams: 300, quantity: 1 }], settings, 0).heightCm).toBe(6);
    expect(parcelFor([{ weightGrams: 300, quantity: 5 }], settings, 0).heightCm).toBe(5 * CM_PER_BOOK);
    expect(parcelFor([{ weightGrams: 300, quantity: 99 }], settings, 0).heightCm).toBe(MAX_PARCEL_HEIGHT_CM);
  });

  it("never shrinks a packaging taller than the cap, nor declares a negative value", () => {
    const tall = { ...settings, packaging: { ...settings.packaging, heightCm: 80 } };
    const parcel = parcelFor([{ weightGrams: 300, quantity: 1 }], tall, -5);
    expect(parcel.heightCm).toBe(80);
    expect(parcel.declaredValueCents).toBe(0);
  });
});
