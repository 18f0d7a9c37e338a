import { centsToPesos, parseMoney } from "~/lib/money";

/**
 * The admin book form (strings from a <form>) turned into the JSON shape `bookSchema` validates. A value
 * that is not a number is passed on as text so the schema answers with the field's Spanish message.
 */
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Typed es-AR money -> pesos, the JSON shape's unit; "" -> null; text that is not money goes on as is. */
function pesosOf(raw: string): number | string | null {
  if (raw.trim() === "") return null;
  const cents = parseMoney(raw);
  return cents === null ? raw : centsToPesos(cents);
}

function parseInteger(raw: string): number | string | null {
  const value = raw.trim().replace(/\./g, "");
  if (value === "") return null;
  return /^-?\d+$/.test(value) ? Number(value) : raw;
}

export function bookFormToInput(form: FormData): Record<string, unknown> {
  return {
    title: text(form, "title"),
    author: text(form, "author"),
    description: text(form, "description"),
    genre: text(form, "genre") || null,
    category: text(form, "category"),
    publisher: text(form, "publisher") || null,
    price: pesosOf(text(form, "price")),
    promotionalPrice: pesosOf(text(form, "promotionalPrice")),
    stock: parseInteger(text(form, "stock")) ?? 0,
    available: form.get("available") === "on",
    published: form.get("published") === "on",
    freeShipping: form.get("freeShipping") === "on",
    taxCategory: text(form, "taxCategory") || "libros",
    coverUrl: text(form, "coverUrl") || null,
    isbn: text(form, "isbn") || null,
    sku: text(form, "sku") || null,
    pages: parseInteger(text(form, "pages")),
    publicationYear: parseInteger(text(form, "publicationYear")),
    language: text(form, "language") || null,
    weightGrams: parseInteger(text(form, "weightGrams")),
    audiobookUrl: text(form, "audiobookUrl") || null,
    externalUrl: text(form, "externalUrl") || null,
    preorderReleaseDate: text(form, "preorderReleaseDate") || null,
    preorderPrice: pesosOf(text(form, "preorderPrice")),
    preorderLimit: parseInteger(text(form, "preorderLimit")),
    preorderCount: parseInteger(text(form, "preorderCount")) ?? 0,
  };
}
