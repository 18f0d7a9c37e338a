import type { AppLoadContext } from "react-router";
import type { SpecialOrderContext } from "~/domain/special-orders/special-orders.server";

/** What a visitor's special-order request needs from a request's context. */
export function specialOrderContext(context: AppLoadContext): SpecialOrderContext {
  return {
    db: context.db,
    siteUrl: context.config.publicUrl,
    shopEmail: context.config.shopNotifyEmail,
    clientIp: context.clientIp,
  };
}
