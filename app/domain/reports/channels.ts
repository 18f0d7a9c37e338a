/**
 * Where a sale was made and how it was paid, as the reports name them (DESIGN §9: one sales view with a
 * channel). Client-safe: the page's form and tables read it.
 */
export type SaleChannel = "online" | "counter" | "fair";
export const CHANNELS: readonly SaleChannel[] = ["online", "counter", "fair"];

export const CHANNEL_LABELS: Record<SaleChannel, string> = {
  online: "Online",
  counter: "En el local",
  fair: "En ferias",
};

/** The channel as the reports' URL writes it (?canal=online|local|feria). */
export const CHANNEL_PARAMS: Record<SaleChannel, string> = { online: "online", counter: "local", fair: "feria" };

export function channelFromParam(value: string | null | undefined): SaleChannel | undefined {
  return CHANNELS.find((channel) => CHANNEL_PARAMS[channel] === value?.trim().toLowerCase());
}

/** Every payment method of every channel: the online checkout's two and the counter's four. */
export type SalePaymentMethod = "transfer" | "mercadopago" | "cash" | "card" | "mercadopago_qr";
export const PAYMENT_METHODS: readonly SalePaymentMethod[] = [
  "transfer",
  "mercadopago",
  "cash",
  "card",
  "mercadopago_qr",
];

export const PAYMENT_METHOD_LABELS: Record<SalePaymentMethod, string> = {
  transfer: "Transferencia",
  mercadopago: "Mercado Pago",
  cash: "Efectivo",
  card: "Tarjeta",
  mercadopago_qr: "QR de Mercado Pago",
};

/** Methods only face-to-face sales use: the page shows their columns when the range has some. */
export const IN_PERSON_METHODS: readonly SalePaymentMethod[] = ["cash", "card", "mercadopago_qr"];
