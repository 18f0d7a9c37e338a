/**
 * The ISBN lookup's fields (the API's `book` keys) → the book form's field names: shared by the server's
 * lookup and the form's autofill, so both name the same inputs.
 */
export const FORM_FIELD = {
  title: "title",
  author: "author",
  publisher: "publisher",
  pages: "pages",
  year: "publicationYear",
  language: "language",
  description: "description",
  coverUrl: "coverUrl",
} as const;

export type FoundBookField = keyof typeof FORM_FIELD;
