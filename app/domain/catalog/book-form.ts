/**
 * The admin book form (strings from a <form>) turned into the JSON shape `bookSchema` validates. A value
 * that is not a number is passed on as text so the schema answers with the field's Spanish message.
 */
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** "12.500,50", "12500,5", "12500.50" or "12500" -> pesos; "" -> null. */
export function parseArMoney(raw: string): number | string | null {
  const value = raw.trim().replace(/^\$\s*/, "");
  if (value === "") return null;
  const normalised = value.includes(",")
    ? value.replace(/\./g, "").replace(",", ".")
    : /^\d{1,3}(\.\d{3})+$/.test(value)
      ? value.replace(/\./g, "")
      : value;
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : raw;
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
    price: parseArMoney(text(form, "price")),
    promotionalPrice: parseArMoney(text(form, "promotionalPrice")),
    stock: parseInteger(text(form, "stock")) ?? 0,
    available: form.get("available") === "on",
    published: form.get("published") === "on",
    freeShipping: form.get("freeShipping") === "on",
    coverUrl: text(form, "coverUrl") || null,
    isbn: text(form, "isbn") || null,
    sku: text(form, "sku") || null,
    pages: parseInteger(text(form, "pages")),
    weightGrams: parseInteger(text(form, "weightGrams")),
    audiobookUrl: text(form, "audiobookUrl") || null,
    externalUrl: text(form, "externalUrl") || null,
    preorderReleaseDate: text(form, "preorderReleaseDate") || null,
    preorderPrice: parseArMoney(text(form, "preorderPrice")),
    preorderLimit: parseInteger(text(form, "preorderLimit")),
    preorderCount: parseInteger(text(form, "preorderCount")) ?? 0,
  };
}
