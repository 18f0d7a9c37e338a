import type { AppLoadContext } from "react-router";
import type { OrderContext } from "~/domain/orders/shared.server";

/** What the order functions need from a request's context. */
export function orderContext(context: AppLoadContext): OrderContext {
  return {
    db: context.db,
    siteUrl: context.config.publicUrl,
    mercadoPago: context.mercadoPago ?? null,
    configuredSecret: context.config.configuredSecret,
    shopEmail: context.config.shopNotifyEmail,
    clientIp: context.clientIp,
    log: context.log,
  };
}
