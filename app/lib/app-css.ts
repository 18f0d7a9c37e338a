import { createContext, useContext } from "react";

/** The `id` of the document's one inline stylesheet (root.tsx). */
export const APP_CSS_ID = "rizoma-css";

/**
 * The shop's stylesheet travels inside every document, in one <style> in the <head>, instead of as a
 * render-blocking <link>: a first visit on a phone then paints with the HTML alone (issue 23, goal 4:
 * Lighthouse counted the stylesheet's request on the critical path of every page's first paint). The
 * server provides the text (entry.server.tsx, from app/lib/app-css.server.ts); in the browser the text is
 * the one the document arrived with, read once before hydration, so the element React hydrates and any
 * later render of it carry the same text, and the client's JavaScript never contains the stylesheet.
 */
export const AppCssContext = createContext<string>(
  typeof document === "undefined" ? "" : (document.getElementById(APP_CSS_ID)?.textContent ?? ""),
);

export const useAppCss = () => useContext(AppCssContext);
