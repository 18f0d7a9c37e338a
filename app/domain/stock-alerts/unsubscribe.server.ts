import { and, asc, eq, isNull } from "drizzle-orm";
import { Invalid } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import { sign, signingSecret, verify } from "~/domain/secrets/signing.server";
import { parseId } from "~/lib/params";
import type { Db } from "~db/index";
import { books, stockAlerts } from "~db/schema";

const PURPOSE = "stock-alert";

/** The link of an alert's e-mail that cancels the address's alerts (`/avisos/baja?t=…`). */
export function alertUnsubscribeUrl(siteUrl: string, secret: Buffer, alertId: number): string {
  return `${siteUrl}/avisos/baja?t=${encodeURIComponent(sign(secret, PURPOSE, String(alertId)))}`;
}

export const BAD_ALERT_LINK = "Este enlace para cancelar avisos no es válido. Revisá que esté completo o escribinos.";

export interface AlertLink {
  email: string;
  /** The book the e-mail was about, when the alert still exists. */
  book: { id: number; title: string } | null;
  /** The address's alerts still waiting (none: the link is spent). */
  waiting: { id: number; bookId: number; title: string }[];
}

async function emailOfToken(ctx: Pick<RequestContext, "db" | "configuredSecret">, token: string | null) {
  const id = parseId(token ? verify(await signingSecret(ctx.db, ctx.configuredSecret), PURPOSE, token) : null);
  if (id === null) throw new Invalid(BAD_ALERT_LINK);
  const [alert] = await ctx.db
    .select({ email: stockAlerts.email, bookId: books.id, title: books.title })
    .from(stockAlerts)
    .innerJoin(books, eq(books.id, stockAlerts.bookId))
    .where(eq(stockAlerts.id, id));
  return alert ?? null;
}

function waitingOf(db: Db, email: string) {
  return db
    .select({ id: stockAlerts.id, bookId: books.id, title: books.title })
    .from(stockAlerts)
    .innerJoin(books, eq(books.id, stockAlerts.bookId))
    .where(and(eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt)))
    .orderBy(asc(stockAlerts.id));
}

/**
 * What a signed link names: its address, the book of its e-mail and the alerts of that address still
 * waiting. An alert gone (cancelled by this link before, or its book deleted) leaves nothing to cancel:
 * `null`, the page says the link is spent.
 */
export async function alertLink(
  ctx: Pick<RequestContext, "db" | "configuredSecret">,
  token: string | null,
): Promise<AlertLink | null> {
  const alert = await emailOfToken(ctx, token);
  if (!alert) return null;
  return {
    email: alert.email,
    book: { id: alert.bookId, title: alert.title },
    waiting: await waitingOf(ctx.db, alert.email),
  };
}

/**
 * Cancels every alert of the link's address still waiting (alerts already sent stay as the record of
 * their e-mail). Idempotent: a second click cancels nothing. Also RFC 8058 one-click (List-Unsubscribe-Post).
 */
export async function cancelAlertsWithToken(
  ctx: Pick<RequestContext, "db" | "configuredSecret">,
  token: string | null,
): Promise<{ email: string | null; cancelled: number }> {
  const alert = await emailOfToken(ctx, token);
  if (!alert) return { email: null, cancelled: 0 };
  const gone = await ctx.db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.email, alert.email), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id });
  return { email: alert.email, cancelled: gone.length };
}
