import type { InvoiceRequest } from "~/domain/invoices/request";
import type { adminOrder } from "~/domain/orders/queries.server";

type Found = Awaited<ReturnType<typeof adminOrder>>;

/** The order as the detail page's loader sends it: dates as ISO text, the delivery already in words. */
export type AdminOrderView = Omit<Found["order"], "createdAt" | "expiresAt"> & {
  createdAt: string;
  expiresAt: string | null;
  delivery: string;
  /** The company the buyer asked the invoice for at checkout ("Factura A: Razón social — CUIT"), if any. */
  invoiceRequest: InvoiceRequest | null;
};
export type AdminOrderItem = Found["items"][number];
export type AdminOrderEvent = Omit<Found["events"][number], "at"> & { at: string };
