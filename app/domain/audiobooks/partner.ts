/**
 * The audiobook store the shop partners with (box-prizes-admin spec: /audiolibros). Its pages open in
 * a new tab. Client-safe. Confirm `shopUrl` with the partner when the shop's page there is live: it is
 * the one place to change.
 */
export const AUDIOBOOK_PARTNER = {
  name: "Libro.fm",
  /** The partner's page for Rizoma: buying there credits the shop. */
  shopUrl: "https://libro.fm/rizoma",
  /** The partner's Spanish-language catalogue. */
  catalogueUrl: "https://libro.fm/genres/spanish-language",
  /** Their help page on the app and downloads. */
  helpUrl: "https://libro.fm/faq",
} as const;
