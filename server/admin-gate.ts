import type { RequestHandler } from "express";
import { isAdminApiPath, isAdminPagePath, loginRedirect, routedPath } from "~/domain/auth/admin-paths";
import { FACTOR_MESSAGES } from "~/domain/auth/factors";
import { FORBIDDEN_MESSAGE, mayAct, roleForPath } from "~/domain/auth/roles";
import { readSession } from "~/domain/auth/sessions.server";
import { readSessionToken, sessionCookie } from "~/lib/admin-cookie.server";
import { smallPage } from "~/lib/small-page.server";
import type { Db } from "~db/index";

export const SIGN_IN_REQUIRED = "Necesitás iniciar sesión como administrador";

/** Where an admin who must enrol a second factor is sent, and what that session may still reach. */
export const SECURITY_PAGE = "/admin/seguridad";
const enrolmentPath = (path: string) =>
  /^\/(admin\/seguridad(\.data)?|api\/admin\/passkeys\/.*|api\/auth\/(logout|me))\/?$/.test(routedPath(path)) ||
  !(isAdminApiPath(path) || isAdminPagePath(path));

/**
 * What a staff member sees on a page for owners (a link typed or kept from before): a small page of its own,
 * in Spanish and the admin's colours, with a way back — the gate answers before any route renders.
 */
const FORBIDDEN_PAGE = smallPage({
  title: "Sin permiso | Panel Rizoma",
  code: 403,
  heading: "Esta sección es solo para titulares",
  text: `${FORBIDDEN_MESSAGE} Si la necesitás, pedile a la persona titular de la tienda que lo haga o que cambie tu rol en Equipo.`,
  links: [{ href: "/admin", label: "Volver al Panel Principal" }],
});

/** Resolves the admin session from the cookie (rolling its expiry) into res.locals.admin. */
export function adminSession(db: Db, secureCookies: boolean): RequestHandler {
  return async (req, res, next) => {
    res.locals.admin = null;
    res.locals.sessionToken = null;
    res.locals.adminSession = null;
    res.locals.pendingSignIn = null;
    const token = readSessionToken(req.get("cookie"), secureCookies);
    if (!token) return next();
    try {
      const session = await readSession(db, token);
      if (session?.stage === "factor") {
        // Halfway through signing in: not an admin yet, only the sign-in's second step knows it.
        res.locals.pendingSignIn = { email: session.admin.email };
        res.locals.sessionToken = token;
      } else if (session) {
        res.locals.admin = session.admin;
        res.locals.sessionToken = token;
        res.locals.adminSession = {
          provedAt: session.provedAt,
          mustEnrol: session.stage === "enrol",
          saleDevice: session.saleDevice,
        };
        if (session.renewed) res.append("Set-Cookie", sessionCookie(token, session.expiresAt, secureCookies));
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Admin URLs never reach a route without a session: APIs answer 401 JSON, pages redirect to the sign-in.
 * Client-side data requests (`*.data`) pass on to the routes, whose loaders call requireAdmin and answer
 * with a redirect React Router understands.
 */
export function adminGate(): RequestHandler {
  return (req, res, next) => {
    if (res.locals.admin && res.locals.adminSession?.mustEnrol && !enrolmentPath(req.path)) {
      // Signed in with the password only, in a shop that requires a second factor: enrol first.
      res.set("Cache-Control", "no-store");
      if (isAdminApiPath(req.path) || req.path.endsWith(".data")) {
        res.status(403).json({ success: false, error: FACTOR_MESSAGES.enrolFirst, factor: "enrol" });
      } else {
        res.redirect(303, SECURITY_PAGE);
      }
      return;
    }
    if (res.locals.admin) {
      // The role each admin route declares (app/domain/auth/roles.ts), before any route code runs; an admin
      // path no route declares is the owners' (closed by default).
      const needed = roleForPath(req.path) ?? (isAdminApiPath(req.path) || isAdminPagePath(req.path) ? "owner" : null);
      if (needed && !mayAct(res.locals.admin.role, needed)) {
        res.status(403).set("Cache-Control", "no-store");
        if (isAdminApiPath(req.path) || req.path.endsWith(".data")) {
          res.json({ success: false, error: FORBIDDEN_MESSAGE });
        } else {
          res.type("html").send(FORBIDDEN_PAGE);
        }
        return;
      }
      return next();
    }
    if (isAdminApiPath(req.path)) {
      res.status(401).set("Cache-Control", "no-store").json({ success: false, error: SIGN_IN_REQUIRED });
      return;
    }
    if (isAdminPagePath(req.path) && !req.path.endsWith(".data")) {
      const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      res.redirect(303, loginRedirect(req.path, search));
      return;
    }
    next();
  };
}

/**
 * CSRF (DESIGN §7): a state-changing request is refused when its Origin is present and not ours, or when
 * the browser says it is cross-site. Requests with neither header (servers, webhooks, curl) go on to
 * normal authentication.
 */
export function csrfGuard(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const foreignOrigin = origin !== undefined && origin !== publicOrigin && origin !== ownOrigin;
    if (foreignOrigin || req.get("sec-fetch-site") === "cross-site") {
      const body = { success: false, error: "Solicitud rechazada: el origen no es este sitio" };
      res.status(403).set("Cache-Control", "no-store").json(body);
      return;
    }
    next();
  };
}
