import { ZodError } from "zod";
import type { BookFormValues, FieldErrors } from "~/components/admin/book-form";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { type AdminBook, createBook, updateBook } from "~/domain/catalog/admin-books.server";
import { bookFormToInput } from "~/domain/catalog/book-form";
import { bookSchema } from "~/domain/catalog/book-input";
import { DomainError } from "~/domain/errors";
import { scheduleCoverVariants } from "~/domain/images/variants.server";
import { storeCover } from "~/domain/uploads/uploads.server";
import { formatMoneyInput, fromPesos } from "~/lib/money";
import type { Db } from "~db/index";
import { issueMessage } from "./zod-spanish";

const checkboxes = ["available", "published", "freeShipping"];

/** What the admin typed, to show the form again after an error. */
export function formValues(form: FormData): BookFormValues {
  const values: BookFormValues = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  for (const name of checkboxes) values[name] = form.get(name) === "on";
  return values;
}

/** The AdminBook shape carries pesos (the JSON API's unit); the input shows them as typed money. */
const money = (pesos: number | null) => (pesos === null ? "" : formatMoneyInput(fromPesos(pesos)));

/** A stored book as form values. */
export function bookValues(book: AdminBook): BookFormValues {
  return {
    title: book.title,
    author: book.author,
    publisher: book.publisher ?? "",
    genre: book.genre ?? "",
    category: book.category,
    description: book.description,
    price: money(book.listPrice),
    promotionalPrice: money(book.promotionalPrice),
    stock: String(book.stock),
    available: book.available,
    published: book.published,
    freeShipping: book.freeShipping,
    coverUrl: book.coverUrl ?? "",
    preorderReleaseDate: book.preorderReleaseDate ?? "",
    preorderPrice: money(book.preorderPrice),
    preorderLimit: book.preorderLimit === null ? "" : String(book.preorderLimit),
    preorderCount: String(book.preorderCount),
    isbn: book.isbn ?? "",
    sku: book.sku ?? "",
    pages: book.pages === null ? "" : String(book.pages),
    weightGrams: book.weightGrams === null ? "" : String(book.weightGrams),
    audiobookUrl: book.audiobookUrl ?? "",
    externalUrl: book.externalUrl ?? "",
  };
}

export const NEW_BOOK_VALUES: BookFormValues = {
  available: true,
  published: true,
  freeShipping: false,
  stock: "0",
  preorderCount: "0",
};

export type SaveResult = { ok: true; book: AdminBook } | { ok: false; errors: FieldErrors; values: BookFormValues };

/** Validates the form, stores a new cover if one came, and creates (no id) or updates the book. */
export async function saveBookForm(db: Db, admin: AdminIdentity, form: FormData, id?: number): Promise<SaveResult> {
  const input = bookFormToInput(form);
  const cover = form.get("cover");
  try {
    // Validate before storing a cover, so a form with mistakes leaves no orphan upload behind.
    bookSchema.parse(input);
    if (cover instanceof File && cover.size > 0) {
      try {
        input.coverUrl = await storeCover(db, { bytes: new Uint8Array(await cover.arrayBuffer()), name: cover.name });
      } catch (error) {
        if (error instanceof DomainError)
          return { ok: false, errors: { cover: error.message }, values: formValues(form) };
        throw error;
      }
    }
    const book = id === undefined ? await createBook(db, admin, input) : await updateBook(db, admin, id, input);
    // The cover's variants are made in the background (nothing to do when they already are).
    scheduleCoverVariants([book.coverUrl]);
    return { ok: true, book };
  } catch (error) {
    if (error instanceof ZodError) {
      const errors: FieldErrors = {};
      for (const issue of error.issues) {
        const field = String(issue.path[0] ?? "form");
        errors[field] ??= issueMessage(issue);
      }
      return { ok: false, errors, values: { ...formValues(form), coverUrl: String(input.coverUrl ?? "") } };
    }
    if (error instanceof DomainError) return { ok: false, errors: { form: error.message }, values: formValues(form) };
    throw error;
  }
}
