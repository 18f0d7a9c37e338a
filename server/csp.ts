import { createHash, randomBytes } from "node:crypto";
import { isUnderAdmin } from "~/domain/auth/admin-paths";

/**
 * Content-Security-Policy (issue 11, DESIGN "Caching and security together"). Scripts run only from our
 * own origin or inline with this response's nonce; never `unsafe-inline` for scripts. A page answered from
 * the page cache was rendered for another request, so its stored policy names the SHA-256 of each inline
 * script the render itself wrote instead (those carrying the render's own nonce, hashed once, when the
 * page is stored): an inline script that reached the HTML some other way (a hostile book description that
 * slipped through the sanitiser) is not among them and stays blocked (issue 34). Styles may be inline
 * (React's `style` attributes); images may come from https (remote covers in e-mails, the admin's previews).
 */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Admin pages may not be framed by anyone (in any case of their address); storefront pages only by the shop. */
export const isAdminPath = isUnderAdmin;

/**
 * Where a form may send the visitor, redirects included (browsers check each hop): the shop, its public
 * address (the payments sandbox's checkout lives there) and Mercado Pago's checkout, where the box
 * subscription form and the checkout redirect without JavaScript.
 */
const MERCADO_PAGO_CHECKOUT =
  "https://*.mercadopago.com.ar https://*.mercadopago.com https://*.mercadolibre.com.ar https://*.mercadolibre.com";

export interface PolicyOptions {
  path: string;
  /** Served over https (adds upgrade-insecure-requests). */
  secure: boolean;
  /** The shop's public origin (PUBLIC_URL), when it differs from the address the request came to. */
  publicOrigin?: string;
}

function policy(scriptSources: string[], { path, secure, publicOrigin }: PolicyOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' https:",
    "connect-src 'self'",
    // The shop banner may be a muted YouTube video (spec §2).
    "frame-src 'self' https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${publicOrigin ? `${publicOrigin} ` : ""}${MERCADO_PAGO_CHECKOUT}`,
    `frame-ancestors ${isAdminPath(path) ? "'none'" : "'self'"}`,
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The policy for a response rendered now, whose inline scripts carry `nonce`. */
export function noncePolicy(nonce: string, options: PolicyOptions): string {
  return policy([`'nonce-${nonce}'`], options);
}

/** Inline scripts the browser runs (JSON data blocks such as JSON-LD are not scripts to CSP). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

const NONCE_ATTRIBUTE = /(?:^|\s)nonce\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * The `'sha256-…'` source of every inline script in `html` that the render wrote itself, i.e. that
 * carries `renderNonce` (React and React Router put it on every script they write; the nonce is fresh per
 * render, so nothing stored in the database can carry it), without repeats.
 */
export function inlineScriptHashes(html: string, renderNonce: string): string[] {
  if (!renderNonce) return [];
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    const nonce = NONCE_ATTRIBUTE.exec(attributes);
    if ((nonce?.[1] ?? nonce?.[2] ?? nonce?.[3]) !== renderNonce) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy for a stored page served to anyone: the inline scripts its render wrote, by hash. */
export function hashPolicy(html: string, renderNonce: string, options: PolicyOptions): string {
  return policy(inlineScriptHashes(html, renderNonce), options);
}
