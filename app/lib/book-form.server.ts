import type { BookFormValues } from "~/components/admin/book-form";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { type AdminBook, createBook, updateBook } from "~/domain/catalog/admin-books.server";
import { bookFormToInput } from "~/domain/catalog/book-form";
import { bookSchema } from "~/domain/catalog/book-input";
import { DomainError, Invalid } from "~/domain/errors";
import { scheduleCoverVariants } from "~/domain/images/variants.server";
import type { RequestContext } from "~/domain/request-context";
import { storeCover } from "~/domain/uploads/uploads.server";
import { formatMoneyInput, fromPesos } from "~/lib/money";

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
    taxCategory: book.taxCategory,
    coverUrl: book.coverUrl ?? "",
    preorderReleaseDate: book.preorderReleaseDate ?? "",
    preorderPrice: money(book.preorderPrice),
    preorderLimit: book.preorderLimit === null ? "" : String(book.preorderLimit),
    preorderCount: String(book.preorderCount),
    isbn: book.isbn ?? "",
    sku: book.sku ?? "",
    pages: book.pages === null ? "" : String(book.pages),
    publicationYear: book.publicationYear === null ? "" : String(book.publicationYear),
    language: book.language ?? "",
    weightGrams: book.weightGrams === null ? "" : String(book.weightGrams),
    audiobookUrl: book.audiobookUrl ?? "",
    externalUrl: book.externalUrl ?? "",
  };
}

export const NEW_BOOK_VALUES: BookFormValues = {
  available: true,
  published: true,
  freeShipping: false,
  taxCategory: "libros",
  stock: "0",
  preorderCount: "0",
};

/**
 * Validates the form, stores a new cover if one came, and creates (no id) or updates the book. A refusal
 * is thrown for the form-action contract (`formAction`): a ZodError names its fields; a cover that cannot
 * be stored is an `Invalid` on the `cover` field; any other domain refusal is an `Invalid` with no field,
 * so the page shows its message above the form. Every refusal is an `Invalid` (400): the form was refused,
 * whatever the cause (a book deleted meanwhile, a cover too large).
 */
export async function saveBookForm(
  { db, ...site }: Pick<RequestContext, "db" | "siteUrl" | "configuredSecret">,
  admin: AdminIdentity,
  form: FormData,
  id?: number,
): Promise<AdminBook> {
  const input = bookFormToInput(form);
  // Validate before storing a cover, so a form with mistakes leaves no orphan upload behind.
  bookSchema.parse(input);
  const cover = form.get("cover");
  if (cover instanceof File && cover.size > 0) {
    try {
      input.coverUrl = await storeCover(db, { bytes: new Uint8Array(await cover.arrayBuffer()), name: cover.name });
    } catch (error) {
      throw asInvalid(error, "cover");
    }
  }
  try {
    const book = id === undefined ? await createBook(db, admin, input) : await updateBook(db, admin, id, input, site);
    // The cover's variants are made in the background (nothing to do when they already are).
    scheduleCoverVariants([book.coverUrl]);
    return book;
  } catch (error) {
    throw asInvalid(error);
  }
}

function asInvalid(error: unknown, field?: string): unknown {
  if (!(error instanceof DomainError)) return error;
  return new Invalid(error.message, field ? { field } : fieldOf(error));
}

/** A domain refusal that names its form field (the tax category) keeps it, so the message sits by the field. */
function fieldOf(error: DomainError): { field: string } | undefined {
  const field = error.details?.field;
  return typeof field === "string" ? { field } : undefined;
}
