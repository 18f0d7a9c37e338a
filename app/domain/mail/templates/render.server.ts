import { renderToStaticMarkup } from "react-dom/server";

/**
 * What every e-mail shares, whatever area sends it. Each area writes its own letters beside its rules
 * (`app/domain/<area>/mail.server.tsx`) with these helpers and the pieces of `./layout`; the mail module
 * itself knows no area, so an area may queue mail without an import cycle.
 */

/** The header that names the send a bulk message belongs to (`GET /api/caja/bulk-email/{campaign}`). */
export const CAMPAIGN_HEADER = "X-Rizoma-Campaign";

/** A rendered e-mail, ready for the outbox. Text is written by hand, not scraped from the HTML. */
export interface RenderedMail {
  template: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** What every template needs to link back to the shop. */
export interface MailSite {
  siteUrl: string;
}

export function html(element: React.ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

export const lines = (...parts: (string | false | null | undefined)[]) =>
  parts.filter((part) => part !== false && part !== null && part !== undefined).join("\n");

export const greeting = (name: string | null | undefined) => (name?.trim() ? `¡Hola, ${name.trim()}!` : "¡Hola!");

/** RFC 8058 one-click unsubscribe: mail clients show their own "unsubscribe" button. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
