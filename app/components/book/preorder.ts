/** Pre-sale badge arithmetic (storefront spec §5), kept apart from the component so it is unit-tested. */

import { longDate, startOfDay } from "~/lib/dates";

/** The 'Últimas unidades' threshold: 80% of the pre-order limit. */
export const LAST_UNITS_RATIO = 0.8;

/** Rounded percent off, only when the pre-order price is lower than the normal one. */
export function preorderDiscount(preorderPrice: number | null, normalPrice: number | null): number | null {
  if (preorderPrice === null || normalPrice === null || normalPrice <= 0 || preorderPrice >= normalPrice) return null;
  return Math.round((1 - preorderPrice / normalPrice) * 100);
}

export function isLastUnits(count: number, limit: number | null): boolean {
  return limit !== null && limit > 0 && count >= limit * LAST_UNITS_RATIO;
}

/** A release date "YYYY-MM-DD" starts at midnight in Buenos Aires (UTC-3, no daylight saving). */
export function releaseInstant(releaseDate: string): number {
  return startOfDay(releaseDate).getTime();
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until the release, or null once it has passed (or the date is not a date). */
export function countdown(releaseDate: string, now: number): Countdown | null {
  const left = releaseInstant(releaseDate) - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  const seconds = Math.floor(left / 1000);
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

/** "12 de marzo de 2026"; a text that is not a date is shown as it is. */
export function formatReleaseDate(releaseDate: string): string {
  const instant = releaseInstant(releaseDate);
  return Number.isFinite(instant) ? longDate(instant + 12 * 3600_000) : releaseDate;
}
