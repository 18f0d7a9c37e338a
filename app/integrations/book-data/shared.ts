/** What both clients share: reading JSON with the lookup's signal, and cleaning the sources' values. */

/** A JSON GET: the parsed body, null on 404 (unknown), a thrown error on anything else. */
export async function getJson(url: string, signal: AbortSignal): Promise<unknown | null> {
  const response = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status}`);
  }
  return response.json();
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A trimmed one-line text up to `max` characters, or null. */
export function line(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, max).trim() : null;
}

/** A page count the book form accepts (1..20000), or null. */
export function pageCount(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value.trim()) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 20_000 ? n : null;
}

/** The first plausible year in a date as sources write it ("2005", "2005-03-01", "March 2005", "c1998"). */
export function yearOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /(?:^|\D)(1[4-9]\d\d|2[01]\d\d|2200)(?!\d)/.exec(value);
  return match?.[1] ? Number(match[1]) : null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML (Google Books' descriptions) as plain text: paragraphs and line breaks kept, tags and entities gone. */
export function htmlToText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value
    .replace(/<\s*br\s*\/?>/gi, "\n")
    .replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text ? text.slice(0, max).trim() : null;
}
