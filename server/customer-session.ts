import type { RequestHandler } from "express";
import { readCustomerSession } from "~/domain/accounts/sessions.server";
import { CUSTOMER_COOKIE, readSessionToken, sessionCookie } from "~/lib/admin-cookie.server";
import type { Db } from "~db/index";

/**
 * Resolves the Mi cuenta session from its cookie (rolling the expiry) into res.locals.customer. Only
 * requests that carry the cookie touch the database; the page cache never sees them (hasPersonalCookie).
 */
export function customerSession(db: Db, secureCookies: boolean): RequestHandler {
  return async (req, res, next) => {
    res.locals.customer = null;
    res.locals.customerToken = null;
    const token = readSessionToken(req.get("cookie"), CUSTOMER_COOKIE);
    if (!token) return next();
    try {
      const session = await readCustomerSession(db, token);
      if (session) {
        res.locals.customer = session.customer;
        res.locals.customerToken = token;
        if (session.renewed) {
          res.append("Set-Cookie", sessionCookie(token, session.expiresAt, secureCookies, CUSTOMER_COOKIE));
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
