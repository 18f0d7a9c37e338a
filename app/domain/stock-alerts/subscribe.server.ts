import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { isPreorder } from "~/domain/catalog/book-view.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { emailSchema } from "~/lib/email-schema";
import { parseId } from "~/lib/params";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { books, stockAlerts } from "~db/schema";
import { type AlertKind, subscribedMessage } from "./kinds";

export const BOOK_NOT_FOUND = "No encontramos ese libro";
export const IN_STOCK_NOW = "¡Este libro está disponible ahora! Podés comprarlo ya, sin esperar el aviso.";
export const TOO_MANY_ALERTS = "Pediste demasiados avisos desde tu conexión. Probá de nuevo en un rato.";

/** `POST /api/stock-alerts` and the book page's form: a book id (number or form text) and an address. */
export const stockAlertSchema = z
  .object({
    bookId: z.union([z.number(), z.string()], { error: BOOK_NOT_FOUND }).transform((raw, zctx) => {
      const id = parseId(typeof raw === "number" && Number.isInteger(raw) ? String(raw) : raw);
      if (id === null) zctx.addIssue({ code: "custom", message: BOOK_NOT_FOUND });
      return id ?? 0;
    }),
    email: emailSchema({ invalid: "Ingresá un email válido", required: "Ingresá tu email para que te avisemos" }),
  })
  .strict();

export type StockAlertInput = z.infer<typeof stockAlertSchema>;

/**
 * Signs an address up for the one alert the book allows today: a pre-sale (release date still ahead, in
 * Buenos Aires days) → 'release'; out of stock → 'restock'; a book on sale now → 409. The partial unique
 * index `stock_alerts_waiting_idx` keeps one waiting alert per (book, address, kind): a repeat, or two at
 * once, leave one row, and the answer is the same either way, so it tells nobody whether an address had
 * asked before. No e-mail is sent now; the alert's only e-mail is the one it is for.
 */
export async function subscribeStockAlert(
  ctx: Pick<RequestContext, "db" | "clientIp">,
  raw: unknown,
): Promise<{ kind: AlertKind; message: string }> {
  const parsed = stockAlertSchema.safeParse(raw);
  if (!parsed.success) {
    const on = (field: string) => parsed.error.issues.some((issue) => issue.path[0] === field);
    if (on("bookId")) throw new NotFound(BOOK_NOT_FOUND);
    throw new Invalid(zodMessage(parsed.error), on("email") ? { field: "email" } : undefined);
  }
  const { bookId, email } = parsed.data;
  await limitPerIp(ctx, "stockAlertsPerIpPerHour", TOO_MANY_ALERTS);
  const kind = await alertKindFor(ctx.db, bookId);
  await ctx.db.insert(stockAlerts).values({ bookId, email, kind }).onConflictDoNothing();
  return { kind, message: subscribedMessage(kind, email) };
}

/** The alert a published book allows now, or the refusal (404 unknown or hidden, 409 on sale now). */
export async function alertKindFor(db: Db, bookId: number): Promise<AlertKind> {
  const [book] = await db
    .select({
      stock: books.stock,
      available: books.available,
      preorderReleaseDate: books.preorderReleaseDate,
    })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.published, true)));
  if (!book) throw new NotFound(BOOK_NOT_FOUND);
  if (isPreorder(book)) return "release";
  // A book the shop marked unavailable may take alerts: they fire once it is available with stock.
  if (book.stock > 0 && book.available) throw new Conflict(IN_STOCK_NOW);
  return "restock";
}
