import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { salePriceCents } from "~/domain/catalog/book-view.server";
import { startPeriodicJob } from "~/domain/jobs/periodic.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { RequestContext } from "~/domain/request-context";
import { signingSecret } from "~/domain/secrets/signing.server";
import { todayInBuenosAires } from "~/lib/dates";
import type { Db } from "~db/index";
import { books, stockAlerts } from "~db/schema";
import type { AlertKind } from "./kinds";
import { type AlertBook, stockAlertMail } from "./mail.server";
import { alertUnsubscribeUrl } from "./unsubscribe.server";

/** What an alert's e-mail needs from the server: the shop's address and the key of its signed links. */
export type AlertSite = Pick<RequestContext, "siteUrl" | "configuredSecret">;

interface Released {
  id: number;
  email: string;
  bookId: number;
}

/**
 * The restock alerts of `bookIds` whose book can be bought from stock now (published, available, stock
 * above 0) fire: each is marked notified and its e-mail queued, in `tx` — the caller's transaction that
 * changed the stock, so the mark, the mail and the stock commit together or not at all. The conditional
 * UPDATE (`notified_at is null`) is the guard: of two transactions that raise the stock at once, the second
 * waits on the first's row locks and then finds the alerts notified, so each subscriber gets one e-mail.
 * Call it after the stock write, for every book whose stock may have gone up; books still at 0 fire nothing.
 */
export async function releaseRestockAlerts(tx: Db, bookIds: readonly number[], site: AlertSite): Promise<number> {
  const ids = [...new Set(bookIds)];
  if (ids.length === 0) return 0;
  const released = await tx
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        inArray(stockAlerts.bookId, ids),
        eq(stockAlerts.kind, "restock"),
        isNull(stockAlerts.notifiedAt),
        sql`exists (select 1 from ${books} where ${books.id} = ${stockAlerts.bookId} and ${books.stock} > 0 and ${books.published} and ${books.available})`,
      ),
    )
    .returning({ id: stockAlerts.id, email: stockAlerts.email, bookId: stockAlerts.bookId });
  await queueAlertMails(tx, "restock", released, site);
  return released.length;
}

async function queueAlertMails(tx: Db, kind: AlertKind, released: Released[], site: AlertSite): Promise<void> {
  if (released.length === 0) return;
  const rows = await tx
    .select()
    .from(books)
    .where(inArray(books.id, [...new Set(released.map((alert) => alert.bookId))]));
  const byId = new Map<number, AlertBook>(
    rows.map((row) => [row.id, { id: row.id, title: row.title, author: row.author, priceCents: salePriceCents(row) }]),
  );
  const secret = await signingSecret(tx, site.configuredSecret);
  for (const alert of released.sort((a, b) => a.id - b.id)) {
    const book = byId.get(alert.bookId);
    if (!book) continue; // the alert's book row is locked by the update above: it cannot be gone
    const mail = stockAlertMail({
      siteUrl: site.siteUrl,
      kind,
      book,
      unsubscribeUrl: alertUnsubscribeUrl(site.siteUrl, secret, alert.id),
    });
    await enqueueMail(tx, { to: alert.email, mail, siteUrl: site.siteUrl });
  }
}

const RELEASE_BATCH = 100;

/**
 * The release alerts whose pre-sale is over (the release date is today or past in Buenos Aires, or the
 * admin took the date away) fire, `RELEASE_BATCH` per transaction. Rows are claimed with FOR UPDATE SKIP
 * LOCKED and marked by a conditional UPDATE, so several instances running the job at once send each
 * e-mail once. Hidden books wait until they are published again. Returns how many fired.
 */
export async function releaseDueReleaseAlerts(
  ctx: AlertSite & Pick<RequestContext, "db">,
  today = todayInBuenosAires(),
): Promise<number> {
  let total = 0;
  for (;;) {
    const fired = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const due = await tx
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .innerJoin(books, eq(books.id, stockAlerts.bookId))
        .where(
          and(
            eq(stockAlerts.kind, "release"),
            isNull(stockAlerts.notifiedAt),
            eq(books.published, true),
            or(isNull(books.preorderReleaseDate), sql`${books.preorderReleaseDate} <= ${today}::date`),
          ),
        )
        .orderBy(asc(stockAlerts.id))
        .limit(RELEASE_BATCH)
        .for("update", { of: stockAlerts, skipLocked: true });
      if (due.length === 0) return { claimed: 0, sent: 0 };
      const released = await tx
        .update(stockAlerts)
        .set({ notifiedAt: sql`now()` })
        .where(
          and(
            inArray(
              stockAlerts.id,
              due.map((row) => row.id),
            ),
            isNull(stockAlerts.notifiedAt),
          ),
        )
        .returning({ id: stockAlerts.id, email: stockAlerts.email, bookId: stockAlerts.bookId });
      await queueAlertMails(tx, "release", released, ctx);
      return { claimed: due.length, sent: released.length };
    });
    total += fired.sent;
    if (fired.claimed < RELEASE_BATCH) return total;
  }
}

/** Starts the release job in this server process (every `intervalMs`); `stop()` waits for a running pass. */
export function startReleaseAlertJob(ctx: AlertSite & Pick<RequestContext, "db" | "log">, intervalMs = 10 * 60_000) {
  return startPeriodicJob(ctx.log, "stock release alert job failed", () => releaseDueReleaseAlerts(ctx), intervalMs);
}
