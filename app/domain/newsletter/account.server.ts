import { and, eq } from "drizzle-orm";
import { Invalid } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { newsletterSubscribers } from "~db/schema";
import { endSubscription, subscribe } from "./newsletter.server";
import { subscribeSchema } from "./subscribe-schema";
import { NEWSLETTER_TOPICS, type TopicId } from "./topics";

/**
 * The newsletter in Mi cuenta, for the signed-in email: its status and topics. Signing up goes through
 * `subscribe` (the public form's rules: per-IP limit, welcome e-mail when a subscription starts);
 * leaving through `endSubscription` (the signed link's). Unlike the public form, which only adds topics,
 * the account's checkboxes say exactly which topics the reader wants.
 */
export const ACCOUNT_NEWSLETTER_MESSAGES = {
  saved: "Guardamos tus temas.",
  unsubscribed: "Te diste de baja del newsletter. Podés volver cuando quieras.",
} as const;

export interface AccountNewsletter {
  status: "active" | "unsubscribed" | null;
  interests: string[];
  topics: { id: TopicId; label: string }[];
}

export async function accountNewsletter(db: Db, email: string): Promise<AccountNewsletter> {
  const [row] = await db
    .select({ status: newsletterSubscribers.status, interests: newsletterSubscribers.interests })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return {
    status: row?.status ?? null,
    interests: row?.interests ?? [],
    topics: NEWSLETTER_TOPICS.map(({ id, label }) => ({ id, label })),
  };
}

/**
 * Subscribes the reader when they are not (the public form's path) and sets their topics to exactly
 * `interests`. Answers the public form's message when the subscription starts, else "saved".
 */
export async function saveAccountTopics(
  ctx: Pick<RequestContext, "db" | "clientIp" | "siteUrl" | "configuredSecret">,
  email: string,
  interests: string[],
): Promise<string> {
  const parsed = subscribeSchema.safeParse({ email, interests, source: "account" });
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const topics = parsed.data.interests;
  const [current] = await ctx.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  const started = current?.status === "active" ? null : await subscribe(ctx, parsed.data);
  await ctx.db
    .update(newsletterSubscribers)
    .set({ interests: [...topics], updatedAt: new Date() })
    .where(and(eq(newsletterSubscribers.email, email), eq(newsletterSubscribers.status, "active")));
  return started?.message ?? ACCOUNT_NEWSLETTER_MESSAGES.saved;
}

export async function leaveNewsletter(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (row) await endSubscription(db, row.id);
  return ACCOUNT_NEWSLETTER_MESSAGES.unsubscribed;
}
