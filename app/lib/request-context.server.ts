import type { AppLoadContext } from "react-router";
import type { RequestContext } from "~/domain/request-context";

/** The domain's view of a request: the one adapter from React Router's load context. */
export function requestContext(context: AppLoadContext): RequestContext {
  return {
    db: context.db,
    siteUrl: context.config.publicUrl,
    configuredSecret: context.config.configuredSecret,
    shopEmail: context.config.shopNotifyEmail,
    mercadoPago: context.mercadoPago ?? null,
    arca: context.arca ?? null,
    carriers: context.carriers ?? null,
    bookData: context.bookData ?? null,
    log: context.log,
    clientIp: context.clientIp,
  };
}
