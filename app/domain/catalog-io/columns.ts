import type { BookInput } from "~/domain/catalog/book-input";
import { LANGUAGES, languageCode } from "~/domain/catalog/languages";
import { parseIsbn } from "~/lib/isbn";
import { centsToPesos, formatMoney, formatMoneyCsv, fromPesos, parseMoney } from "~/lib/money";
import { foldAccents } from "~/lib/text";

/**
 * The catalogue's column set: one spec that the import reads, the export writes and the import page shows
 * ("Columnas"). What a cell means is decided here only, so a file the export wrote imports back unchanged.
 *
 * Cell rules: a missing column or an empty cell leaves the field as it is (an update) or takes the form's
 * default (a new book). An import never erases data: a distributor's list with an empty "sku" column must
 * not wipe the shop's codes. Clearing a field is done in the book's form.
 */
export type ColumnKind = "text" | "longText" | "isbn" | "money" | "integer" | "boolean" | "language";

/** A field the import can set: every key of BookInput the column set names. */
export type ImportField = keyof BookInput;

export interface Column {
  /** The header as the export writes it (lower case, no accents, "_" between words). */
  header: string;
  field: ImportField;
  kind: ColumnKind;
  /** "el precio": how an error names the cell ("el precio «abc» no es un número"). */
  label: string;
  meaning: string;
  example: string;
  /** Other headers people write for it (compared after `headerKey`). */
  aliases?: string[];
}

export const COLUMNS: readonly Column[] = [
  {
    header: "isbn",
    field: "isbn",
    kind: "isbn",
    label: "el ISBN",
    meaning: "ISBN-10 o ISBN-13, con o sin guiones. Es la clave para reconocer un libro que ya está en el catálogo.",
    example: "978-950-511-307-1",
  },
  {
    header: "sku",
    field: "sku",
    kind: "text",
    label: "el SKU",
    meaning: "Código interno. Se usa como clave cuando la fila no tiene ISBN.",
    example: "RZ-0042",
    aliases: ["codigo"],
  },
  {
    header: "titulo",
    field: "title",
    kind: "text",
    label: "el título",
    meaning: "Título del libro (obligatorio en un libro nuevo).",
    example: "Facundo",
  },
  {
    header: "autor",
    field: "author",
    kind: "text",
    label: "el autor",
    meaning: "Autor o autores (obligatorio en un libro nuevo).",
    example: "Domingo F. Sarmiento",
    aliases: ["autores"],
  },
  {
    header: "editorial",
    field: "publisher",
    kind: "text",
    label: "la editorial",
    meaning: "Editorial.",
    example: "Eudeba",
  },
  { header: "genero", field: "genre", kind: "text", label: "el género", meaning: "Género.", example: "Ensayo" },
  {
    header: "categorias",
    field: "category",
    kind: "text",
    label: "las categorías",
    meaning: "Categorías separadas por coma.",
    example: "Clásicos, Historia argentina",
    aliases: ["categoria"],
  },
  {
    header: "descripcion",
    field: "description",
    kind: "longText",
    label: "la descripción",
    meaning: "Descripción (como la escribirías en el formulario).",
    example: "Civilización y barbarie…",
  },
  {
    header: "precio",
    field: "price",
    kind: "money",
    label: "el precio",
    meaning: "Precio en pesos. Un libro nuevo sin precio queda en «Consultar precio».",
    example: "12.345,50",
  },
  {
    header: "precio_promocional",
    field: "promotionalPrice",
    kind: "money",
    label: "el precio promocional",
    meaning: "Precio de oferta en pesos, menor que el precio.",
    example: "9.900",
    aliases: ["precio_promo", "promocion"],
  },
  {
    header: "stock",
    field: "stock",
    kind: "integer",
    label: "el stock",
    meaning: "Ejemplares disponibles (número entero, 0 o más).",
    example: "12",
  },
  {
    header: "paginas",
    field: "pages",
    kind: "integer",
    label: "las páginas",
    meaning: "Cantidad de páginas.",
    example: "320",
  },
  {
    header: "anio",
    field: "publicationYear",
    kind: "integer",
    label: "el año",
    meaning: "Año de edición.",
    example: "2018",
    aliases: ["ano", "anio_edicion", "ano_de_edicion"],
  },
  {
    header: "idioma",
    field: "language",
    kind: "language",
    label: "el idioma",
    meaning: "Código (es, en, pt…) o nombre del idioma.",
    example: "es",
  },
  {
    header: "peso_gramos",
    field: "weightGrams",
    kind: "integer",
    label: "el peso",
    meaning: "Peso en gramos, para calcular el envío.",
    example: "450",
    aliases: ["peso"],
  },
  {
    header: "disponible",
    field: "available",
    kind: "boolean",
    label: "disponible",
    meaning: "sí o no: si se puede comprar.",
    example: "sí",
  },
  {
    header: "publicado",
    field: "published",
    kind: "boolean",
    label: "publicado",
    meaning: "sí o no: si se ve en la tienda.",
    example: "sí",
  },
  {
    header: "envio_gratis",
    field: "freeShipping",
    kind: "boolean",
    label: "envío gratis",
    meaning: "sí o no.",
    example: "no",
  },
  {
    header: "categoria_fiscal",
    field: "taxCategory",
    kind: "text",
    label: "la categoría fiscal",
    meaning: "Una clave de la tabla de Ajustes (Impuestos por categoría). Vacío en un libro nuevo = libros.",
    example: "libros",
  },
  {
    header: "tapa_url",
    field: "coverUrl",
    kind: "text",
    label: "la tapa",
    meaning: "Ruta del sitio (/uploads/…) o URL https de la tapa.",
    example: "https://covers.openlibrary.org/b/isbn/9789505113071-L.jpg",
    aliases: ["tapa"],
  },
];

/** "Envío gratis" / "ENVIO-GRATIS" / " envio_gratis " → "envio_gratis"; "Año" → "ano". */
export function headerKey(raw: string): string {
  return foldAccents(raw.replace(/^\uFEFF/, ""))
    .toLowerCase()
    .trim()
    .replace(/[\s\-.]+/g, "_");
}

const byHeader = new Map<string, Column>(
  COLUMNS.flatMap((column) => [column.header, ...(column.aliases ?? [])].map((name) => [name, column] as const)),
);

export const columnForHeader = (raw: string): Column | undefined => byHeader.get(headerKey(raw));

/** What a cell turned into: a value for the book (undefined = leave the field alone) or an error. */
export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

const BOOLEANS: Record<string, boolean> = {
  si: true,
  "1": true,
  true: true,
  x: true,
  verdadero: true,
  yes: true,
  no: false,
  "0": false,
  false: false,
  falso: false,
};

/** A dot-grouped integer ("1.234") or a plain one, possibly negative (the schema answers for the range). */
function integerOf(text: string): number | null {
  if (/^\d{1,3}(\.\d{3})+$/.test(text)) return Number(text.replaceAll(".", ""));
  if (/^-?\d+$/.test(text)) return Number(text);
  // A spreadsheet's number cell written as "12.0".
  if (/^-?\d+\.0+$/.test(text)) return Number(text);
  return null;
}

/** One cell's text → the value BookInput wants, or the Spanish reason it cannot be read. */
export function readCell(column: Column, raw: string): CellResult {
  const text = column.kind === "longText" ? raw : raw.trim();
  if (text.trim() === "") return { ok: true, value: undefined };
  const quoted = `${column.label} «${text.length > 60 ? `${text.slice(0, 60)}…` : text}»`;
  switch (column.kind) {
    case "isbn":
      return parseIsbn(text)
        ? { ok: true, value: text }
        : { ok: false, message: `${quoted} no es válido (revisá el dígito verificador)` };
    case "money": {
      if (/^-/.test(text)) return { ok: false, message: `${quoted} no puede ser negativo` };
      const cents = parseMoney(text);
      return cents === null
        ? { ok: false, message: `${quoted} no es un número` }
        : { ok: true, value: centsToPesos(cents) };
    }
    case "integer": {
      const value = integerOf(text);
      return value === null ? { ok: false, message: `${quoted} no es un número entero` } : { ok: true, value };
    }
    case "boolean": {
      const value = BOOLEANS[foldAccents(text).toLowerCase()];
      return value === undefined
        ? { ok: false, message: `«${text}» en ${column.header} no es sí ni no` }
        : { ok: true, value };
    }
    case "language": {
      const code = languageCode(text);
      return code
        ? { ok: true, value: code }
        : {
            ok: false,
            message: `${quoted} no está en la lista (usá ${Object.keys(LANGUAGES).slice(0, 4).join(", ")}…)`,
          };
    }
    default:
      return { ok: true, value: text };
  }
}

/** A book's field as the export writes it (and `readCell` reads back to the same value). */
export function cellText(column: Column, book: BookInput): string {
  const value = book[column.field];
  if (value === null || value === undefined) return "";
  switch (column.kind) {
    case "money":
      return formatMoneyCsv(fromPesos(value as number));
    case "boolean":
      return value ? "sí" : "no";
    default:
      return String(value);
  }
}

/** A field's value for people (the dry run's "antes → después"). */
export function displayValue(column: Column, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vacío)";
  if (column.kind === "money") return formatMoney(fromPesos(value as number));
  if (column.kind === "boolean") return value ? "sí" : "no";
  if (column.kind === "language") return LANGUAGES[value as keyof typeof LANGUAGES] ?? String(value);
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
