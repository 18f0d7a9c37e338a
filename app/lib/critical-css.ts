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

/**
 * Put on the first element of a page that is never on its first screen (the home's sections past the
 * search, the book page's shelves, the shop's newsletter under a full grid): the inline rules are those of
 * the markup before it. What follows is styled by the stylesheet file, fetched from the <head> at once
 * (a preload) and applied where it is linked, long before a visitor scrolls that far on any connection
 * worth the name. Only where the page's layout guarantees a screen's worth of content above it, at every
 * width: a mark too high shows unstyled content on the first screen until the file arrives.
 */
export const belowTheFold = { "data-below-the-fold": "" } as const;

/**
 * Put on a part of the first screen that is closed when the page first paints (the header's menu and search
 * panels, inside a closed <details>): its markup does not count for the inline rules. Opened before the
 * stylesheet file arrives (a tap in the first moments), it shows with the file's rules as soon as it does.
 */
export const closedAtFirstPaint = { "data-closed-at-first-paint": "" } as const;
