import type { ShopMode } from "~/domain/demo/demo-mode.server";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";

/**
 * Whether the shop offers card instalments now: only Mercado Pago takes cards (Checkout Pro, up to
 * MAX_INSTALLMENTS), so instalments are advertised with a price only while it is live or simulated; when
 * it is unavailable (production without credentials) no page offers what no payment can give. Asked by the
 * shop layout for every storefront page (its pages read the answer with useInstalmentsOffered), with the
 * shop's mode it already has from memory (publicSettings): no query per request, and a page still renders
 * while the database is away (tests/reliability/faults.test.ts).
 */
export function instalmentsOffered(mercadoPago: MercadoPago | null | undefined, mode: ShopMode): boolean {
  return mercadoPago?.takesPaymentsIn(mode) ?? false;
}
