/**
 * The two session cookies: the admin's and the customer's (Mi cuenta), apart so that neither session
 * opens the other. Both httpOnly, SameSite=Lax, Secure when the shop is served over https.
 */
export const ADMIN_COOKIE = "rizoma_admin";
export const CUSTOMER_COOKIE = "rizoma_cuenta";

type CookieName = typeof ADMIN_COOKIE | typeof CUSTOMER_COOKIE;

export function sessionCookie(token: string, expiresAt: Date, secure: boolean, name: CookieName = ADMIN_COOKIE) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return [`${name}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`, secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

export function clearedSessionCookie(secure: boolean, name: CookieName = ADMIN_COOKIE): string {
  return [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

export function readSessionToken(cookieHeader: string | null | undefined, name: CookieName = ADMIN_COOKIE) {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}
