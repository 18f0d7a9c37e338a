// Fills a storefront document's inline <style> (root.tsx) with the storefront stylesheet's rules that the
// document's markup needs (app/lib/critical-css.server.ts). Server-only: the stylesheet's text is bundled
// into the server build (`?inline`), never into the client's; the browser gets the same file, hashed, by URL.
import { belowTheFold, CRITICAL_CSS_ID, closedAtFirstPaint } from "~/lib/critical-css";
import shopCss from "~/styles/shop.css?inline";
import { type CriticalCss, criticalCssFor, tokensIn, withoutMarked } from "./critical-css.server";

const PLACEHOLDER = `<style id="${CRITICAL_CSS_ID}"></style>`;
const FOLD = ` ${Object.keys(belowTheFold)[0]}=""`;
const CLOSED = ` ${Object.keys(closedAtFirstPaint)[0]}=""`;

let pick: CriticalCss | undefined;

/**
 * `html` (the first batch of a rendered document: its <head> and the markup React had ready with it) with
 * the empty critical <style> filled in with the rules of the classes its body uses up to the first
 * element marked `belowTheFold`, less the parts marked `closedAtFirstPaint`, or unchanged when it has none
 * (an admin page, a streamed part).
 */
export function withCriticalCss(html: string): string {
  const at = html.indexOf(PLACEHOLDER);
  if (at === -1) return html;
  const body = html.indexOf("<body", at);
  if (body === -1) return html;
  pick ??= criticalCssFor(shopCss);
  const fold = html.indexOf(FOLD, body);
  const css = pick(tokensIn(withoutMarked(html.slice(body, fold === -1 ? undefined : fold), CLOSED))).replace(
    /<\/style/gi,
    "<\\/style",
  );
  return `${html.slice(0, at)}<style id="${CRITICAL_CSS_ID}">${css}</style>${html.slice(at + PLACEHOLDER.length)}`;
}
