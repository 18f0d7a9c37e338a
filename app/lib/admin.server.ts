import { type AppLoadContext, redirect } from "react-router";
import { loginRedirect } from "~/domain/auth/admin-paths";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { ADMIN_ROUTE_ROLES, FORBIDDEN_MESSAGE, mayAct, roleForAction } from "~/domain/auth/roles";
import { Forbidden, Unauthorized } from "~/domain/errors";

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
export const SIGN_IN_REQUIRED = "Necesitás iniciar sesión como administrador";

export function requireAdminApi(context: AppLoadContext): AdminIdentity {
  if (context.admin) return context.admin;
  throw new Unauthorized(SIGN_IN_REQUIRED);
}

/**
 * A route's action whose intents differ in role (app/domain/auth/roles.ts `ownerActions`): the gate let the
 * request in on the route's own role; this refuses an intent that needs an owner, with a 403 in Spanish.
 */
export function requireAction(admin: AdminIdentity, pattern: string, intent: string | null | undefined): void {
  const rule = ADMIN_ROUTE_ROLES[pattern];
  if (!rule) throw new Error(`La ruta ${pattern} no declara su rol en app/domain/auth/roles.ts`);
  if (!mayAct(admin.role, roleForAction(rule, intent))) throw new Forbidden(FORBIDDEN_MESSAGE);
}
