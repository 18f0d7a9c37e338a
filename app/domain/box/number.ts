/**
 * A Caja Rizoma subscription's number, written like an order's: "CR-000123" (the subscription's id).
 * Client-safe: the welcome e-mail, the subscriber's pages and the botón de arrepentimiento read it.
 */
export const boxNumberOf = (id: number) => `CR-${String(id).padStart(6, "0")}`;

/** The subscription id in "CR-000123", "cr-123", "CR 123", "CR123"; null for anything else. */
export function boxIdFromNumber(raw: string): number | null {
  const match = /^\s*cr\s*[-‐–—]?\s*(\d{1,9})\s*$/i.exec(raw);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/** True when the buyer typed a subscription's number (starts with "CR"), not an order's. */
export const isBoxNumber = (raw: unknown): boolean =>
  typeof raw === "string" && /^\s*cr\b|^\s*cr\s*[-‐–—\d]/i.test(raw);
