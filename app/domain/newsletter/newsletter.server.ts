import { and, arrayContains, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Invalid, NotFound } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { sign, signingSecret, verify } from "~/domain/secrets/signing.server";
import { csvDocument } from "~/lib/csv";
import { numericDate } from "~/lib/dates";
import { containsPattern } from "~/lib/like";
import { parseId } from "~/lib/params";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { newsletterSubscribers, newsletterTopics } from "~db/schema";
import { newsletterWelcome } from "./mail.server";
import { subscribeSchema } from "./subscribe-schema";
import { NEWSLETTER_TOPICS, topicLabel } from "./topics";

/**
 * The one answer to a sign-up, new address or not: what the form answers must not tell anyone whether an
 * address is on the list (issue 34). The address's owner learns it from their inbox: a welcome comes only
 * when a subscription starts.
 */
export const SUBSCRIBED = "¡Gracias por suscribirte! Si es tu primera vez, te llega un correo de bienvenida.";
export const TOO_MANY_SUBSCRIPTIONS = "Demasiadas suscripciones desde tu conexión. Probá de nuevo en un rato.";

export type Subscriber = typeof newsletterSubscribers.$inferSelect;

/** Keeps the topics table equal to the list in topics.ts (labels may change; ids never do). */
export async function seedNewsletterTopics(db: Db): Promise<void> {
  await db
    .insert(newsletterTopics)
    .values(NEWSLETTER_TOPICS.map((topic, index) => ({ id: topic.id, label: topic.label, position: index + 1 })))
    .onConflictDoUpdate({
      target: newsletterTopics.id,
      set: { label: sql`excluded.label`, position: sql`excluded.position` },
    });
}

/**
 * Signs an address up. The address is normalised and unique, so concurrent sign-ups of one address end
 * in one row; signing up again merges the interests; an address that had left comes back. The welcome
 * e-mail is queued in the same transaction, only when a subscription starts.
 *
 * Anyone may type anyone's address, so for an address already on the list nothing here may tell or
 * change what is not theirs to know or change: the answer is the same message as for a new one (and the
 * same work, the welcome is written either way and only queued for a new subscription, so the time it
 * takes does not tell either), and the stored name is never replaced by the one typed now.
 */
export async function subscribe(
  ctx: Pick<RequestContext, "db" | "clientIp" | "siteUrl" | "configuredSecret">,
  raw: unknown,
): Promise<{ message: string }> {
  const { db } = ctx;
  const parsed = subscribeSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;

  await limitPerIp(ctx, "newsletterPerIpPerHour", TOO_MANY_SUBSCRIPTIONS);

  const secret = await signingSecret(db, ctx.configuredSecret);
  return db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      insert into ${newsletterSubscribers} (email, name, interests, source)
      values (${input.email}, ${input.name}, ${sql`${`{${input.interests.map((id) => `"${id}"`).join(",")}}`}::text[]`}, ${input.source})
      on conflict (email) do update set
        interests = array(select distinct unnest(${newsletterSubscribers.interests} || excluded.interests) order by 1),
        subscribed_at = case when ${newsletterSubscribers.status} = 'unsubscribed' then now() else ${newsletterSubscribers.subscribedAt} end,
        status = 'active',
        unsubscribed_at = null,
        updated_at = now()
      returning id, name, interests, (subscribed_at = now()) as started
    `);
    const row = (
      rows as unknown as { rows: { id: number; name: string | null; interests: string[]; started: boolean }[] }
    ).rows[0];
    if (!row) throw new Error("subscriber upsert returned nothing");
    const mail = newsletterWelcome({
      siteUrl: ctx.siteUrl,
      name: row.name,
      interests: row.interests.map(topicLabel),
      unsubscribeUrl: unsubscribeUrl(ctx.siteUrl, secret, row.id),
    });
    if (row.started) await enqueueMail(tx as unknown as Db, { to: input.email, mail, siteUrl: ctx.siteUrl });
    return { message: SUBSCRIBED };
  });
}

const PURPOSE = "newsletter-unsubscribe";

export function unsubscribeUrl(siteUrl: string, secret: Buffer, subscriberId: number): string {
  return `${siteUrl}/newsletter/baja?token=${encodeURIComponent(sign(secret, PURPOSE, String(subscriberId)))}`;
}

export const BAD_UNSUBSCRIBE_LINK = "Este enlace de baja no es válido. Revisá que esté completo o escribinos.";

/** The subscriber a signed unsubscribe link names (for the confirmation page). */
export async function subscriberForToken(
  { db, configuredSecret }: Pick<RequestContext, "db" | "configuredSecret">,
  token: string | null,
): Promise<Pick<Subscriber, "id" | "email" | "status">> {
  const id = parseId(token ? verify(await signingSecret(db, configuredSecret), PURPOSE, token) : null);
  if (id === null) throw new Invalid(BAD_UNSUBSCRIBE_LINK);
  const [row] = await db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row) throw new NotFound(BAD_UNSUBSCRIBE_LINK);
  return row;
}

/** One-click unsubscribe through a signed link. Idempotent: a second click changes nothing. */
export async function unsubscribeWithToken(
  ctx: Pick<RequestContext, "db" | "configuredSecret">,
  token: string | null,
): Promise<string> {
  const subscriber = await subscriberForToken(ctx, token);
  await endSubscription(ctx.db, subscriber.id);
  return subscriber.email;
}

/** The one way a subscriber leaves (the signed link, Mi cuenta): only an active row changes, so twice is once. */
export async function endSubscription(db: Db, subscriberId: number): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(newsletterSubscribers.id, subscriberId), eq(newsletterSubscribers.status, "active")));
}

// ---------------------------------------------------------------------------------------------------
// Admin (/admin/newsletter)

export interface SubscriberFilters {
  search?: string | null;
  topic?: string | null;
  status?: "active" | "unsubscribed" | null;
}

function filterWhere(filters: SubscriberFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(newsletterSubscribers.email, pattern), ilike(newsletterSubscribers.name, pattern)) as SQL);
  }
  if (filters.topic) conditions.push(arrayContains(newsletterSubscribers.interests, [filters.topic]));
  if (filters.status) conditions.push(eq(newsletterSubscribers.status, filters.status));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listSubscribers(
  db: Db,
  filters: SubscriberFilters & { page?: number; pageSize?: number },
): Promise<{ rows: Subscriber[]; total: number }> {
  const pageSize = filters.pageSize ?? 50;
  const where = filterWhere(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id))
      .limit(pageSize)
      .offset((Math.max(1, filters.page ?? 1) - 1) * pageSize),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every subscriber matching the filters, for the CSV export. */
export async function allSubscribers(db: Db, filters: SubscriberFilters): Promise<Subscriber[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(filterWhere(filters))
    .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id));
}

export interface NewsletterCounts {
  active: number;
  unsubscribed: number;
  byTopic: { id: string; label: string; count: number }[];
  bySource: { source: string; count: number }[];
}

/** Active subscribers per topic and per source, and the totals. */
export async function newsletterCounts(db: Db): Promise<NewsletterCounts> {
  const [statusRows, topicRows, sourceRows] = await Promise.all([
    db
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status),
    db.execute(sql`
      select t.id, t.label, count(s.id)::int as n
      from ${newsletterTopics} t
      left join ${newsletterSubscribers} s on s.status = 'active' and t.id = any(s.interests)
      group by t.id, t.label, t.position
      order by t.position
    `),
    db
      .select({ source: newsletterSubscribers.source, n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "active"))
      .groupBy(newsletterSubscribers.source)
      .orderBy(desc(count())),
  ]);
  const byStatus = Object.fromEntries(statusRows.map((row) => [row.status, row.n]));
  return {
    active: byStatus.active ?? 0,
    unsubscribed: byStatus.unsubscribed ?? 0,
    byTopic: (topicRows as unknown as { rows: { id: string; label: string; n: number }[] }).rows.map((row) => ({
      id: row.id,
      label: row.label,
      count: Number(row.n),
    })),
    bySource: sourceRows.map((row) => ({ source: row.source, count: row.n })),
  };
}

/** The admin unsubscribes someone (who asked by phone, or bounced). */
export async function adminUnsubscribe(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, "active")))
      .returning({ email: newsletterSubscribers.email });
    if (!row) {
      const [exists] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id));
      if (!exists) throw new NotFound("No encontramos ese suscriptor");
      return;
    }
    await recordAudit(tx as unknown as Db, admin, {
      action: "newsletter.unsubscribe",
      entity: "newsletter_subscriber",
      entityId: String(id),
      summary: `Dio de baja a ${row.email} del newsletter`,
    });
  });
}

const SOURCE_LABELS: Record<string, string> = {
  carousel: "Carrusel de la home",
  shop: "Tienda",
  home: "Home",
  order_confirmation: "Página del newsletter",
  web: "Sitio",
  account: "Mi cuenta",
};

export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

/** The subscriber list as a CSV for a spreadsheet (dates as Buenos Aires dates, topics by name). */
export async function subscribersCsv(db: Db, filters: SubscriberFilters): Promise<string> {
  const rows = await allSubscribers(db, filters);
  return csvDocument(
    ["Email", "Nombre", "Intereses", "Origen", "Estado", "Suscripto desde", "Baja"],
    rows.map((row) => [
      row.email,
      row.name ?? "",
      row.interests.map(topicLabel).join(", "),
      sourceLabel(row.source),
      row.status === "active" ? "Activo" : "Dado de baja",
      numericDate(row.subscribedAt),
      row.unsubscribedAt ? numericDate(row.unsubscribedAt) : "",
    ]),
  );
}
