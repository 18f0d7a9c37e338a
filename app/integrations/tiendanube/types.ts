import { z } from "zod";

/**
 * The Tienda Nube shapes we read (INTEGRATIONS.md). Parsed leniently: fields we do not use are ignored,
 * optional ones default to null, so a field Tienda Nube adds or drops does not stop a sync. Texts are
 * objects keyed by language (`{"es": "..."}`), even with one language.
 */
const localized = z
  .union([z.record(z.string(), z.string().nullable()), z.string(), z.null()])
  .optional()
  .transform((value): Record<string, string> => {
    if (typeof value === "string") return { es: value };
    if (!value) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => entry[1] !== null));
  });

const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);
const nullableText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)));

export const tiendanubeVariantSchema = z.object({
  id,
  product_id: id.optional(),
  price: nullableText,
  promotional_price: nullableText,
  stock_management: z.boolean().nullish().transform(Boolean),
  stock: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  weight: nullableText,
  sku: nullableText,
  barcode: nullableText,
});

export const tiendanubeImageSchema = z.object({
  id,
  src: z.string(),
  position: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? Number.MAX_SAFE_INTEGER),
  alt: z.union([z.array(z.string()), z.string(), z.record(z.string(), z.string().nullable()), z.null()]).optional(),
});

export const tiendanubeCategorySchema = z.object({
  id,
  name: localized,
  handle: localized,
  parent: id.nullish(),
});

export const tiendanubeProductSchema = z.object({
  id,
  name: localized,
  description: localized,
  handle: localized,
  variants: z.array(tiendanubeVariantSchema).default([]),
  images: z.array(tiendanubeImageSchema).default([]),
  categories: z.array(tiendanubeCategorySchema).default([]),
  brand: nullableText,
  published: z.boolean().default(true),
  free_shipping: z.boolean().nullish().transform(Boolean),
  canonical_url: nullableText,
  created_at: nullableText,
  updated_at: nullableText,
});

export type TiendanubeProduct = z.output<typeof tiendanubeProductSchema>;
export type TiendanubeVariant = z.output<typeof tiendanubeVariantSchema>;
export type TiendanubeImage = z.output<typeof tiendanubeImageSchema>;
export type TiendanubeCategory = z.output<typeof tiendanubeCategorySchema>;

/** Webhook body: `{"store_id":123,"event":"product/updated","id":1948209}`. */
export const webhookPayloadSchema = z.object({
  store_id: id,
  event: z.string().min(1).max(60),
  id,
});
export type WebhookPayload = z.output<typeof webhookPayloadSchema>;
