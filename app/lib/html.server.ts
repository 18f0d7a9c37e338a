import sanitizeHtml from "sanitize-html";

/**
 * The one sanitiser for HTML that comes from outside (book descriptions typed in the admin or synced from
 * Tienda Nube): text formatting, lists and links survive; scripts, styles, event handlers, iframes and
 * images do not. Links to other sites open in a new tab without handing over `window.opener`.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a"],
    allowedAttributes: { a: ["href", "title", "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" },
      }),
      h1: "h2",
      div: "p",
    },
    exclusiveFilter: (frame) => frame.tag === "p" && !frame.text.trim() && !frame.mediaChildren.length,
  }).trim();
}

/** Plain text from HTML (for meta descriptions, e-mail text parts and search). */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|h[1-6]|blockquote)>/gi, "$&\n\n").replace(/<\/li>|<br\s*\/?>/gi, "$&\n");
  return sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * A book description as safe HTML: HTML (from the admin or the store sync) is sanitised; plain text
 * (the demo, older rows) is escaped and its blank-line-separated paragraphs become <p>.
 */
export function descriptionHtml(description: string): string {
  if (/<\/?[a-z][^>]*>/i.test(description)) return sanitizeDescription(description);
  const escapeText = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** Text for XML or HTML (text and attribute values): the five special characters as entities. */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
