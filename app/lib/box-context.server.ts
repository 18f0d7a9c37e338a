import type { AppLoadContext } from "react-router";
import type { BoxContext } from "~/domain/box/subscriptions.server";

/** What the box functions need from a request's context. */
export function boxContext(context: AppLoadContext): BoxContext {
  return {
    db: context.db,
    mercadoPago: context.mercadoPago ?? null,
    siteUrl: context.config.publicUrl,
    log: context.log,
    clientIp: context.clientIp,
    configuredSecret: context.config.configuredSecret,
  };
}
