/**
 * The two session cookies: the admin's and the customer's (Mi cuenta), apart so that neither session
 * opens the other. Both httpOnly, SameSite=Lax, Path=/ and no Domain.
 *
 * Over https (`secureCookies`) their names carry the `__Host-` prefix: the browser then only keeps a cookie
 * of that name when it is Secure, set by this exact host and for Path=/, so a sibling subdomain or a
 * plain-http answer cannot plant a session cookie (session fixation) or shadow ours. The reader looks for
 * the prefixed name only on https: an unprefixed cookie there may have been planted, and is ignored (the
 * sessions from before the prefix sign in again once). Over http (development, the tests) the browser
 * refuses `__Host-` cookies, so the plain names stay.
 */
export const ADMIN_COOKIE = "rizoma_admin";
export const CUSTOMER_COOKIE = "rizoma_cuenta";

type CookieName = typeof ADMIN_COOKIE | typeof CUSTOMER_COOKIE;

/** The name a session cookie has on this shop: `__Host-rizoma_cuenta` over https, `rizoma_cuenta` over http. */
export const cookieName = (name: CookieName, secure: boolean) => (secure ? `__Host-${name}` : name);

/** Every name a session cookie may have, for checks that only ask "is anyone signed in" (the page cache). */
export const SESSION_COOKIE_NAMES: readonly string[] = ([ADMIN_COOKIE, CUSTOMER_COOKIE] as const).flatMap((name) => [
  name,
  cookieName(name, true),
]);

export function sessionCookie(token: string, expiresAt: Date, secure: boolean, name: CookieName = ADMIN_COOKIE) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${cookieName(name, secure)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

export function clearedSessionCookie(secure: boolean, name: CookieName = ADMIN_COOKIE): string {
  return [`${cookieName(name, secure)}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

/** The session token a request carries under this shop's name for the cookie (see `cookieName`). */
export function readSessionToken(
  cookieHeader: string | null | undefined,
  secure: boolean,
  name: CookieName = ADMIN_COOKIE,
): string | null {
  if (!cookieHeader) return null;
  const wanted = cookieName(name, secure);
  for (const part of cookieHeader.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === wanted) return value.join("=") || null;
  }
  return null;
}
