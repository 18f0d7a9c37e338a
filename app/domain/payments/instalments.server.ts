import { publicSettings } from "~/domain/settings/public-settings.server";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";
import type { Db } from "~db/index";

/**
 * Whether the shop offers card instalments now: only Mercado Pago takes cards (Checkout Pro, up to
 * MAX_INSTALLMENTS), so instalments are advertised with a price only while it is live or simulated; when
 * it is unavailable (production without credentials) no page offers what no payment can give. The shop's
 * mode comes from memory (publicSettings): every page asks, so it costs no query per request and a page
 * still renders while the database is away (tests/reliability/faults.test.ts).
 */
export async function instalmentsOffered(context: { db: Db; mercadoPago?: MercadoPago | null }): Promise<boolean> {
  if (!context.mercadoPago) return false;
  const { mode } = await publicSettings(context.db);
  return context.mercadoPago.takesPaymentsIn(mode);
}
