import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";
import { isValidIsbn, normaliseIsbn } from "~/lib/isbn";
import { isLanguageCode } from "./languages";

/**
 * A book as the admin writes it (API JSON and, after `bookFormToInput`, the admin form). Amounts in
 * pesos with up to 2 decimals; null price = 'Consultar precio'. Shared by server and page (no secrets).
 */
const pesos = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(0, `${label} no puede ser negativo`)
    .max(100_000_000, `${label} es demasiado alto`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} admite hasta 2 decimales`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullable()
    .transform((value) => (value ? value : null));

const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^https:\/\/[^\s]+$/.test(value), `${label} debe empezar con https://`);

export const bookFields = z
  .object({
    title: z
      .string({ error: "El título es requerido" })
      .trim()
      .min(1, "El título es requerido")
      .max(300, "El título es demasiado largo"),
    author: z
      .string({ error: "El autor es requerido" })
      .trim()
      .min(1, "El autor es requerido")
      .max(200, "El autor es demasiado largo"),
    description: z.string().max(10_000, "La descripción es demasiado larga").default(""),
    genre: optionalText(100).default(null),
    category: z.string().trim().max(300, "Las categorías son demasiado largas").default(""),
    publisher: optionalText(200).default(null),
    price: pesos("El precio").nullable().default(null),
    promotionalPrice: pesos("El precio promocional").nullable().default(null),
    stock: z
      .number({ error: "El stock debe ser un número" })
      .int("El stock debe ser un número entero")
      .min(0, "El stock no puede ser negativo")
      .max(1_000_000, "El stock es demasiado alto")
      .default(0),
    available: z.boolean({ error: "available debe ser verdadero o falso" }).default(true),
    published: z.boolean({ error: "published debe ser verdadero o falso" }).default(true),
    freeShipping: z.boolean({ error: "freeShipping debe ser verdadero o falso" }).default(false),
    /** A key of the settings' tax table (checked against it on save); books are 'libros' (IVA exento). */
    taxCategory: z
      .string({ error: "Elegí la categoría fiscal" })
      .trim()
      .min(1, "Elegí la categoría fiscal")
      .max(40, "La categoría fiscal no es válida")
      .default("libros"),
    coverUrl: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .transform((value) => (value ? value : null))
      .refine(
        (value) => value === null || /^(\/[\w\-./]+|https:\/\/\S+)$/.test(value),
        "La tapa debe ser una ruta del sitio o una URL https",
      )
      .default(null),
    isbn: z
      .string()
      .nullable()
      .transform((value) => (value?.trim() ? normaliseIsbn(value) : null))
      .refine((value) => value === null || isValidIsbn(value), "El ISBN no es válido (revisá el dígito verificador)")
      .default(null),
    sku: optionalText(64).default(null),
    pages: z
      .number({ error: "Las páginas deben ser un número" })
      .int("Las páginas deben ser un número entero")
      .min(1)
      .max(20_000)
      .nullable()
      .default(null),
    publicationYear: z
      .number({ error: "El año debe ser un número" })
      .int("El año debe ser un número entero")
      .min(1400, "El año no es válido")
      .max(2200, "El año no es válido")
      .nullable()
      .default(null),
    language: z
      .string()
      .trim()
      .nullable()
      .transform((value) => (value ? value.toLowerCase() : null))
      .refine((value) => value === null || isLanguageCode(value), "Elegí un idioma de la lista")
      .default(null),
    weightGrams: z
      .number({ error: "El peso debe ser un número" })
      .int("El peso va en gramos enteros")
      .min(0)
      .max(50_000)
      .nullable()
      .default(null),
    audiobookUrl: httpsUrl("El link al audiolibro").default(null),
    externalUrl: httpsUrl("El link a la tienda").default(null),
    preorderReleaseDate: z
      .string()
      .nullable()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || isCalendarDay(value), "La fecha de salida no es válida")
      .default(null),
    preorderPrice: pesos("El precio de preventa").nullable().default(null),
    preorderLimit: z
      .number({ error: "El límite debe ser un número" })
      .int("El límite debe ser un número entero")
      .min(1, "El límite debe ser al menos 1")
      .max(1_000_000)
      .nullable()
      .default(null),
    preorderCount: z
      .number({ error: "Las reservas deben ser un número" })
      .int()
      .min(0, "Las reservas no pueden ser negativas")
      .max(1_000_000)
      .default(0),
  })
  .strict();

export type BookInput = z.output<typeof bookFields>;

/** The whole book, with the rules that tie fields together. */
export const bookSchema = bookFields.superRefine((book, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (book.promotionalPrice !== null && (book.price === null || book.promotionalPrice >= book.price)) {
    issue("promotionalPrice", "El precio promocional tiene que ser menor que el precio");
  }
  const preorder = book.preorderPrice !== null || book.preorderLimit !== null || book.preorderCount > 0;
  if (preorder && book.preorderReleaseDate === null)
    issue("preorderReleaseDate", "Indicá la fecha de salida de la preventa");
  if (book.preorderPrice !== null && book.price !== null && book.preorderPrice > book.price) {
    issue("preorderPrice", "El precio de preventa no puede superar el precio normal");
  }
  if (book.preorderLimit !== null && book.preorderCount > book.preorderLimit) {
    issue("preorderCount", "Las reservas no pueden superar el límite");
  }
});

/** Changes for PUT: any subset of the fields (checked against the whole book once merged). */
export const bookChanges = bookFields.partial();
