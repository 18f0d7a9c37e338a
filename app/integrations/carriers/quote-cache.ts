import type { Branch, Carrier, CarrierRate, Parcel, QuoteRequest } from "./types";

/**
 * A carrier whose quotes and branch lists come from a short memory cache (decision 0033): a checkout asks
 * again at every keystroke of the postal code and at every cart change, and the carriers' prices move at
 * most a few times a year.
 *
 * Quotes are cached per carrier, origin, destination and band: weight in 500 g steps, each side in 5 cm
 * steps, declared value in $ 10.000 steps. The carrier is asked for the band's UPPER edge, so the cached
 * price holds for every parcel in the band and never undercharges (a 510 g parcel is quoted as 1 kg).
 * Branches are cached per postal code. Only answers are cached, never failures; identical questions
 * asked at the same time share one call. The cache is bounded (oldest out first).
 */
export interface CacheOptions {
  quoteTtlMs?: number;
  branchTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export const WEIGHT_BAND_GRAMS = 500;
export const SIZE_BAND_CM = 5;
export const VALUE_BAND_CENTS = 1_000_000;

const up = (value: number, step: number) => Math.max(step, Math.ceil(value / step) * step);

/** The parcel the carrier is asked about: the upper edge of the request's band. */
export function bandedParcel(parcel: Parcel): Parcel {
  return {
    weightGrams: up(parcel.weightGrams, WEIGHT_BAND_GRAMS),
    heightCm: up(parcel.heightCm, SIZE_BAND_CM),
    widthCm: up(parcel.widthCm, SIZE_BAND_CM),
    lengthCm: up(parcel.lengthCm, SIZE_BAND_CM),
    declaredValueCents: up(parcel.declaredValueCents, VALUE_BAND_CENTS),
  };
}

class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private readonly pending = new Map<string, Promise<T>>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return Promise.resolve(hit.value);
    if (hit) this.entries.delete(key);
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const loading = load()
      .then((value) => {
        this.entries.set(key, { value, until: this.now() + this.ttlMs });
        while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }
}

export function cachedCarrier(carrier: Carrier, options: CacheOptions = {}): Carrier {
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 1_000;
  const quotes = new TtlCache<CarrierRate[]>(options.quoteTtlMs ?? 10 * 60_000, max, now);
  const branches = new TtlCache<Branch[]>(options.branchTtlMs ?? 60 * 60_000, max, now);
  return {
    id: carrier.id,
    name: carrier.name,
    quote(request: QuoteRequest) {
      const parcel = bandedParcel(request.parcel);
      const key = [
        request.originZip,
        request.destinationZip,
        parcel.weightGrams,
        `${parcel.heightCm}x${parcel.widthCm}x${parcel.lengthCm}`,
        parcel.declaredValueCents,
      ].join("|");
      return quotes.get(key, () => carrier.quote({ ...request, parcel }));
    },
    branches: (zip) => branches.get(zip, () => carrier.branches(zip)),
    createShipment: (request) => carrier.createShipment(request),
    label: (trackingNumber) => carrier.label(trackingNumber),
    track: (trackingNumber) => carrier.track(trackingNumber),
  };
}
