import type { RequestHandler } from "express";
import { readCustomerSession } from "~/domain/accounts/sessions.server";
import { CUSTOMER_COOKIE, readSessionToken } from "~/lib/admin-cookie.server";
import type { Db } from "~db/index";

/**
 * Resolves the Mi cuenta session from its cookie into res.locals.customer. The session ends 30 days after
 * sign-in whatever happens, so nothing is written or sent back here. Only requests that carry the cookie
 * touch the database; the page cache never sees them (hasPersonalCookie).
 */
export function customerSession(db: Db, secureCookies: boolean): RequestHandler {
  return async (req, res, next) => {
    res.locals.customer = null;
    res.locals.customerToken = null;
    const token = readSessionToken(req.get("cookie"), secureCookies, CUSTOMER_COOKIE);
    if (!token) return next();
    try {
      const session = await readCustomerSession(db, token);
      if (session) {
        res.locals.customer = session.customer;
        res.locals.customerToken = token;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
