import { z } from "zod";
import { BUYER_TAX_CONDITIONS } from "~/domain/invoices/codes";
import { phoneSchema } from "~/domain/prizes/rules";
import { cuitCheckDigit, normaliseCuit, PROVINCE_CODES } from "~/domain/settings/argentina";
import { carrierOptionOf, OPTION_ID } from "~/domain/shipping/options";
import { emailSchema } from "~/lib/email-schema";
import { formatMoney } from "~/lib/money";

/**
 * The body of POST /api/orders (issue 6) and of the checkout form, with Spanish messages. Client-safe:
 * the checkout page shows the same messages. Prices never travel in it: the server computes them.
 */
export const MAX_ORDER_QUANTITY = 99;
export const MAX_ORDER_LINES = 50;

/** CPA (C1425ABC: province letter, 4 digits, 3 letters) or the legacy 4 digits. */
export const POSTAL_CODE = /^([A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/;

export const ORDER_MESSAGES = {
  items: "Tu carrito está vacío",
  itemId: "El libro del pedido no es válido",
  quantity: `La cantidad de cada libro debe ser un número entero entre 1 y ${MAX_ORDER_QUANTITY}`,
  duplicate: "Cada libro va una sola vez en el pedido: sumá la cantidad en su línea",
  firstName: "El nombre es requerido",
  lastName: "El apellido es requerido",
  email: "Ingresá un email válido",
  method: "Elegí cómo recibir tu pedido: retiro, envío en CABA o envío a todo el país",
  speed: "Elegí envío estándar o rápido",
  address: "La dirección es requerida para el envío",
  city: "La ciudad es requerida para el envío",
  province: "Elegí una provincia de la lista",
  zipCode: "El código postal debe ser un CPA (C1425ABC) o de 4 dígitos",
  pickupPoint: "Elegí un punto de retiro de la lista",
  option: "Elegí una opción de envío de la lista",
  optionMethod: "La opción de envío no corresponde a la forma de entrega elegida: elegila de nuevo",
  branchId: "Elegí la sucursal donde vas a retirar el pedido",
  zipProvince: "El código postal es de otra provincia: revisá la provincia o el código",
  paymentMethod: "Elegí cómo pagar: transferencia bancaria o Mercado Pago",
} as const;

/**
 * The optional invoice data (issue 19, docs/decisions/0029): a buyer who wants the invoice in a company's
 * or an institution's name gives its CUIT, razón social and condición frente al IVA (issue 32), all or
 * none. The condition decides the letter (A or B from a Responsable Inscripto shop), so the words speak of
 * "the invoice in the company's name", true whatever letter it gets. A final consumer gives their DNI or
 * CUIL when the order reaches ARCA's identification threshold (RG 5700/2025; the server checks the total).
 */
export const INVOICE_FIELD_MESSAGES = {
  pair: "Completá el CUIT y la razón social para la factura a nombre de la empresa o institución",
  cuit: "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)",
  legalName: "La razón social puede tener hasta 200 caracteres",
  taxCondition:
    "Elegí la condición frente al IVA de la empresa o institución: responsable inscripto, monotributo o exento",
  taxConditionValue: "La condición frente al IVA debe ser responsable_inscripto, monotributo o exento",
  taxConditionWithoutCuit: "La condición frente al IVA va con el CUIT: cargá el CUIT y la razón social, o no la mandes",
  document: "El DNI o CUIL no es válido: el DNI tiene 7 u 8 dígitos y el CUIL 11 (XX-XXXXXXXX-X)",
  documentWithCuit: "El DNI o CUIL es para una compra como consumidor final: con el CUIT de la empresa no va",
} as const;
export const MAX_LEGAL_NAME = 200;

/** RG 5700/2025: a final consumer's order at or above the threshold (whole pesos) must name them. */
export const documentRequired = (fromPesos: number) =>
  `Para compras desde ${formatMoney(fromPesos * 100)} ARCA pide identificar al comprador: cargá tu DNI o CUIL`;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);

const optionalText = (max: number) =>
  z.string({ error: "Los datos de entrega no son válidos" }).trim().max(max, `Máximo ${max} caracteres`).optional();

const quantity = z
  .number({ error: ORDER_MESSAGES.quantity })
  .int(ORDER_MESSAGES.quantity)
  .min(1, ORDER_MESSAGES.quantity)
  .max(MAX_ORDER_QUANTITY, ORDER_MESSAGES.quantity);

export const deliverySchema = z
  .object(
    {
      method: z.enum(["pickup", "caba", "shipping"], { error: ORDER_MESSAGES.method }),
      speed: z.enum(["standard", "fast"], { error: ORDER_MESSAGES.speed }).optional(),
      address: optionalText(200),
      city: optionalText(100),
      province: z
        .string({ error: ORDER_MESSAGES.province })
        .trim()
        .toUpperCase()
        .refine((code) => code === "" || (PROVINCE_CODES as readonly string[]).includes(code), ORDER_MESSAGES.province)
        .optional(),
      zipCode: z
        .string({ error: ORDER_MESSAGES.zipCode })
        .trim()
        .toUpperCase()
        .refine((code) => code === "" || POSTAL_CODE.test(code), ORDER_MESSAGES.zipCode)
        .optional(),
      pickupPoint: optionalText(80),
      /** An option id from POST /api/shipping/quote (app/domain/shipping/options.ts); absent: method and speed. */
      option: z.string({ error: ORDER_MESSAGES.option }).trim().regex(OPTION_ID, ORDER_MESSAGES.option).optional(),
      /** The carrier's branch, for a carrier's branch option. */
      branchId: z
        .string({ error: ORDER_MESSAGES.branchId })
        .trim()
        .max(60, ORDER_MESSAGES.branchId)
        .transform((id) => id || undefined)
        .optional(),
    },
    { error: ORDER_MESSAGES.method },
  )
  .strict()
  .superRefine((delivery, ctx) => {
    const missing = (field: "address" | "city" | "province" | "zipCode") => {
      if (!delivery[field]) ctx.addIssue({ code: "custom", path: [field], message: ORDER_MESSAGES[field] });
    };
    const option = delivery.option ?? "";
    const optionMethod = option.startsWith("pickup:") ? "pickup" : option === "caba" ? "caba" : "shipping";
    if (option && optionMethod !== delivery.method) {
      ctx.addIssue({ code: "custom", path: ["option"], message: ORDER_MESSAGES.optionMethod });
    }
    if (delivery.method === "pickup") return;
    const carrier = carrierOptionOf(option);
    if (carrier?.kind === "branch") {
      // The parcel waits at the carrier's branch: the postal code (to find it) and the branch are enough.
      if (!delivery.branchId) ctx.addIssue({ code: "custom", path: ["branchId"], message: ORDER_MESSAGES.branchId });
      missing("zipCode");
      return;
    }
    missing("address");
    missing("city");
    if (delivery.method === "shipping") {
      missing("province");
      missing("zipCode");
      // A CPA's letter is its province: the table's price and the carriers' quotes go by it.
      const cpaProvince = delivery.zipCode?.length === 8 ? delivery.zipCode[0] : null;
      if (cpaProvince && delivery.province && cpaProvince !== delivery.province) {
        ctx.addIssue({ code: "custom", path: ["zipCode"], message: ORDER_MESSAGES.zipProvince });
      }
    }
  });

/** "" and null (an untouched field, an API client's explicit null) mean "not given". */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

export const buyerCuit = z.preprocess(
  blankToNull,
  z
    .string({ error: INVOICE_FIELD_MESSAGES.cuit })
    .transform((value, ctx) => {
      const cuit = normaliseCuit(value);
      if (cuit) return cuit;
      ctx.addIssue({ code: "custom", message: INVOICE_FIELD_MESSAGES.cuit });
      return z.NEVER;
    })
    .nullable(),
);

export const buyerLegalName = z.preprocess(
  blankToNull,
  z
    .string({ error: "La razón social debe ser un texto" })
    .trim()
    .max(MAX_LEGAL_NAME, INVOICE_FIELD_MESSAGES.legalName)
    .nullable(),
);

export const buyerTaxCondition = z.preprocess(
  blankToNull,
  z.enum(BUYER_TAX_CONDITIONS, { error: INVOICE_FIELD_MESSAGES.taxConditionValue }).nullable(),
);

/** A final consumer's DNI (7-8 digits) or CUIL (11, with its check digit); dots, dashes and spaces are dropped. */
export function normaliseDocument(text: string): string | null {
  const digits = text.replace(/[\s.-]/g, "");
  if (/^\d{7,8}$/.test(digits)) return digits;
  if (/^\d{11}$/.test(digits) && cuitCheckDigit(digits) === Number(digits[10])) return digits;
  return null;
}

export const buyerDocument = z.preprocess(
  blankToNull,
  z
    .string({ error: INVOICE_FIELD_MESSAGES.document })
    .transform((value, ctx) => {
      const document = normaliseDocument(value);
      if (document) return document;
      ctx.addIssue({ code: "custom", message: INVOICE_FIELD_MESSAGES.document });
      return z.NEVER;
    })
    .nullable(),
);

/**
 * The body of POST /api/orders and of the checkout form. Whether the DNI/CUIL is required depends on the
 * order's total, which only the server knows for sure: placeOrder checks it (the form, against its preview).
 */
export const orderInputSchema = z
  .object({
    items: z
      .array(z.object({ id: z.number({ error: ORDER_MESSAGES.itemId }).int().positive(), quantity }).strict(), {
        error: ORDER_MESSAGES.items,
      })
      .min(1, ORDER_MESSAGES.items)
      .max(MAX_ORDER_LINES, `Un pedido admite hasta ${MAX_ORDER_LINES} libros distintos`)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, ORDER_MESSAGES.duplicate),
    customer: z
      .object(
        {
          firstName: requiredText(ORDER_MESSAGES.firstName, 80),
          lastName: requiredText(ORDER_MESSAGES.lastName, 80),
          email: emailSchema({ invalid: ORDER_MESSAGES.email }),
          phone: phoneSchema,
          cuit: buyerCuit.optional().transform((cuit) => cuit ?? null),
          legalName: buyerLegalName.optional().transform((name) => name ?? null),
          taxCondition: buyerTaxCondition.optional().transform((condition) => condition ?? null),
          document: buyerDocument.optional().transform((document) => document ?? null),
        },
        { error: "Faltan tus datos de contacto" },
      )
      .strict()
      .superRefine((customer, ctx) => {
        // All or none: the missing one carries the message (a wrong CUIT already has its own).
        const pair = INVOICE_FIELD_MESSAGES.pair;
        if (customer.cuit && !customer.legalName) {
          ctx.addIssue({ code: "custom", path: ["legalName"], message: pair });
        } else if (!customer.cuit && customer.legalName) {
          ctx.addIssue({ code: "custom", path: ["cuit"], message: pair });
        }
        if (customer.cuit && !customer.taxCondition) {
          ctx.addIssue({ code: "custom", path: ["taxCondition"], message: INVOICE_FIELD_MESSAGES.taxCondition });
        } else if (!customer.cuit && customer.taxCondition && !customer.legalName) {
          const message = INVOICE_FIELD_MESSAGES.taxConditionWithoutCuit;
          ctx.addIssue({ code: "custom", path: ["taxCondition"], message });
        }
        if (customer.cuit && customer.document) {
          ctx.addIssue({ code: "custom", path: ["document"], message: INVOICE_FIELD_MESSAGES.documentWithCuit });
        }
      }),
    delivery: deliverySchema,
    paymentMethod: z.enum(["transfer", "mercadopago"], { error: ORDER_MESSAGES.paymentMethod }),
    discountCode: z
      .union([z.string(), z.null()], { error: "El código de descuento no es válido" })
      .optional()
      .transform((code) => code?.trim() || null),
  })
  .strict();

export type OrderInput = z.output<typeof orderInputSchema>;
export type DeliveryInput = z.output<typeof deliverySchema>;
