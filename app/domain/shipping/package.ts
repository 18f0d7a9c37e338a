import type { CarriersSettings } from "~/domain/settings/schema";
import type { Parcel } from "~/integrations/carriers/types";

/** A book is about this thick in the parcel: the packaging's height grows by it per book. */
export const CM_PER_BOOK = 3;
/** The tallest parcel the shop packs; past it the carriers price by weight anyway. */
export const MAX_PARCEL_HEIGHT_CM = 60;

export interface ParcelItem {
  /** The book's own weight (books.weight_grams), or null to use the settings' `bookWeightGrams`. */
  weightGrams: number | null;
  quantity: number;
}

/**
 * The one parcel an order travels in (what every carrier quotes and ships): the packaging's weight plus
 * each book's (its own, else the settings' average) times its quantity; the packaging's width and length;
 * its height is the packaging's or CM_PER_BOOK per book (capped at MAX_PARCEL_HEIGHT_CM), whichever is
 * taller: books are stacked flat, so a bigger order grows upwards. Pure.
 */
export function parcelFor(
  items: ParcelItem[],
  settings: Pick<CarriersSettings, "packaging" | "bookWeightGrams">,
  declaredValueCents: number,
): Parcel {
  const { packaging, bookWeightGrams } = settings;
  let books = 0;
  let weightGrams = packaging.weightGrams;
  for (const item of items) {
    books += item.quantity;
    weightGrams += (item.weightGrams ?? bookWeightGrams) * item.quantity;
  }
  return {
    weightGrams,
    heightCm: Math.max(packaging.heightCm, Math.min(CM_PER_BOOK * books, MAX_PARCEL_HEIGHT_CM)),
    widthCm: packaging.widthCm,
    lengthCm: packaging.lengthCm,
    declaredValueCents: Math.max(0, Math.round(declaredValueCents)),
  };
}
