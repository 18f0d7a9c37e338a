/**
 * The languages a book's text can be in: ISO 639-1 codes (stored in `books.language`) with their Spanish
 * names. Open Library answers MARC codes ("spa") and Google Books ISO codes ("es"); both map here.
 */
export const LANGUAGES = {
  es: "Español",
  en: "Inglés",
  pt: "Portugués",
  fr: "Francés",
  it: "Italiano",
  de: "Alemán",
  ca: "Catalán",
  gl: "Gallego",
  eu: "Euskera",
  gn: "Guaraní",
  qu: "Quechua",
  la: "Latín",
  el: "Griego",
  ru: "Ruso",
  ja: "Japonés",
  zh: "Chino",
  ar: "Árabe",
  he: "Hebreo",
} as const;

export type LanguageCode = keyof typeof LANGUAGES;

export const isLanguageCode = (value: string): value is LanguageCode => Object.hasOwn(LANGUAGES, value);

/** MARC 21 language codes (Open Library's `/languages/spa`) for the languages above. */
const MARC: Record<string, LanguageCode> = {
  spa: "es",
  eng: "en",
  por: "pt",
  fre: "fr",
  fra: "fr",
  ita: "it",
  ger: "de",
  deu: "de",
  cat: "ca",
  glg: "gl",
  baq: "eu",
  eus: "eu",
  grn: "gn",
  que: "qu",
  lat: "la",
  gre: "el",
  ell: "el",
  grc: "el",
  rus: "ru",
  jpn: "ja",
  chi: "zh",
  zho: "zh",
  ara: "ar",
  heb: "he",
};

/**
 * A language code as an outside source or a spreadsheet writes it ("es", "ES", "spa", "es-AR",
 * "Español") → our code, or null when it is none of ours.
 */
export function languageCode(raw: string | null | undefined): LanguageCode | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return null;
  const base = value.split(/[-_]/)[0] ?? "";
  if (isLanguageCode(base)) return base;
  if (MARC[base]) return MARC[base];
  const byName = Object.entries(LANGUAGES).find(
    ([, name]) =>
      name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase() === value.normalize("NFD").replace(/\p{M}/gu, ""),
  );
  return byName ? (byName[0] as LanguageCode) : null;
}
