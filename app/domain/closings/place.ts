/**
 * Where a cash closing is made (issue 35): the shop's counter, or one fair. Client-safe: the page's selector
 * and links write it in the URL as ?lugar=local or ?lugar=feria-12.
 */
export type ClosingPlace = { kind: "counter" } | { kind: "fair"; fairId: number };

export const COUNTER: ClosingPlace = { kind: "counter" };

/** The place of the URL: missing means the counter; anything unreadable is null (the page says so). */
export function placeFromParam(value: string | null | undefined): ClosingPlace | null {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "local") return COUNTER;
  const match = /^feria-(\d{1,9})$/.exec(text);
  const fairId = match ? Number(match[1]) : 0;
  return fairId > 0 ? { kind: "fair", fairId } : null;
}

export const placeParam = (place: ClosingPlace): string =>
  place.kind === "counter" ? "local" : `feria-${place.fairId}`;

export const fairIdOf = (place: ClosingPlace): number | null => (place.kind === "fair" ? place.fairId : null);

/** /admin/cierre for a day and a place (and more of the query: ?aviso=). */
export const closingHref = (day: string, place: ClosingPlace, extra: Record<string, string> = {}, hash = "") =>
  `/admin/cierre?${new URLSearchParams({ fecha: day, lugar: placeParam(place), ...extra })}${hash}`;
