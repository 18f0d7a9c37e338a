import { sql } from "drizzle-orm";
import { startPeriodicJob } from "~/domain/jobs/periodic.server";
import { cancelPreapproval } from "./cancellation.server";
import type { BoxContext } from "./subscriptions.server";
import { retryBoxRefunds } from "./withdrawal-refund.server";

type RetryContext = Pick<BoxContext, "db" | "mercadoPago" | "log">;

/** How far back a subscriber's cancellation is still chased at Mercado Pago. */
const RETRY_DAYS = 30;

/**
 * The subscriptions cancelled by their subscriber (botón de baja or their own page) in the last 30 days
 * whose preapproval Mercado Pago has not taken as cancelled yet (`provider_cancelled_at` empty).
 * Decision 0022.
 */
export async function pendingPreapprovalCancellations(db: RetryContext["db"]) {
  const result = await db.execute(sql`
    select s.id, s.provider_preapproval_id as preapproval_id
    from box_subscriptions s
    where s.status = 'cancelled'
      and s.provider_preapproval_id is not null
      and s.provider_cancelled_at is null
      and exists (
        select 1 from box_subscription_events e
        where e.subscription_id = s.id and e.source = 'subscriber' and e.to_status = 'cancelled'
          and e.at > now() - make_interval(days => ${RETRY_DAYS})
      )
    order by s.id
    limit 100`);
  const { rows } = result as unknown as { rows: { id: number | string; preapproval_id: string }[] };
  return rows.map((row) => ({ id: Number(row.id), preapprovalId: String(row.preapproval_id) }));
}

/**
 * Tells Mercado Pago again every cancellation it has not confirmed; answers how many it took now. Safe
 * with several instances: a preapproval cancelled twice stays cancelled, and `provider_cancelled_at` is
 * set once (`where provider_cancelled_at is null`).
 */
export async function retryPreapprovalCancellations(ctx: RetryContext): Promise<number> {
  let told = 0;
  for (const sub of await pendingPreapprovalCancellations(ctx.db)) {
    if (await cancelPreapproval(ctx, sub.id, sub.preapprovalId)) told++;
  }
  if (told > 0) ctx.log?.info({ told }, "mercadopago cancellations retried");
  return told;
}

/** Runs the retry in this server process every `intervalMs`; `stop()` waits for a running pass. */
export function startPreapprovalCancellationRetry(
  ctx: RetryContext & Pick<BoxContext, "siteUrl">,
  intervalMs = 10 * 60_000,
) {
  return startPeriodicJob(
    ctx.log,
    "mercadopago cancellation retry failed",
    async () => {
      await retryPreapprovalCancellations(ctx);
      // The box withdrawals' refunds Mercado Pago did not take (decision 0047) ride on the same pass.
      await retryBoxRefunds(ctx);
    },
    intervalMs,
  );
}
