import { type MercadoPago, mercadoPagoLink } from "~/integrations/mercadopago/index.server";

/**
 * Whether the shop offers card instalments now: only Mercado Pago takes cards (Checkout Pro, up to
 * MAX_INSTALLMENTS), so instalments are advertised with a price only while it is live or simulated; when
 * it is unavailable (production without credentials) no page offers what no payment can give.
 */
export async function instalmentsOffered(mercadoPago: MercadoPago | null | undefined): Promise<boolean> {
  return (await mercadoPagoLink(mercadoPago)).mode !== "unavailable";
}
