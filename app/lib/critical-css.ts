/** The `id` of a storefront document's inline stylesheet (root.tsx). */
export const CRITICAL_CSS_ID = "rizoma-css";

/**
 * A storefront document carries, in one <style> in its <head>, the stylesheet's rules that its own markup
 * needs, so it paints without waiting for a request; the whole storefront stylesheet follows as a
 * content-hashed file linked at the end of the body (docs/decisions/0053-bytes.md). React renders the
 * <style> empty on the server, and the server fills it in once the markup is written
 * (app/lib/critical-css.server.ts, `withCriticalCss`). In the browser this is the text the document arrived
 * with, read once when the root module loads (before hydration), so the element React hydrates and any
 * later render of it carry the same text, and the client's JavaScript never contains CSS.
 */
export const criticalCss: string =
  typeof document === "undefined" ? "" : (document.getElementById(CRITICAL_CSS_ID)?.textContent ?? "");
