/**
 * The author field's suggestions on /tienda (GET /api/autores): the published books' authors that match
 * what the visitor typed, from the list kept in memory as reference data (shopAuthors), so suggesting
 * costs no query. The same rule as the filter the shop then applies (authorContains): the name contains
 * every word typed, case and accents aside. Best first: names that start with the text ("jos" → José
 * Hernández), then names with a word that starts with each word typed ("borg" → Jorge Luis Borges), then
 * the rest; alphabetical within each.
 */

export const AUTHOR_SUGGESTION_LIMIT = 8;

/** Letters that carry no separable accent in Unicode, folded as the database's `f_unaccent` folds them. */
const LETTERS: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", đ: "d", ł: "l", ı: "i", ð: "d", þ: "th" };

/**
 * Lower case, without accents or other marks ("Sábato" → "sabato", "Søren" → "soren"), spaces collapsed:
 * what `f_unaccent(lower(...))` makes of a name, so a suggestion is found by the same words as its books.
 */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[øæœßđłıðþ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

const byName = new Intl.Collator("es", { sensitivity: "base" });

/**
 * Each list's folded names, computed once: the reference data hands every request the same (frozen) array
 * until the catalogue changes, and folding thousands of names on each keystroke is the cost worth saving.
 */
const foldedLists = new WeakMap<readonly string[], string[]>();

function foldedNames(authors: readonly string[]): string[] {
  let folded = foldedLists.get(authors);
  if (!folded) {
    folded = authors.map(foldName);
    foldedLists.set(authors, folded);
  }
  return folded;
}

export function suggestAuthors(authors: readonly string[], typed: string, limit = AUTHOR_SUGGESTION_LIMIT): string[] {
  const text = foldName(typed);
  const words = text.split(" ").filter(Boolean);
  if (words.length === 0) return [];
  const folded = foldedNames(authors);
  const ranked: { name: string; rank: number }[] = [];
  authors.forEach((name, i) => {
    const fold = folded[i] ?? "";
    if (!words.every((word) => fold.includes(word))) return;
    const nameWords = fold.split(/[\s.-]+/);
    const wordStarts = words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
    ranked.push({ name, rank: fold.startsWith(text) ? 0 : wordStarts ? 1 : 2 });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || byName.compare(a.name, b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}
