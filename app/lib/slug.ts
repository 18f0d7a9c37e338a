import { foldAccents } from "./text";

/** "Don Segundo Sombra" -> "don-segundo-sombra": lower case, no accents, words joined by "-". */
export function slugify(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
