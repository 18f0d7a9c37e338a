import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { AdminRouteError } from "~/components/layout/route-error";
import { BookSearch, loadScanner } from "~/components/sales/book-search";
import { newClientId } from "~/components/sales/client-id";
import { type CustomerField, CustomerFields } from "~/components/sales/customer-fields";
import { MercadoPagoWait } from "~/components/sales/mercadopago-wait";
import { PaymentPicker } from "~/components/sales/payment-picker";
import { PhoneSales } from "~/components/sales/phone-sales";
import { loadQrDrawer } from "~/components/sales/qr-image";
import { SaleCart } from "~/components/sales/sale-cart";
import { SaleDone } from "~/components/sales/sale-done";
import { SyncStatus } from "~/components/sales/sync-status";
import { catalogueUrl, useCatalog } from "~/components/sales/use-catalog";
import { useDraft } from "~/components/sales/use-draft";
import { useOfflineReady } from "~/components/sales/use-offline-ready";
import { SALES_API, useSaleQueue } from "~/components/sales/use-sale-queue";
import { documentRequired } from "~/domain/orders/input";
import {
  addBook,
  type CartLine,
  chargeCheck,
  type DraftField,
  emptyDraft,
  type SaleBody,
  saleBody,
  saleTotals,
} from "~/domain/sales/cart";
import { saleInputSchema } from "~/domain/sales/input";
import type { CatalogBook } from "~/domain/sales/lookup";
import { salePageData } from "~/domain/sales/page.server";
import { outcomeOf, type QueuedSale } from "~/domain/sales/sync";
import { requireAdmin } from "~/lib/admin.server";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/venta";

export const meta: Route.MetaFunction = () => [{ title: "Vender | Panel Rizoma" }];

/**
 * /admin/venta (issue 35): selling face to face from a phone, at the counter or a fair's table, with or
 * without signal (docs/decisions/0048). What the page needs offline comes with it (the fairs, the bank
 * details, the invoicing threshold), so the copy the service worker keeps can sell.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return salePageData(context.db, admin, context.adminSession ?? null);
}

type View =
  | { kind: "sell" }
  | { kind: "done"; clientId: string }
  | { kind: "qr"; clientId: string; number: string; qrData: string | null; totalCents: number };

/**
 * The chunks the page loads on demand (scanner and its decoder for phones without BarcodeDetector, QR
 * drawer), fetched ahead so the worker stores them.
 */
const warmChunks = () =>
  Promise.all([loadScanner().then((scanner) => scanner.preloadBarcodeDecoder()), loadQrDrawer()]);

type FormError = { field: DraftField; message: string } | null;

const customerFields: readonly string[] = ["email", "cuit", "legalName", "taxCondition", "document"];

export default function Venta({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const id = useId();
  const queue = useSaleQueue();
  const { draft, setDraft, fairId, setFairId } = useDraft(data.fairs);
  const fair = data.fairs.find((entry) => entry.id === fairId) ?? null;
  const catalog = useCatalog(fairId);
  const refreshCatalog = catalog.refresh;
  const readiness = useOfflineReady(catalogueUrl(fairId), catalog.generatedAt, warmChunks);
  const [view, setView] = useState<View>({ kind: "sell" });
  const [error, setError] = useState<FormError>(null);
  const [sending, setSending] = useState(false);
  const qrAttempt = useRef<{ key: string; clientId: string; soldAt: string } | null>(null);
  const top = useRef<HTMLHeadingElement>(null);

  // The stock the phone believes is left: the snapshot, less what it sold that the snapshot does not know.
  const generatedAt = catalog.generatedAt ? Date.parse(catalog.generatedAt) : 0;
  const sold = useMemo(() => {
    const counts = new Map<number, number>();
    for (const sale of queue.sales) {
      if ((sale.body.fairId ?? null) !== fairId) continue;
      const unknown = sale.state === "pending" || (sale.state === "synced" && (sale.syncedAt ?? 0) > generatedAt);
      if (!unknown) continue;
      for (const item of sale.body.items) counts.set(item.id, (counts.get(item.id) ?? 0) + item.quantity);
    }
    return counts;
  }, [queue.sales, fairId, generatedAt]);
  const books = useMemo(() => new Map(catalog.books.map((book) => [book.id, book])), [catalog.books]);
  const stockOf = useCallback(
    (bookId: number) => {
      const book = books.get(bookId);
      return book ? book.stock - (sold.get(bookId) ?? 0) : null;
    },
    [books, sold],
  );

  // A sale the server answered changes the stock: ask for a fresh snapshot (through the worker, which keeps it).
  const synced = queue.sales.filter((sale) => sale.state === "synced").length;
  useEffect(() => {
    if (synced > 0 && navigator.onLine) refreshCatalog();
  }, [synced, refreshCatalog]);

  const totals = saleTotals(draft.lines, draft.discountPercent);
  const documentNeeded =
    data.identifyFromCents !== null && totals.totalCents >= data.identifyFromCents && !draft.customer.cuit.trim()
      ? documentRequired(data.identifyFromCents / 100)
      : null;
  const pending = queue.sales.filter((sale) => sale.state === "pending").length;
  const failed = queue.sales.filter((sale) => sale.state === "failed").length;

  const setLines = (lines: CartLine[]) => {
    setError(null);
    setDraft((current) => ({ ...current, lines }));
  };
  const add = (book: CatalogBook) => {
    const next = addBook(draft.lines, book);
    if (typeof next === "string") setError({ field: "lines", message: next });
    else setLines(next);
  };
  const startOver = () => {
    setView({ kind: "sell" });
    setError(null);
    top.current?.focus();
  };

  const summaryOf = (cashReceivedCents: number | null): QueuedSale["summary"] => ({
    totalCents: totals.totalCents,
    changeCents: cashReceivedCents === null ? null : cashReceivedCents - totals.totalCents,
    payment: draft.payment,
    copies: totals.copies,
    titles: draft.lines.map((line) => line.title),
    place: fair?.name ?? "Mostrador",
  });

  const newRecord = (body: SaleBody, summary: QueuedSale["summary"]): QueuedSale => ({
    clientId: body.clientId,
    createdAt: Date.now(),
    body,
    summary,
    state: "pending",
    attempts: 0,
    nextAttemptAt: 0,
    waiting: null,
    error: null,
    errorField: null,
    sale: null,
    syncedAt: null,
  });

  /** Mercado Pago's QR is made by the server while the buyer waits: sent at once, never queued. */
  const chargeWithQr = async (body: SaleBody, summary: QueuedSale["summary"]) => {
    let status = 0;
    let answer: unknown = null;
    try {
      const response = await fetch(SALES_API, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      status = response.status;
      answer = await response.json().catch(() => null);
    } catch {
      // no answer
    }
    const outcome = outcomeOf(status, answer as Parameters<typeof outcomeOf>[1]);
    if (outcome.kind === "synced") {
      qrAttempt.current = null;
      const record = {
        ...newRecord(body, summary),
        state: "synced" as const,
        sale: outcome.sale,
        syncedAt: Date.now(),
      };
      await queue.record(record).catch(() => undefined);
      setDraft(emptyDraft(fair?.discountPercent ?? 0));
      setView(
        outcome.sale.status === "pending_payment"
          ? {
              kind: "qr",
              clientId: body.clientId,
              number: outcome.sale.number,
              qrData: outcome.sale.qr?.data ?? null,
              totalCents: summary.totalCents,
            }
          : { kind: "done", clientId: body.clientId },
      );
      return;
    }
    // Mercado Pago could not make the QR: that sale is cancelled on the server (its stock back), so the next
    // try is a new sale with a new clientId, never the dead one again (docs/decisions/0051).
    const failedQr = (answer as { code?: string } | null)?.code === "qr_failed";
    if (failedQr) qrAttempt.current = null;
    const message = failedQr
      ? ((answer as { error?: string }).error ?? "No pudimos generar el QR de Mercado Pago: probá de nuevo")
      : outcome.kind === "auth"
        ? "Tu sesión terminó: iniciá sesión de nuevo para cobrar con QR"
        : outcome.kind === "retry"
          ? "La tienda no respondió: el cobro con QR necesita conexión. Probá de nuevo o cobrá de otra forma"
          : outcome.message;
    const field =
      outcome.kind === "refused" && outcome.field && customerFields.includes(outcome.field) ? outcome.field : "payment";
    setError({ field: field as DraftField, message });
  };

  const charge = async () => {
    setError(null);
    const check = chargeCheck(draft, {
      identifyFromCents: data.identifyFromCents,
      online: queue.online && navigator.onLine,
      documentMessage: (cents) => documentRequired(cents / 100),
    });
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      return;
    }
    const key = JSON.stringify({ draft, fairId });
    // A QR sale tried again unchanged keeps its id: if the first try reached the server, this is its replay.
    const reuse = draft.payment === "mercadopago_qr" && qrAttempt.current?.key === key ? qrAttempt.current : null;
    const clientId = reuse?.clientId ?? newClientId();
    const soldAt = reuse?.soldAt ?? new Date().toISOString();
    const body = saleBody(draft, { clientId, soldAt, fairId, cashReceivedCents: check.cashReceivedCents });
    if (!queue.online || !navigator.onLine) body.offline = true;
    const parsed = saleInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.map(String) ?? [];
      const field = path[0] === "customer" && customerFields.includes(path[1] ?? "") ? path[1] : "payment";
      setError({ field: field as DraftField, message: issue?.message ?? "Revisá los datos de la venta" });
      return;
    }
    const summary = summaryOf(check.cashReceivedCents);
    setSending(true);
    try {
      if (draft.payment === "mercadopago_qr") {
        qrAttempt.current = { key, clientId, soldAt };
        await chargeWithQr(body, summary);
        return;
      }
      await queue.record(newRecord(body, summary));
      setDraft(emptyDraft(fair?.discountPercent ?? 0));
      setView({ kind: "done", clientId });
    } catch {
      setError({
        field: "payment",
        message: "No se pudo guardar la venta en el teléfono: no la entregues todavía y probá de nuevo",
      });
    } finally {
      setSending(false);
    }
  };

  // A new screen (the sale done, the QR waiting, a new sale) starts at the top, where its heading is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of screen only.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [view.kind]);

  const current = view.kind === "sell" ? null : queue.sales.find((sale) => sale.clientId === view.clientId);
  const customerError =
    error && customerFields.includes(error.field) ? (error as { field: CustomerField; message: string }) : null;

  return (
    <div className="pb-40">
      <h1 ref={top} tabIndex={-1} className="font-serif text-3xl font-bold focus:outline-none">
        Vender
      </h1>
      <div className="mt-3">
        <SyncStatus
          online={queue.online}
          readiness={readiness}
          pending={pending}
          failed={failed}
          signInNeeded={queue.signInNeeded}
          storeError={queue.storeError}
          onSync={queue.syncNow}
        />
      </div>

      {view.kind === "done" && current ? (
        <div className="mt-6">
          <SaleDone
            sale={current}
            online={queue.online}
            onNew={startOver}
            onRetry={(body) => void queue.retry(current.clientId, body)}
          />
        </div>
      ) : view.kind === "qr" ? (
        <div className="mt-6">
          <MercadoPagoWait
            number={view.number}
            qrData={view.qrData}
            totalCents={view.totalCents}
            onPaid={() => {
              void queue.markPaid(view.clientId).catch(() => undefined);
              setView({ kind: "done", clientId: view.clientId });
            }}
            onLeave={startOver}
          />
        </div>
      ) : (
        // Not a <form>: Enter in the search box must never charge a sale (and the scanner has its own form).
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <div className="min-w-0 space-y-4">
            {data.fairs.length > 0 ? (
              <div>
                <label htmlFor={`${id}-fair`} className="block font-semibold">
                  Dónde vendés
                </label>
                <select
                  id={`${id}-fair`}
                  value={fairId ?? ""}
                  onChange={(event) => {
                    const next = event.currentTarget.value ? Number(event.currentTarget.value) : null;
                    setFairId(next);
                    const nextFair = data.fairs.find((entry) => entry.id === next);
                    setDraft((currentDraft) => ({ ...currentDraft, discountPercent: nextFair?.discountPercent ?? 0 }));
                  }}
                  className="mt-1 min-h-12 w-full rounded-xl border border-ink/25 bg-white px-3"
                >
                  <option value="">Mostrador de la librería</option>
                  {data.fairs.map((entry) => (
                    <option key={entry.id} value={entry.id}>
                      {entry.name}
                      {entry.place ? ` (${entry.place})` : ""}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <CatalogLine catalog={catalog} />
            <BookSearch
              index={catalog.index}
              books={catalog.books}
              stockOf={stockOf}
              onAdd={add}
              disabled={catalog.status !== "ready"}
            />
            <section aria-labelledby={`${id}-cart`}>
              <h2 id={`${id}-cart`} className="mb-2 text-lg font-semibold">
                Venta
              </h2>
              <SaleCart
                lines={draft.lines}
                onLines={setLines}
                discountPercent={draft.discountPercent}
                onDiscount={(discountPercent) => setDraft((currentDraft) => ({ ...currentDraft, discountPercent }))}
                totals={totals}
                stockOf={stockOf}
              />
            </section>
          </div>
          <div className="min-w-0 space-y-4">
            <PaymentPicker
              payment={draft.payment}
              onPayment={(payment) => {
                setError(null);
                setDraft((currentDraft) => ({ ...currentDraft, payment }));
              }}
              cashReceived={draft.cashReceived}
              onCashReceived={(cashReceived) => setDraft((currentDraft) => ({ ...currentDraft, cashReceived }))}
              totalCents={totals.totalCents}
              online={queue.online}
              bank={data.bank}
            />
            <CustomerFields
              customer={draft.customer}
              onCustomer={(customer) => {
                if (customerError) setError(null);
                setDraft((currentDraft) => ({ ...currentDraft, customer }));
              }}
              error={customerError}
              documentNeeded={documentNeeded}
              issuesFacturaA={data.issuesFacturaA}
            />
          </div>
          <div className="fixed inset-x-0 bottom-0 z-10 border-t border-ink/15 bg-paper/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)]">
            <div className="mx-auto max-w-6xl">
              {error ? (
                <p role="alert" className="mb-2 text-sm font-semibold text-terracotta-dark">
                  {error.message}
                </p>
              ) : null}
              <button
                type="button"
                onClick={() => void charge()}
                disabled={sending || draft.lines.length === 0}
                className="min-h-14 w-full rounded-full bg-moss px-6 text-lg font-bold text-white hover:bg-moss-dark disabled:bg-ink/40"
              >
                {draft.lines.length === 0
                  ? "Agregá libros para cobrar"
                  : sending
                    ? "Cobrando…"
                    : `Cobrar ${formatMoney(totals.totalCents)}`}
              </button>
            </div>
          </div>
        </div>
      )}

      <PhoneSales
        sales={queue.sales}
        onRetry={(clientId, body) => void queue.retry(clientId, body)}
        onDiscard={(clientId) => void queue.discard(clientId)}
      />
      {!data.saleDevice ? (
        <p className="mt-8 text-sm text-ink/75">
          Si este teléfono es el de la venta, marcalo en{" "}
          <Link to="/admin/equipo" className="text-moss underline">
            Equipo
          </Link>{" "}
          para que la sesión no se cierre a los 30 minutos sin uso.
        </p>
      ) : null}
    </div>
  );
}

const clock = (iso: string) =>
  new Intl.DateTimeFormat("es-AR", {
    timeZone: "America/Argentina/Buenos_Aires",
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

function CatalogLine({ catalog }: { catalog: ReturnType<typeof useCatalog> }) {
  if (catalog.status === "loading") return <p className="text-sm text-ink/75">Cargando el catálogo…</p>;
  if (catalog.status === "error") {
    return (
      <p role="alert" className="rounded-lg bg-terracotta/10 p-3 text-sm font-semibold text-terracotta-dark">
        {catalog.error}
      </p>
    );
  }
  return (
    <p className="text-sm text-ink/75">
      {catalog.books.length} libros en el catálogo
      {catalog.generatedAt
        ? catalog.stored
          ? ` · guardado en el teléfono el ${clock(catalog.generatedAt)}`
          : ` · actualizado ${clock(catalog.generatedAt)}`
        : ""}
    </p>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Vender"
      message="No se pudo abrir la página de venta"
      retry={{ href: "/admin/venta", label: "Probá de nuevo" }}
    />
  );
}
