import { z } from "zod";
import { DEFAULT_TRANSFER_DISCOUNT_PERCENT, MAX_TRANSFER_DISCOUNT_PERCENT } from "~/domain/orders/pricing";
import { DEFAULT_TAX_CATEGORIES, VAT_RATES } from "~/domain/taxes/fiscal";
import { isCalendarDay } from "~/lib/dates";
import { emailSchema } from "~/lib/email-schema";
import { type Cents, centsToPesos, fromPesos, pesosToCents } from "~/lib/money";
import { cbuDigits, isValidCbu, normaliseCuit, PROVINCES, type ProvinceCode, whatsappDigits } from "./argentina";
import { EMPTY_FISCAL, fiscalSchema } from "./fiscal";

/**
 * The shop's settings: one row per section in `settings`, each section with its schema (Spanish
 * messages, normalising transforms) and its demo default. Shared by the server and the settings page.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: completá este campo` })
    .trim()
    .min(1, `${label}: completá este campo`)
    .max(max, `${label}: máximo ${max} caracteres`);

const integer = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: ingresá un número` })
    .int(`${label}: ingresá un número entero`)
    .min(min, `${label}: el mínimo es ${min}`)
    .max(max, `${label}: el máximo es ${max}`);

export const bankSchema = z
  .object({
    holder: text("Titular", 120),
    bank: text("Banco", 80),
    cbu: z
      .string({ error: "Ingresá el CBU o CVU" })
      .transform(cbuDigits)
      .refine((digits) => /^\d{22}$/.test(digits), "El CBU/CVU debe tener 22 dígitos")
      .refine(isValidCbu, "El CBU/CVU no es válido: revisá los dígitos verificadores"),
    alias: z
      .string({ error: "Ingresá el alias" })
      .trim()
      .regex(/^[A-Za-z0-9.-]{6,20}$/, "El alias debe tener entre 6 y 20 letras, números, puntos o guiones"),
    cuit: z.string({ error: "Ingresá el CUIT" }).transform((value, ctx) => {
      const cuit = normaliseCuit(value);
      if (cuit) return cuit;
      ctx.addIssue({ code: "custom", message: "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)" });
      return z.NEVER;
    }),
    /** Days an unpaid transfer order keeps its books before it is cancelled (stock returned). */
    transferExpiryDays: integer("Días para pagar una transferencia", 1, 30).default(3),
    /** The percent a bank transfer takes off (after any code); 0 turns the discount and its copy off. */
    transferDiscountPercent: integer("Descuento por transferencia", 0, MAX_TRANSFER_DISCOUNT_PERCENT).default(
      DEFAULT_TRANSFER_DISCOUNT_PERCENT,
    ),
  })
  .strict();

export const contactSchema = z
  .object({
    address: text("Dirección", 200),
    hours: text("Horarios", 200),
    whatsapp: z
      .string({ error: "Ingresá el WhatsApp" })
      .trim()
      .transform((value) => value.replace(/\s+/g, " "))
      .refine(
        (value) => whatsappDigits(value) !== null,
        "El WhatsApp debe ser un celular con código de país: +54 9 11 1234-5678",
      ),
    email: emailSchema({ missing: "Ingresá el email", invalid: "El email no es válido" }, 200),
  })
  .strict();

/** Shipping costs are stored in centavos; at most $ 10.000.000 a parcel. */
const MAX_SHIPPING_CENTS = 1_000_000_000;

const cents = (label: string) =>
  z
    .number({ error: `${label}: ingresá un monto` })
    .int(`${label}: el monto debe estar en centavos enteros`)
    .min(0, `${label}: el monto no puede ser negativo`)
    .max(MAX_SHIPPING_CENTS, `${label}: el monto es demasiado grande`);

export interface ShippingRate {
  standardCents: Cents;
  fastCents: Cents;
}

const days = (label: string) =>
  z
    .object(
      { min: integer(`${label}, desde`, 1, 60), max: integer(`${label}, hasta`, 1, 60) },
      { error: `${label}: indicá el plazo en días hábiles ({min, max})` },
    )
    .strict()
    .refine((range) => range.min <= range.max, {
      message: `${label}: el plazo máximo no puede ser menor que el mínimo`,
      path: ["max"],
    });

/** Every province, with Spanish messages that name it; unknown codes are refused (strict). */
const rates = <T extends z.ZodType>(rate: (name: string) => T) =>
  z
    .object(Object.fromEntries(PROVINCES.map(({ code, name }) => [code, rate(name)])), {
      error: "Falta la tabla de costos por provincia",
    })
    .strict() as unknown as z.ZodType<Record<ProvinceCode, z.output<T>>, Record<ProvinceCode, z.input<T>>>;

export const shippingSchema = z
  .object({
    standardDays: days("Envío estándar"),
    fastDays: days("Envío rápido"),
    rates: rates((name) =>
      z
        .object(
          { standardCents: cents(`Envío estándar a ${name}`), fastCents: cents(`Envío rápido a ${name}`) },
          { error: `Faltan los costos de envío a ${name}` },
        )
        .strict(),
    ),
  })
  .strict();

export const pickupPointSchema = z
  .object(
    { name: text("Nombre", 80), address: text("Dirección", 200), hours: text("Horarios", 200) },
    { error: "Cada punto de retiro necesita nombre, dirección y horarios" },
  )
  .strict();

export const pickupSchema = z
  .object({
    points: z
      .array(pickupPointSchema, { error: "Los puntos de retiro deben ser una lista" })
      .max(20, "Podés cargar hasta 20 puntos de retiro"),
  })
  .strict();

export const storeSchema = z
  .object({
    externalUrl: z
      .union([
        z.null(),
        z
          .string({ error: "La URL de la tienda externa no es válida" })
          .trim()
          .max(300, "La URL de la tienda externa es demasiado larga")
          .transform((value) => value || null)
          .refine(
            (value) => value === null || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value),
            "La URL de la tienda externa debe empezar con https://",
          )
          .refine((value) => value === null || URL.canParse(value), "La URL de la tienda externa no es válida"),
      ])
      .transform((value) => (value ? value.replace(/\/+$/, "") : null)),
  })
  .strict();

export const rateLimitsSchema = z
  .object({
    loginMaxFailures: integer("Intentos fallidos de ingreso", 1, 100),
    loginWindowMinutes: integer("Ventana de intentos de ingreso (minutos)", 1, 1440),
    newsletterPerIpPerHour: integer("Suscripciones al newsletter por IP y por hora", 1, 1000),
    mailPerSecond: integer("Correos por segundo", 1, 100),
    qrChecksPerMinute: integer("Consultas de códigos QR por IP y por minuto", 1, 10000),
    qrClaimsPerMinute: integer("Reclamos de premios por IP y por minuto", 1, 10000),
    withdrawalsPerIpPerHour: integer("Pedidos de arrepentimiento por IP y por hora", 1, 1000),
    boxSubscribePerIpPerHour: integer("Suscripciones a la Caja Rizoma por IP y por hora", 1, 1000),
    boxCancelPerIpPerHour: integer("Pedidos de baja de la Caja Rizoma por IP y por hora", 1, 1000),
    discountValidatePerIpPerMinute: integer("Consultas de códigos de descuento por IP y por minuto", 1, 10000),
    specialOrdersPerIpPerHour: integer("Pedidos especiales por IP y por hora", 1, 1000),
    ordersPerIpPerHour: integer("Pedidos por IP y por hora", 1, 1000),
    accountCodesPerIpPerHour: integer("Códigos de ingreso a Mi cuenta por IP y por hora", 1, 1000),
    stockAlertsPerIpPerHour: integer("Avisos de stock por IP y por hora", 1, 1000),
    shippingQuotesPerIpPerMinute: integer("Cotizaciones de envío por IP y por minuto", 1, 10000),
  })
  .strict();

/**
 * Tienda Nube: how the store's categories become the site's (matched by the category's number in
 * Tienda Nube, or by its name or handle, ignoring case and accents) and how often the catalogue is
 * brought up to date. Unmapped categories keep their Tienda Nube name as a display category.
 */
export const categoryMapEntrySchema = z
  .object(
    {
      tiendanube: text("Categoría de Tienda Nube", 120),
      categoryKey: z
        .string({ error: "Indicá la clave de la categoría del sitio" })
        .trim()
        .regex(
          /^[a-z0-9]+(-[a-z0-9]+)*$/,
          "La clave de la categoría del sitio va en minúsculas y guiones (arte-diseno)",
        )
        .max(60, "La clave de la categoría del sitio es demasiado larga"),
    },
    { error: "Cada equivalencia necesita la categoría de Tienda Nube y la clave del sitio" },
  )
  .strict();

export const tiendanubeSchema = z
  .object({
    categoryMap: z
      .array(categoryMapEntrySchema, { error: "Las equivalencias de categorías deben ser una lista" })
      .max(200, "Podés cargar hasta 200 equivalencias de categorías"),
    syncIntervalMinutes: integer("Sincronización automática (minutos)", 5, 1440),
  })
  .strict();

/**
 * The fiscal categories of the products and their IVA rate (Ley 27.743: the storefront shows each price
 * without national taxes; each order line stores its net and tax). 'libros' always exists: every book
 * falls in it unless the admin says otherwise. Removing a row some product uses is refused on save
 * (settings.server, it needs the database).
 */
export const taxCategorySchema = z
  .object(
    {
      key: z
        .string({ error: "Indicá la clave de la categoría fiscal" })
        .trim()
        .min(1, "Indicá la clave de la categoría fiscal")
        .max(40, "La clave de la categoría fiscal es demasiado larga")
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "La clave va en minúsculas, números y guiones (merchandising)"),
      label: text("Nombre de la categoría fiscal", 80),
      rate: z.enum(VAT_RATES, { error: "Elegí una alícuota de IVA de la lista" }),
    },
    { error: "Cada categoría fiscal necesita clave, nombre y alícuota de IVA" },
  )
  .strict();

export const taxesSchema = z
  .object({
    categories: z
      .array(taxCategorySchema, { error: "Las categorías fiscales deben ser una lista" })
      .max(30, "Podés cargar hasta 30 categorías fiscales")
      .superRefine((categories, ctx) => {
        if (!categories.some((category) => category.key === "libros")) {
          ctx.addIssue({ code: "custom", message: "La categoría «libros» no se puede quitar: es la de los libros" });
        }
        categories.forEach((category, index) => {
          if (categories.findIndex((other) => other.key === category.key) !== index) {
            ctx.addIssue({
              code: "custom",
              path: [index, "key"],
              message: `La clave «${category.key}» está repetida: cada categoría fiscal lleva una clave propia`,
            });
          }
        });
      }),
  })
  .strict();

/**
 * Electronic invoices (ARCA): whether each paid sale and box charge gets its invoice, and the point of sale
 * (a "RECE para aplicativo y web services" one, created in ARCA's portal) they are numbered in.
 */
/** RG 5700/2025's threshold for identifying a final consumer, in whole pesos. */
export const IDENTIFY_CONSUMER_FROM = 10_000_000;

export const invoicingSchema = z
  .object({
    enabled: z.boolean({ error: "Indicá si se emiten facturas" }).default(false),
    pointOfSale: integer("Punto de venta", 1, 99998).nullable().default(null),
    /**
     * Whole pesos: from this order total a final consumer must be identified on the invoice (DNI or CUIL;
     * RG 5700/2025 sets $10.000.000). The checkout asks for it, and the server checks it against its total.
     */
    identifyConsumerFrom: integer("Identificar al consumidor final desde (pesos)", 1, 100_000_000_000).default(
      IDENTIFY_CONSUMER_FROM,
    ),
  })
  .strict()
  .refine((value) => !value.enabled || value.pointOfSale !== null, {
    message: "Para emitir facturas indicá el punto de venta",
    path: ["pointOfSale"],
  });

/**
 * Customer accounts: how long after the buyer left checkout (with "Recordame mi carrito" ticked) the
 * single reminder goes out.
 */
export const accountsSchema = z
  .object({
    cartReminderHours: integer("Horas hasta el recordatorio del carrito", 1, 720),
  })
  .strict();

/**
 * Days off the national table does not know yet (app/domain/holidays/table.ts): a tourism day decreed
 * after this release, a weekend holiday the Jefatura de Gabinete moved. Every "días hábiles" count and
 * the withdrawal window read them besides the table.
 */
export const HOLIDAYS_MAX = 60;
export const extraHolidaySchema = z
  .object({
    day: z
      .string({ error: "Fecha: escribila como AAAA-MM-DD" })
      .trim()
      .refine(isCalendarDay, "Fecha: escribila como AAAA-MM-DD (por ejemplo 2027-11-22)"),
    name: text("Nombre del feriado", 120),
  })
  .strict();
export const holidaysSchema = z
  .object({
    extra: z
      .array(extraHolidaySchema)
      .max(HOLIDAYS_MAX, `Podés cargar hasta ${HOLIDAYS_MAX} fechas`)
      .transform((list) =>
        [...new Map(list.map((entry) => [entry.day, entry])).values()].sort((a, b) => a.day.localeCompare(b.day)),
      ),
  })
  .strict();

/** The reorder list (/admin/reportes/reposicion): books with this much stock or less are listed. */
export const reorderSchema = z
  .object({
    threshold: integer("Umbral de reposición", 0, 1000),
  })
  .strict();

/**
 * Shipping with carriers (issue 21): where parcels leave from, how a parcel is packed, the carrier that
 * takes orders without a carrier choice and the month's boxes, and the free-shipping threshold with the
 * options it covers. Credentials live in the environment (CORREO_ARGENTINO_*, ANDREANI_*), never here.
 */
export const FREE_SHIPPING_OPTIONS = [
  "table",
  "correo_argentino:home",
  "correo_argentino:branch",
  "andreani:home",
  "andreani:branch",
] as const;
export type FreeShippingOption = (typeof FREE_SHIPPING_OPTIONS)[number];

export const carriersSchema = z
  .object({
    originZip: z
      .string({ error: "Código postal de origen: completá este campo" })
      .trim()
      .toUpperCase()
      .transform((value) => value.match(/^[A-HJ-NP-Z]?(\d{4})(?:[A-Z]{3})?$/)?.[1] ?? "")
      .refine((value) => value !== "", "Código postal de origen: ingresá 4 dígitos o el CPA (C1414ABC)"),
    packaging: z
      .object(
        {
          weightGrams: integer("Peso del embalaje (g)", 0, 5_000),
          heightCm: integer("Alto del paquete (cm)", 1, 150),
          widthCm: integer("Ancho del paquete (cm)", 1, 150),
          lengthCm: integer("Largo del paquete (cm)", 1, 150),
        },
        { error: "Indicá el embalaje: peso, alto, ancho y largo" },
      )
      .strict(),
    /** A book without its own weight weighs this much in the parcel. */
    bookWeightGrams: integer("Peso de un libro sin peso cargado (g)", 1, 10_000),
    /** The carrier for orders paid with the province table and for the month's boxes. */
    defaultCarrier: z.enum(["correo_argentino", "andreani"], {
      error: "Elegí el correo para los pedidos sin correo elegido y las cajas",
    }),
    /** Whole pesos; null: no free shipping. */
    freeShippingFrom: integer("Envío gratis desde (pesos)", 1, 100_000_000).nullable(),
    freeShippingOptions: z
      .array(z.enum(FREE_SHIPPING_OPTIONS, { error: "Opción de envío gratis desconocida" }))
      .max(FREE_SHIPPING_OPTIONS.length)
      .transform((options) => [...new Set(options)]),
  })
  .strict();

export const sectionSchemas = {
  bank: bankSchema,
  contact: contactSchema,
  fiscal: fiscalSchema,
  shipping: shippingSchema,
  pickup: pickupSchema,
  store: storeSchema,
  rateLimits: rateLimitsSchema,
  tiendanube: tiendanubeSchema,
  taxes: taxesSchema,
  invoicing: invoicingSchema,
  accounts: accountsSchema,
  carriers: carriersSchema,
  reorder: reorderSchema,
  holidays: holidaysSchema,
} as const;

export type SectionKey = keyof typeof sectionSchemas;
export const SECTION_KEYS = Object.keys(sectionSchemas) as SectionKey[];
export type Settings = { [K in SectionKey]: z.output<(typeof sectionSchemas)[K]> };
export type SectionInput<K extends SectionKey> = z.input<(typeof sectionSchemas)[K]>;
export type BankSettings = Settings["bank"];
export type ContactSettings = Settings["contact"];
export type ShippingSettings = Settings["shipping"];
export type PickupPoint = z.output<typeof pickupPointSchema>;
export type TiendanubeSettings = Settings["tiendanube"];
export type CategoryMapEntry = z.output<typeof categoryMapEntrySchema>;
export type TaxesSettings = Settings["taxes"];
export type InvoicingSettings = Settings["invoicing"];
export type CarriersSettings = Settings["carriers"];

export const isSectionKey = (key: string): key is SectionKey => Object.hasOwn(sectionSchemas, key);

/** How each section is named to people: page headings, notices and the audit line. */
export const SECTION_LABELS: Record<SectionKey, { title: string; audit: string }> = {
  bank: { title: "Datos bancarios", audit: "Actualizó los datos bancarios" },
  contact: { title: "Contacto", audit: "Actualizó los datos de contacto" },
  fiscal: { title: "Datos fiscales", audit: "Actualizó los datos fiscales" },
  shipping: { title: "Envíos", audit: "Actualizó la tabla de envíos" },
  pickup: { title: "Puntos de retiro", audit: "Actualizó los puntos de retiro" },
  store: { title: "Tienda externa", audit: "Actualizó la tienda externa" },
  rateLimits: { title: "Límites de uso", audit: "Actualizó los límites de uso" },
  tiendanube: { title: "Tienda Nube", audit: "Actualizó las categorías y la sincronización de Tienda Nube" },
  taxes: { title: "Impuestos por categoría", audit: "Actualizó la tabla de impuestos por categoría" },
  invoicing: { title: "Facturación electrónica", audit: "Actualizó la facturación electrónica" },
  accounts: { title: "Cuentas de clientes", audit: "Actualizó las cuentas de clientes" },
  carriers: { title: "Envíos con correo", audit: "Actualizó los envíos con correo" },
  reorder: { title: "Reposición", audit: "Actualizó el umbral de reposición" },
  holidays: { title: "Feriados", audit: "Actualizó los feriados agregados" },
};

const SHOP_HOURS = "Lunes a viernes de 9:00 a 18:00, sábados de 10:00 a 14:00";

/** Shipping demo table (pesos): CABA is free; the rest grows with the distance from Buenos Aires. */
const demoRates: Record<ProvinceCode, [standard: number, fast: number]> = {
  C: [0, 0],
  B: [5_500, 8_900],
  E: [7_200, 11_500],
  L: [7_200, 11_500],
  S: [7_200, 11_500],
  X: [7_200, 11_500],
  A: [8_400, 13_200],
  D: [8_400, 13_200],
  F: [8_400, 13_200],
  G: [8_400, 13_200],
  H: [8_400, 13_200],
  J: [8_400, 13_200],
  K: [8_400, 13_200],
  M: [8_400, 13_200],
  N: [8_400, 13_200],
  P: [8_400, 13_200],
  T: [8_400, 13_200],
  W: [8_400, 13_200],
  Y: [8_400, 13_200],
  Q: [9_300, 14_800],
  R: [9_300, 14_800],
  U: [9_300, 14_800],
  Z: [10_500, 16_900],
  V: [11_900, 18_900],
};

/** Demo values (a fictional account; the CBU and CUIT pass their check digits). */
export const DEFAULT_SETTINGS: Settings = {
  bank: {
    holder: "Rizoma Libros S.R.L.",
    bank: "Banco de Ejemplo",
    cbu: "9990001800001234567891",
    alias: "RIZOMA.LIBROS.DEMO",
    cuit: "30-71654321-4",
    transferExpiryDays: 3,
    transferDiscountPercent: DEFAULT_TRANSFER_DISCOUNT_PERCENT,
  },
  contact: {
    address: "Thames 1234, Palermo, C1414 CABA",
    hours: SHOP_HOURS,
    whatsapp: "+54 9 11 1234-5678",
    email: "hola@rizoma.com.ar",
  },
  // Never invented: empty until the admin fills it. The demo's example identity is written by the demo seed
  // (db/demo/fiscal.ts) and removed when the shop goes live.
  fiscal: EMPTY_FISCAL,
  shipping: {
    standardDays: { min: 3, max: 5 },
    fastDays: { min: 1, max: 2 },
    rates: Object.fromEntries(
      PROVINCES.map(({ code }) => [
        code,
        { standardCents: fromPesos(demoRates[code][0]), fastCents: fromPesos(demoRates[code][1]) },
      ]),
    ) as Record<ProvinceCode, ShippingRate>,
  },
  pickup: {
    points: [
      { name: "Librería Rizoma", address: "Thames 1234, Palermo, CABA", hours: SHOP_HOURS },
      {
        name: "Café Rayuela",
        address: "Av. Rivadavia 5100, Caballito, CABA",
        hours: "Lunes a sábados de 10:00 a 20:00",
      },
    ],
  },
  store: { externalUrl: null },
  rateLimits: {
    loginMaxFailures: 5,
    loginWindowMinutes: 15,
    newsletterPerIpPerHour: 10,
    mailPerSecond: 5,
    qrChecksPerMinute: 60,
    qrClaimsPerMinute: 10,
    withdrawalsPerIpPerHour: 10,
    boxSubscribePerIpPerHour: 10,
    boxCancelPerIpPerHour: 20,
    discountValidatePerIpPerMinute: 20,
    specialOrdersPerIpPerHour: 10,
    ordersPerIpPerHour: 30,
    accountCodesPerIpPerHour: 20,
    stockAlertsPerIpPerHour: 20,
    shippingQuotesPerIpPerMinute: 60,
  },
  tiendanube: {
    categoryMap: [
      { tiendanube: "Literatura", categoryKey: "literatura-ficcion" },
      { tiendanube: "Filosofía", categoryKey: "filosofia-pensamiento" },
      { tiendanube: "Arte y Diseño", categoryKey: "arte-diseno" },
      { tiendanube: "Peow Studios", categoryKey: "peow-studios" },
    ],
    syncIntervalMinutes: 15,
  },
  taxes: { categories: DEFAULT_TAX_CATEGORIES.map((category) => ({ ...category })) },
  invoicing: { enabled: false, pointOfSale: null, identifyConsumerFrom: IDENTIFY_CONSUMER_FROM },
  accounts: { cartReminderHours: 24 },
  // The shop's own door (contact.address, Palermo); a padded envelope for one or two books.
  carriers: {
    originZip: "1414",
    packaging: { weightGrams: 100, heightCm: 6, widthCm: 25, lengthCm: 33 },
    bookWeightGrams: 400,
    defaultCarrier: "correo_argentino",
    freeShippingFrom: null,
    freeShippingOptions: [],
  },
  reorder: { threshold: 2 },
  holidays: { extra: [] },
};

/**
 * The JSON API speaks pesos, as every answer of the shop does (DESIGN §7): the shipping section goes out
 * and comes in as `{standard, fast}` in pesos; everything else is the stored shape.
 */
const pesos = (label: string) =>
  z.number({ error: `${label}: ingresá un monto en pesos` }).transform((value, ctx) => {
    const amount = pesosToCents(value);
    if (amount !== null) return amount;
    ctx.addIssue({ code: "custom", message: `${label}: ingresá un monto en pesos, con hasta 2 decimales` });
    return z.NEVER;
  });

export const apiShippingSchema = z
  .object({
    standardDays: z.unknown(),
    fastDays: z.unknown(),
    rates: rates((name) =>
      z
        .object(
          { standard: pesos(`Envío estándar a ${name}`), fast: pesos(`Envío rápido a ${name}`) },
          { error: `Faltan los costos de envío a ${name}` },
        )
        .strict()
        .transform(({ standard, fast }) => ({ standardCents: standard, fastCents: fast })),
    ),
  })
  .strict();

export function settingsToApi(settings: Settings) {
  return {
    ...settings,
    shipping: {
      ...settings.shipping,
      rates: Object.fromEntries(
        Object.entries(settings.shipping.rates).map(([code, rate]) => [
          code,
          { standard: centsToPesos(rate.standardCents), fast: centsToPesos(rate.fastCents) },
        ]),
      ),
    },
  };
}
