import { useCallback, useEffect, useRef, useState } from "react";
import type { SaleBody } from "~/domain/sales/cart";
import {
  afterOutcome,
  byAge,
  isStale,
  type Outcome,
  outcomeOf,
  passPlan,
  type QueuedSale,
  retried,
  SYNC_MESSAGES,
} from "~/domain/sales/sync";
import { allSales, deleteSale, onOtherTabChange, putSale, updateSale } from "./sale-store";

export const SALES_API = "/api/admin/ventas";
/** How often a phone with sales waiting looks at the queue (each sale keeps its own backoff). */
const TICK_MS = 5_000;

/** One POST of a queued sale; any failure to get an answer is status 0. */
async function send(body: SaleBody): Promise<Outcome> {
  try {
    const response = await fetch(SALES_API, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    return outcomeOf(response.status, answer);
  } catch {
    return outcomeOf(0, null);
  }
}

/** Runs `work` alone among this browser's tabs when it can (Web Locks); elsewhere simply runs it. */
async function alone(work: () => Promise<void>): Promise<void> {
  if (typeof navigator === "undefined" || !navigator.locks) return work();
  await navigator.locks.request("rizoma-venta-sync", { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}

export interface SaleQueue {
  /** Every sale the phone holds, oldest first (synced ones for two days, the others until answered). */
  sales: QueuedSale[];
  /** The phone could not read its own store (IndexedDB missing or refused): it cannot sell offline. */
  storeError: boolean;
  /** The browser says it has a network and the last request to the shop got an answer. */
  online: boolean;
  /** The last answer was a 401: the session ended; the sales wait for a new sign-in. */
  signInNeeded: boolean;
  /** Saves a new sale in the phone, then tries to send it. */
  record(sale: QueuedSale): Promise<void>;
  /** Sends what is waiting now, backoff or not (the seller's "Sincronizar ahora"). */
  syncNow(): void;
  /** Sends a failed sale again, with the body the seller fixed. */
  retry(clientId: string, body?: SaleBody): Promise<void>;
  /** Takes a failed sale off the phone (the seller entered it another way). */
  discard(clientId: string): Promise<void>;
  /** A sale waiting for its Mercado Pago payment was paid: the phone's list says so. */
  markPaid(clientId: string): Promise<void>;
}

/**
 * The sync loop (docs/decisions/0048): on load, when the signal returns, when the page is shown again,
 * after each new sale, and every few seconds while something waits. One pass at a time (and one tab at a
 * time), sending the plan of app/domain/sales/sync.ts one sale after another and storing each answer before
 * the next request.
 */
export function useSaleQueue(): SaleQueue {
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [storeError, setStoreError] = useState(false);
  const [online, setOnline] = useState(true);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const running = useRef(false);
  const again = useRef(false);

  const reload = useCallback(async () => {
    try {
      const now = Date.now();
      const stored = await allSales();
      for (const stale of stored.filter((sale) => isStale(sale, now))) await deleteSale(stale.clientId);
      setSales(stored.filter((sale) => !isStale(sale, now)).sort(byAge));
      setStoreError(false);
    } catch {
      setStoreError(true);
    }
  }, []);

  const pass = useCallback(
    async (force: boolean) => {
      if (running.current) {
        again.current ||= force;
        return;
      }
      if (!navigator.onLine) return;
      running.current = true;
      try {
        await alone(async () => {
          for (const sale of passPlan(await allSales(), Date.now(), force)) {
            const outcome = await send(sale.body);
            if (outcome.kind === "auth") {
              setSignInNeeded(true);
              return;
            }
            setSignInNeeded(false);
            // A request that got no answer means no signal, whatever navigator.onLine believes.
            const answered = !(outcome.kind === "retry" && outcome.message === SYNC_MESSAGES.network);
            setOnline(answered);
            await updateSale(sale.clientId, (current) => {
              if (current.state !== "pending") return null;
              const next = afterOutcome(current, outcome, Date.now());
              // No answer at all: when it does arrive, the server is told the sale waited in the phone.
              return outcome.kind === "retry" && !next.body.offline
                ? { ...next, body: { ...next.body, offline: true } }
                : next;
            });
            await reload();
            if (outcome.kind === "retry") return;
          }
        });
      } catch {
        setStoreError(true);
      } finally {
        running.current = false;
        await reload();
        if (again.current) {
          again.current = false;
          void pass(true);
        }
      }
    },
    [reload],
  );

  useEffect(() => {
    setOnline(navigator.onLine);
    void reload().then(() => pass(true));
    const goOnline = () => {
      setOnline(true);
      void pass(true);
    };
    const goOffline = () => setOnline(false);
    const shown = () => {
      if (document.visibilityState === "visible") void pass(true);
    };
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    document.addEventListener("visibilitychange", shown);
    const stopListening = onOtherTabChange(() => void reload());
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      document.removeEventListener("visibilitychange", shown);
      stopListening();
    };
  }, [reload, pass]);

  const waiting = sales.some((sale) => sale.state === "pending");
  useEffect(() => {
    // After a 401 nothing is retried on a timer (each try would be refused the same way): the seller signs in.
    if (!waiting || signInNeeded) return;
    const timer = window.setInterval(() => void pass(false), TICK_MS);
    return () => window.clearInterval(timer);
  }, [waiting, signInNeeded, pass]);

  const record = useCallback(
    async (sale: QueuedSale) => {
      await putSale(sale);
      await reload();
      void pass(true);
    },
    [reload, pass],
  );

  const retry = useCallback(
    async (clientId: string, body?: SaleBody) => {
      await updateSale(clientId, (current) => (current.state === "failed" ? retried(current, body) : null));
      await reload();
      void pass(true);
    },
    [reload, pass],
  );

  const discard = useCallback(
    async (clientId: string) => {
      await deleteSale(clientId);
      await reload();
    },
    [reload],
  );

  const markPaid = useCallback(
    async (clientId: string) => {
      await updateSale(clientId, (current) =>
        current.sale ? { ...current, sale: { ...current.sale, status: "paid" } } : null,
      );
      await reload();
    },
    [reload],
  );

  return {
    sales,
    storeError,
    online,
    signInNeeded,
    record,
    syncNow: () => void pass(true),
    retry,
    discard,
    markPaid,
  };
}
