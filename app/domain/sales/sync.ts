import type { Cents } from "~/lib/money";
import type { SaleBody } from "./cart";
import type { SalePayment } from "./input";

/**
 * The phone's queue of sales (DESIGN §9 "Offline", docs/decisions/0048): every sale is written to IndexedDB
 * first, with its client-made `clientId`, and sent from there, oldest first, one at a time; the API answers a
 * replay with the first sale, so sending again is always safe. This module decides, without any I/O, what a
 * pass sends and what an answer does to a queued sale. Client-safe and pure.
 */

/** What the server answered for a sale it recorded (a subset of POST /api/admin/ventas's `sale`). */
export interface SyncedSale {
  number: string;
  total: number;
  status: string;
  change: number | null;
  receiptUrl: string | null;
  /** Books sold beyond the stock the system had: the sale stands, the admin is told. */
  flagged: { bookId: number; title: string; requested: number; available: number }[] | null;
  /** A Mercado Pago QR to show while the sale waits for its payment (pending_payment). */
  qr: { data: string } | null;
}

export type QueueState = "pending" | "synced" | "failed";

/** Why a pending sale is waiting: a retry (network, server busy), or held by a 403 the admin can fix. */
export type WaitReason = "retry" | "held";

export interface QueuedSale {
  clientId: string;
  /** When the phone recorded it (ms): the queue's order. */
  createdAt: number;
  /** Exactly what is sent, every time. */
  body: SaleBody;
  summary: {
    totalCents: Cents;
    changeCents: Cents | null;
    payment: SalePayment;
    copies: number;
    titles: string[];
    place: string;
  };
  state: QueueState;
  attempts: number;
  /** Not sent again before this moment (ms), unless the seller or the signal says "now". */
  nextAttemptAt: number;
  waiting: WaitReason | null;
  /** The last Spanish message: why it waits, or why the server refused it. */
  error: string | null;
  /** The field the server's refusal named ("document": it needs the buyer's DNI). */
  errorField: string | null;
  sale: SyncedSale | null;
  syncedAt: number | null;
}

export type Outcome =
  | { kind: "synced"; sale: SyncedSale }
  | { kind: "auth" }
  | { kind: "held"; message: string }
  | { kind: "refused"; message: string; field: string | null }
  | { kind: "retry"; message: string };

export const SYNC_MESSAGES = {
  network: "Sin conexión con la tienda: se reintenta sola",
  server: "La tienda no pudo guardarla todavía: se reintenta sola",
  refused: "La tienda no aceptó esta venta",
} as const;

/** The oldest first; two sales of the same millisecond keep a stable order by their id. */
export const byAge = (a: QueuedSale, b: QueuedSale) =>
  a.createdAt - b.createdAt || a.clientId.localeCompare(b.clientId);

const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * How long a sale waits after its `attempts`-th failure: 2 s, 4 s, 8 s... up to 5 minutes, spread by ±25% so
 * that several phones at a fair do not all knock at the same second when the signal returns.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * The sales one pass sends, in order: every pending sale, oldest first. A sale waiting for a retry keeps the
 * ones after it waiting too (they are not sent ahead of it), unless `now` is forced; a sale held by a 403
 * waits alone, so one fair the seller may not sell at does not stop the counter's sales.
 */
export function passPlan(sales: readonly QueuedSale[], now: number, force = false): QueuedSale[] {
  const plan: QueuedSale[] = [];
  for (const sale of [...sales].filter((entry) => entry.state === "pending").sort(byAge)) {
    const due = force || sale.nextAttemptAt <= now;
    if (!due && sale.waiting === "held") continue;
    if (!due) break;
    plan.push(sale);
  }
  return plan;
}

interface Answer {
  success?: boolean;
  error?: string;
  field?: string;
  sale?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

function syncedSale(sale: Record<string, unknown>): SyncedSale {
  const qr = sale.qr as { data?: unknown } | null | undefined;
  return {
    number: String(sale.number),
    total: Number(sale.total),
    status: String(sale.status),
    change: typeof sale.change === "number" ? sale.change : null,
    receiptUrl: text(sale.receiptUrl),
    flagged: Array.isArray(sale.flagged) && sale.flagged.length > 0 ? (sale.flagged as SyncedSale["flagged"]) : null,
    qr: qr && typeof qr.data === "string" ? { data: qr.data } : null,
  };
}

/**
 * What an answer of POST /api/admin/ventas means for the queued sale. `status` 0: no answer at all (no
 * signal). 401: the session ended (kept; sign in again). 403: kept and retried (a second factor to enrol, a
 * fair the seller is not on yet): the admin can fix it. Any other 4xx: the server refused this sale; it is
 * marked failed with the server's message and stays in view. 408, 429 and 5xx: retried with backoff.
 */
export function outcomeOf(status: number, answer: Answer | null): Outcome {
  if ((status === 200 || status === 201) && answer?.sale) return { kind: "synced", sale: syncedSale(answer.sale) };
  if (status === 0) return { kind: "retry", message: SYNC_MESSAGES.network };
  if (status === 401) return { kind: "auth" };
  if (status === 403) return { kind: "held", message: answer?.error ?? SYNC_MESSAGES.refused };
  if (status === 408 || status === 429 || status >= 500 || status < 400) {
    return { kind: "retry", message: SYNC_MESSAGES.server };
  }
  return { kind: "refused", message: answer?.error ?? SYNC_MESSAGES.refused, field: answer?.field ?? null };
}

/** The queued sale after an answer. `auth` leaves it as it was: not the sale's fault, nothing to count. */
export function afterOutcome(
  sale: QueuedSale,
  outcome: Outcome,
  now: number,
  random: () => number = Math.random,
): QueuedSale {
  switch (outcome.kind) {
    case "synced":
      return {
        ...sale,
        state: "synced",
        sale: outcome.sale,
        syncedAt: now,
        waiting: null,
        error: null,
        errorField: null,
      };
    case "auth":
      return sale;
    case "refused":
      return { ...sale, state: "failed", waiting: null, error: outcome.message, errorField: outcome.field };
    case "held":
    case "retry": {
      const attempts = sale.attempts + 1;
      return {
        ...sale,
        attempts,
        nextAttemptAt: now + backoffMs(attempts, random),
        waiting: outcome.kind,
        error: outcome.message,
        errorField: null,
      };
    }
  }
}

/** A failed sale sent again (the seller fixed what the server asked, e.g. the buyer's DNI): pending, due now. */
export function retried(sale: QueuedSale, body: SaleBody = sale.body): QueuedSale {
  return {
    ...sale,
    body,
    state: "pending",
    attempts: 0,
    nextAttemptAt: 0,
    waiting: null,
    error: null,
    errorField: null,
  };
}

/** Synced sales are kept on the phone this long (the day's list), then forgotten; the others never are. */
export const KEEP_SYNCED_MS = 2 * 86_400_000;
export const isStale = (sale: QueuedSale, now: number) =>
  sale.state === "synced" && sale.syncedAt !== null && now - sale.syncedAt > KEEP_SYNCED_MS;
