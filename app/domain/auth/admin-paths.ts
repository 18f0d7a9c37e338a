/**
 * Which URLs belong to the admin. One list, read by the Express gate (server/admin-gate.ts) before any
 * route runs, and by the test that walks the route table: a new admin route is protected by being
 * listed here, and the test fails when a route under routes/admin or routes/api/admin is not.
 */
const adminApi: RegExp[] = [
  /^\/api\/admin(\/|$)/,
  /^\/api\/books\/[^/]+\/featured\/?$/,
  /^\/api\/caja\/(stats|subscriptions|bulk-email)(\/|$)/,
  /^\/api\/qr\/admin(\/|$)/,
  /^\/api\/discount-codes\/(admin|stats|create|\d+)\/?$/,
];

const adminPages = /^\/admin(\/|$)/;
/** Pages of the admin a visitor without a session must reach: the sign-in, and a team invitation's link. */
const loginPage = /^\/admin\/(login|invitacion)\/?$/;

/** A path already in the form the routers match: lower-case segments, no escapes, no dot segments. */
const PLAIN_PATH = /^(\/[a-z0-9_~-][a-z0-9._~-]*)*\/?$/;

/**
 * The address as the routers match it, so the gate compares the same thing. React Router matches paths
 * case-insensitively (`/ADMIN/ajustes` renders Ajustes), reads the URL through WHATWG's parser (`\` is `/`,
 * `/x/%2e%2e/admin` is `/admin`) and decodes percent-escapes (`/%61dmin` is `/admin`); Express routes
 * case-insensitively too. Where this differs from them (`%2F` becomes a `/`, repeated slashes fold) it
 * only makes more addresses count as the admin's, never fewer.
 */
export function routedPath(pathname: string): string {
  if (PLAIN_PATH.test(pathname)) return pathname;
  let path = pathname;
  try {
    path = new URL(`http://gate${pathname.startsWith("/") ? "" : "/"}${pathname}`).pathname;
  } catch {
    // Not a URL any router would match either: compared as written.
  }
  const decoded = path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
}

/** An admin JSON endpoint (in any case or escaping): anonymous requests get 401. */
export function isAdminApiPath(pathname: string): boolean {
  const path = routedPath(pathname);
  return adminApi.some((pattern) => pattern.test(path));
}

/**
 * An admin page (the sign-in page excluded), in any case or escaping: anonymous visitors are sent to
 * /admin/login.
 */
export function isAdminPagePath(pathname: string): boolean {
  const page = routedPath(pathname).replace(/\.data$/, "");
  return adminPages.test(page) && !loginPage.test(page);
}

/** Under /admin or /api/admin, the sign-in included (never framed, server/csp.ts). */
export function isUnderAdmin(pathname: string): boolean {
  return /^\/(admin|api\/admin)(\/|$)/.test(routedPath(pathname).replace(/\.data$/, ""));
}

/** Where a signed-out admin goes, remembering the page they wanted. */
export function loginRedirect(pathname: string, search = ""): string {
  const next = `${pathname.replace(/\.data$/, "")}${search}`;
  return next === "/admin" || next === "/admin/" ? "/admin/login" : `/admin/login?next=${encodeURIComponent(next)}`;
}

/** Only admin pages are valid places to return to after signing in (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/admin(\/[\w\-/]*)?(\?[\w\-=&%.]*)?$/.test(next) && !loginPage.test(next.split("?")[0] ?? "")
    ? next
    : "/admin";
}
