import { z } from "zod";
import {
  buyerCuit,
  buyerDocument,
  buyerLegalName,
  buyerTaxCondition,
  INVOICE_FIELD_MESSAGES,
} from "~/domain/orders/input";

/**
 * The body of POST /api/admin/ventas (issue 35), shared by the sale page and its offline queue. Client-safe.
 * Prices are pesos (the API's unit); a line's `price` overrides the book's (a fair price, a signed copy) and
 * is recorded as given.
 */

export const SALE_PAYMENTS = ["cash", "transfer", "card", "mercadopago_qr"] as const;
export type SalePayment = (typeof SALE_PAYMENTS)[number];

export const PAYMENT_NAMES: Record<SalePayment, string> = {
  cash: "Efectivo",
  transfer: "Transferencia",
  card: "Tarjeta (terminal)",
  mercadopago_qr: "QR de Mercado Pago",
};

export const MAX_SALE_LINES = 50;
export const MAX_SALE_QUANTITY = 99;
/** A sale made offline may wait in the phone this long (a fair's weekend and the trip back, with margin). */
export const MAX_OFFLINE_DAYS = 14;

export const SALE_MESSAGES = {
  clientId: "Falta el identificador de la venta (clientId): un UUID generado en el teléfono",
  items: "La venta necesita al menos un libro",
  tooManyLines: `Una venta tiene como máximo ${MAX_SALE_LINES} renglones`,
  itemId: "Cada renglón necesita el id de un libro",
  quantity: `La cantidad tiene que ser un número entero entre 1 y ${MAX_SALE_QUANTITY}`,
  price: "El precio tiene que ser un número mayor o igual a cero, en pesos",
  percent: "El descuento tiene que ser un porcentaje entero entre 0 y 100",
  payment: "Elegí cómo pagó: efectivo, transferencia, tarjeta o QR de Mercado Pago",
  cashReceived: "El efectivo recibido tiene que ser un monto en pesos",
  email: "El e-mail no es válido",
  fairId: "La feria no es válida",
  soldAt: "La fecha de la venta no es válida",
  soldAtFuture: "La fecha de la venta está en el futuro: revisá la hora del teléfono",
  soldAtOld: `La venta tiene más de ${MAX_OFFLINE_DAYS} días: cargala a mano desde el panel`,
  qrOffline: "El cobro con QR de Mercado Pago necesita conexión: cobrá de otra forma o esperá a tener señal",
} as const;

const percent = z
  .number({ error: SALE_MESSAGES.percent })
  .int(SALE_MESSAGES.percent)
  .min(0, SALE_MESSAGES.percent)
  .max(100, SALE_MESSAGES.percent);

const pesos = (message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .min(0, message)
    .max(100_000_000, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, message);

const saleItem = z
  .object({
    id: z.number({ error: SALE_MESSAGES.itemId }).int(SALE_MESSAGES.itemId).positive(SALE_MESSAGES.itemId),
    quantity: z
      .number({ error: SALE_MESSAGES.quantity })
      .int(SALE_MESSAGES.quantity)
      .min(1, SALE_MESSAGES.quantity)
      .max(MAX_SALE_QUANTITY, SALE_MESSAGES.quantity),
    price: pesos(SALE_MESSAGES.price).optional(),
    discountPercent: percent.optional(),
  })
  .strict();

const customer = z
  .object({
    email: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string({ error: SALE_MESSAGES.email })
        .trim()
        .toLowerCase()
        .max(254, SALE_MESSAGES.email)
        .email(SALE_MESSAGES.email)
        .optional(),
    ),
    cuit: buyerCuit.optional().transform((cuit) => cuit ?? null),
    legalName: buyerLegalName.optional().transform((name) => name ?? null),
    taxCondition: buyerTaxCondition.optional().transform((condition) => condition ?? null),
    document: buyerDocument.optional().transform((document) => document ?? null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.cuit && !value.legalName) {
      ctx.addIssue({ code: "custom", path: ["legalName"], message: INVOICE_FIELD_MESSAGES.pair });
    }
    if (value.cuit && !value.taxCondition) {
      ctx.addIssue({ code: "custom", path: ["taxCondition"], message: INVOICE_FIELD_MESSAGES.taxCondition });
    }
    if (!value.cuit && value.legalName) {
      ctx.addIssue({ code: "custom", path: ["cuit"], message: INVOICE_FIELD_MESSAGES.pair });
    } else if (!value.cuit && value.taxCondition) {
      ctx.addIssue({ code: "custom", path: ["cuit"], message: INVOICE_FIELD_MESSAGES.taxConditionWithoutCuit });
    }
    if (value.cuit && value.document) {
      ctx.addIssue({ code: "custom", path: ["document"], message: INVOICE_FIELD_MESSAGES.documentWithCuit });
    }
  });

export const saleInputSchema = z
  .object({
    clientId: z.string({ error: SALE_MESSAGES.clientId }).uuid(SALE_MESSAGES.clientId),
    items: z
      .array(saleItem, { error: SALE_MESSAGES.items })
      .min(1, SALE_MESSAGES.items)
      .max(MAX_SALE_LINES, SALE_MESSAGES.tooManyLines),
    discountPercent: percent.optional(),
    payment: z.enum(SALE_PAYMENTS, { error: SALE_MESSAGES.payment }),
    cashReceived: pesos(SALE_MESSAGES.cashReceived).optional(),
    customer: customer.optional(),
    fairId: z
      .number({ error: SALE_MESSAGES.fairId })
      .int(SALE_MESSAGES.fairId)
      .positive(SALE_MESSAGES.fairId)
      .optional(),
    /** When the phone recorded the sale (ISO 8601); defaults to now. Sent by the offline queue. */
    soldAt: z
      .string({ error: SALE_MESSAGES.soldAt })
      .datetime({ offset: true, error: SALE_MESSAGES.soldAt })
      .optional(),
    /** The sale was made without a connection (the queue says so when it syncs). */
    offline: z.boolean({ error: "offline tiene que ser true o false" }).optional(),
    note: z
      .string({ error: "La nota tiene que ser un texto" })
      .trim()
      .max(500, "La nota tiene como máximo 500 caracteres")
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.offline && value.payment === "mercadopago_qr") {
      ctx.addIssue({ code: "custom", path: ["payment"], message: SALE_MESSAGES.qrOffline });
    }
  });

export type SaleInput = z.infer<typeof saleInputSchema>;

/** A line sold beyond the stock its place had (the sale's `stock_short`): the type, for the admin's components. */
export type { SaleStockShort } from "~db/schema";
