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

/** An admin JSON endpoint: anonymous requests get 401. */
export function isAdminApiPath(pathname: string): boolean {
  return adminApi.some((pattern) => pattern.test(pathname));
}

/** An admin page (the sign-in page excluded): anonymous visitors are sent to /admin/login. */
export function isAdminPagePath(pathname: string): boolean {
  const page = pathname.replace(/\.data$/, "");
  return adminPages.test(page) && !loginPage.test(page);
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
