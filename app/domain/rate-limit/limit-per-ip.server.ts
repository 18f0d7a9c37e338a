import { TooManyRequests } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import type { Settings } from "~/domain/settings/schema";
import { getSection } from "~/domain/settings/settings.server";
import { addressKey } from "./address-key";
import { hit } from "./rate-limit.server";

type RateLimitSettings = Settings["rateLimits"];

/**
 * Every per-visitor limit: the setting of /admin/ajustes ("Límites de uso") that holds its maximum, the
 * counter it counts in and its window. The bucket names are stored in rate_limits: renaming one forgets
 * the counts in flight.
 */
const PER_IP = {
  ordersPerIpPerHour: { bucket: "orders-ip", windowSeconds: 3600 },
  specialOrdersPerIpPerHour: { bucket: "special-order-ip", windowSeconds: 3600 },
  newsletterPerIpPerHour: { bucket: "newsletter-ip", windowSeconds: 3600 },
  boxSubscribePerIpPerHour: { bucket: "box-subscribe-ip", windowSeconds: 3600 },
  boxCancelPerIpPerHour: { bucket: "box-cancel-ip", windowSeconds: 3600 },
  discountValidatePerIpPerMinute: { bucket: "discount-validate", windowSeconds: 60 },
  qrChecksPerMinute: { bucket: "qr-check", windowSeconds: 60 },
  qrClaimsPerMinute: { bucket: "qr-claim", windowSeconds: 60 },
  withdrawalsPerIpPerHour: { bucket: "withdrawal-ip", windowSeconds: 3600 },
  accountCodesPerIpPerHour: { bucket: "account-code-ip", windowSeconds: 3600 },
  stockAlertsPerIpPerHour: { bucket: "stock-alert-ip", windowSeconds: 3600 },
  shippingQuotesPerIpPerMinute: { bucket: "shipping-quote-ip", windowSeconds: 60 },
} as const satisfies Partial<Record<keyof RateLimitSettings, { bucket: string; windowSeconds: number }>>;

export type PerIpLimit = keyof typeof PER_IP;

/**
 * Counts this request of the visitor against `limit` and refuses it past the setting's maximum:
 * TooManyRequests with `message` (Spanish) and the seconds until a request is allowed again (the
 * answer's Retry-After). The visitor is counted by `addressKey` (an IPv6 /64 is one visitor). A call with no visitor (the server's own jobs) counts nothing. `rateLimits`
 * saves reading the settings again when the caller already holds them.
 */
export async function limitPerIp(
  ctx: Pick<RequestContext, "db" | "clientIp">,
  limit: PerIpLimit,
  message: string,
  rateLimits?: RateLimitSettings,
): Promise<void> {
  if (!ctx.clientIp) return;
  const max = (rateLimits ?? (await getSection(ctx.db, "rateLimits")))[limit];
  const { bucket, windowSeconds } = PER_IP[limit];
  const turn = await hit(ctx.db, bucket, addressKey(ctx.clientIp), { max, windowSeconds });
  if (!turn.allowed) throw new TooManyRequests(message, turn.retryAfterSeconds);
}
