import { type AppLoadContext, redirect } from "react-router";
import { loginRedirect } from "~/domain/auth/admin-paths";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Unauthorized } from "~/domain/errors";

/**
 * Every admin loader and action starts here (the Express gate already stopped anonymous requests; this
 * second check also covers client-side data requests). Pages get a redirect to the sign-in.
 */
export function requireAdmin(request: Request, context: AppLoadContext): AdminIdentity {
  if (context.admin) return context.admin;
  const url = new URL(request.url);
  throw redirect(loginRedirect(url.pathname, url.search), 303);
}

/** The same for admin JSON endpoints: a 401 `{success:false, error}` through the API error mapping. */
export function requireAdminApi(context: AppLoadContext): AdminIdentity {
  if (context.admin) return context.admin;
  throw new Unauthorized("Necesitás iniciar sesión como administrador");
}
