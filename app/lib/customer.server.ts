import { type AppLoadContext, redirect } from "react-router";
import type { CustomerIdentity } from "~/domain/accounts/sessions.server";
import { Unauthorized } from "~/domain/errors";

export const CUSTOMER_SIGN_IN_REQUIRED = "Necesitás entrar a tu cuenta";

/** Where /cuenta/ingresar sends the reader after signing in: only a path of this site under /cuenta. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !/^\/(cuenta|quiero-leer)(\/[\w\-/%.]*)?(\?[\w\-=&%.]*)?$/.test(value)) return "/cuenta";
  return value;
}

/** Every Mi cuenta loader and action starts here: no session -> the sign-in page, which comes back after. */
export function requireCustomer(request: Request, context: AppLoadContext): CustomerIdentity {
  if (context.customer) return context.customer;
  const url = new URL(request.url);
  const back = safeReturnPath(`${url.pathname.replace(/\.data$/, "")}${url.search}`);
  throw redirect(`/cuenta/ingresar?volver=${encodeURIComponent(back)}`, 303);
}

/** The same for the account's JSON endpoints: 401 `{success:false, error}`. */
export function requireCustomerApi(context: AppLoadContext): CustomerIdentity {
  if (context.customer) return context.customer;
  throw new Unauthorized(CUSTOMER_SIGN_IN_REQUIRED);
}
