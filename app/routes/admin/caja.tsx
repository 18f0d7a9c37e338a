import { useEffect, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { periodText, STATUS_LABELS, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "~/domain/box/plans";
import { listPlans } from "~/domain/box/plans.server";
import {
  type AdminSubscriptionAction,
  SUBSCRIPTION_ACTIONS,
  subscriptionActions,
} from "~/domain/box/subscription-actions";
import { boxStats, listSubscriptions, subscriptionJson } from "~/domain/box/subscriptions.server";
import { requireAdmin } from "~/lib/admin.server";
import { shortDate } from "~/lib/dates";
import { formatMoney, formatMoneyInput, fromPesos } from "~/lib/money";
import { sendJson } from "~/lib/send-json";
import type { Route } from "./+types/caja";

export const meta: Route.MetaFunction = () => [{ title: "Caja Rizoma | Panel Rizoma" }];

/** Stats, subscriptions (with the search and status filter from the URL) and plans; refetched every 30 s. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const status = SUBSCRIPTION_STATUSES.find((s) => s === params.get("estado")) ?? null;
  const search = (params.get("buscar") ?? "").slice(0, 100);
  const [stats, rows, plans] = await Promise.all([
    boxStats(context.db),
    listSubscriptions(context.db, { search, status }),
    listPlans(context.db),
  ]);
  return { stats, subscriptions: rows.map(subscriptionJson), plans, filters: { search, status } };
}

const REFRESH_MS = 30_000;
const BADGE: Record<SubscriptionStatus, string> = {
  active: "bg-green-100 text-green-900",
  pending: "bg-yellow-100 text-yellow-900",
  paused: "bg-orange-100 text-orange-900",
  cancelled: "bg-red-100 text-red-900",
};
const PLAN_LABEL: Record<string, string> = { monthly: "Mensual", quarterly: "Trimestral", semiannual: "Semestral" };
const boxDate = (iso: string | null) => (iso ? shortDate(iso) : "Sin caja asignada");

type Subscription = ReturnType<typeof subscriptionJson>;

export default function AdminCaja({ loaderData }: Route.ComponentProps) {
  const { stats, subscriptions, plans, filters } = loaderData;
  const revalidator = useRevalidator();
  const [tab, setTab] = useState<"suscripciones" | "comunicaciones">("suscripciones");
  const [detail, setDetail] = useState<Subscription | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  async function changeStatus(subscription: Subscription, status: "paused" | "active") {
    const result = await sendJson(`/api/caja/subscriptions/${subscription.id}/status`, "PATCH", { status });
    if (result.ok) {
      toast({ title: "Listo", description: "Estado actualizado correctamente" });
      setDetail((current) => (current?.id === subscription.id ? { ...current, status } : current));
      await revalidator.revalidate();
    } else {
      // The spec's message, followed by the server's reason when it gave one.
      const description = result.error ? `Error al actualizar estado: ${result.error}` : "Error al actualizar estado";
      toast({ title: "Error", description, variant: "destructive" });
    }
  }

  const cards = [
    ["Total", stats.totalSubscriptions],
    ["Activas", stats.activeSubscriptions],
    ["Pendientes", stats.pendingSubscriptions],
    ["Pausadas", stats.pausedSubscriptions],
    ["Ingreso mensual", formatMoney(stats.monthlyRevenueCents)],
  ] as const;

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-ink">Caja Rizoma</h1>
      <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Resumen de suscripciones">
        {cards.map(([label, value]) => (
          <li key={label} className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
            <p className="text-sm text-ink/75">{label}</p>
            <p className="mt-1 text-2xl font-bold text-ink" data-testid={`stat-${label}`}>
              {value}
            </p>
          </li>
        ))}
      </ul>

      <div role="tablist" aria-label="Caja Rizoma" className="flex gap-2 border-b border-ink/15">
        {(
          [
            ["suscripciones", "Suscripciones"],
            ["comunicaciones", "Comunicaciones"],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            onClick={() => setTab(id)}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold ${tab === id ? "border-moss text-moss" : "border-transparent text-ink/75"}`}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === "suscripciones" ? (
        <section id="panel-suscripciones" role="tabpanel" aria-labelledby="tab-suscripciones" className="space-y-4">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="buscar" className="block text-sm font-semibold text-ink">
                Buscar
              </label>
              <input
                id="buscar"
                name="buscar"
                defaultValue={filters.search}
                placeholder="Nombre o email"
                className="mt-1 rounded-lg border border-ink/30 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="estado" className="block text-sm font-semibold text-ink">
                Estado
              </label>
              <select
                id="estado"
                name="estado"
                defaultValue={filters.status ?? ""}
                className="mt-1 rounded-lg border border-ink/30 px-3 py-2"
              >
                <option value="">Todos</option>
                {SUBSCRIPTION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="rounded-lg bg-moss px-4 py-2 font-semibold text-white">
              Filtrar
            </button>
          </Form>
          {subscriptions.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-ink/80 ring-1 ring-ink/10">No hay suscripciones para mostrar.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-ink/10">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Suscripciones a la Caja Rizoma</caption>
                <thead className="bg-cream text-ink">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Suscriptor
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Plan
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Estado
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Próxima caja
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {subscriptions.map((s) => (
                    <tr key={s.id} className="border-t border-ink/10" data-testid={`suscripcion-${s.id}`}>
                      <td className="px-3 py-2">
                        <p className="font-semibold text-ink">
                          {s.firstName} {s.lastName}
                        </p>
                        <p className="text-ink/75">{s.email}</p>
                      </td>
                      <td className="px-3 py-2">
                        {PLAN_LABEL[s.planType] ?? s.planType} · {formatMoney(fromPesos(s.price))}
                      </td>
                      <td className="px-3 py-2">
                        <StatusBadge status={s.status} />
                      </td>
                      <td className="px-3 py-2">{boxDate(s.nextBoxDate)}</td>
                      <td className="px-3 py-2">
                        <div className="flex flex-wrap justify-end gap-2">
                          <button
                            type="button"
                            onClick={() => {
                              setDetail(s);
                              dialogRef.current?.showModal();
                            }}
                            className="rounded-lg border border-ink/30 px-3 py-1.5 font-semibold"
                            aria-label={`Ver detalle de ${s.firstName} ${s.lastName}`}
                          >
                            Ver detalle
                          </button>
                          <StatusButton subscription={s} onChange={changeStatus} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : (
        <section id="panel-comunicaciones" role="tabpanel" aria-labelledby="tab-comunicaciones">
          <BulkEmail active={stats.activeSubscriptions} />
        </section>
      )}

      <PlanEditor plans={plans} onSaved={() => revalidator.revalidate()} />

      <dialog
        ref={dialogRef}
        aria-labelledby="detalle-titulo"
        onClose={() => setDetail(null)}
        className="m-auto w-[min(36rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/60"
      >
        {detail ? (
          <div>
            <h2 id="detalle-titulo" className="font-serif text-2xl">
              {detail.firstName} {detail.lastName}
            </h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold">Estado</dt>
              <dd>
                <StatusBadge status={detail.status} />
              </dd>
              <dt className="font-semibold">Plan</dt>
              <dd>
                {PLAN_LABEL[detail.planType] ?? detail.planType} · {formatMoney(fromPesos(detail.price))}
              </dd>
              <dt className="font-semibold">Email</dt>
              <dd>{detail.email}</dd>
              <dt className="font-semibold">WhatsApp</dt>
              <dd>{detail.whatsapp}</dd>
              <dt className="font-semibold">Entrega</dt>
              <dd>
                {detail.deliveryMethod === "pickup"
                  ? `Retiro${detail.pickupLocation ? `: ${detail.pickupLocation}` : ""}`
                  : [detail.address, detail.city, detail.state, detail.zipCode].filter(Boolean).join(", ")}
              </dd>
              <dt className="font-semibold">Envío</dt>
              <dd>{detail.shippingCost ? `${formatMoney(fromPesos(detail.shippingCost))} por caja` : "Incluido"}</dd>
              <dt className="font-semibold">Alta</dt>
              <dd>{shortDate(detail.createdAt)}</dd>
              <dt className="font-semibold">Próxima caja</dt>
              <dd>{boxDate(detail.nextBoxDate)}</dd>
            </dl>
            <div className="mt-6 flex justify-end gap-2">
              <StatusButton subscription={detail} onChange={changeStatus} />
              <button
                type="button"
                onClick={() => dialogRef.current?.close()}
                className="rounded-lg border border-ink/30 px-3 py-1.5 font-semibold"
              >
                Cerrar
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </div>
  );
}

function StatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ${BADGE[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

function StatusButton({
  subscription,
  onChange,
}: {
  subscription: Subscription;
  onChange: (s: Subscription, status: "paused" | "active") => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      {subscriptionActions(subscription, "admin").map((action) => (
        <button
          key={action}
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onChange(subscription, SUBSCRIPTION_ACTIONS[action].to);
            setBusy(false);
          }}
          aria-label={`${ADMIN_BUTTONS[action].label} la suscripción de ${subscription.firstName} ${subscription.lastName}`}
          className={`rounded-lg px-3 py-1.5 font-semibold text-white disabled:opacity-70 ${ADMIN_BUTTONS[action].colour}`}
        >
          {ADMIN_BUTTONS[action].label}
        </button>
      ))}
    </>
  );
}

/** The admin's button for each action a subscription's status allows it (subscriptionActions). */
const ADMIN_BUTTONS: Record<AdminSubscriptionAction, { label: string; colour: string }> = {
  pause: { label: "Pausar", colour: "bg-orange-800" },
  reactivate: { label: "Reactivar", colour: "bg-moss" },
};

function BulkEmail({ active }: { active: number }) {
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [sending, setSending] = useState(false);
  const [campaign, setCampaign] = useState<string | null>(null);
  const ready = subject.trim() !== "" && content.trim() !== "";

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || sending) return;
    setSending(true);
    setCampaign(null);
    try {
      const response = await fetch("/api/caja/bulk-email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ subject, content }),
      });
      const answer = (await response.json().catch(() => ({}))) as { queued?: number; campaign?: string };
      if (!response.ok) throw new Error("bulk email failed");
      toast({ title: "Listo", description: "Emails enviados correctamente" });
      setCampaign(answer.queued ? (answer.campaign ?? null) : null);
      setSubject("");
      setContent("");
    } catch {
      toast({ title: "Error", description: "Error al enviar emails", variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-ink/10">
      <h2 className="text-xl font-semibold text-ink">Email a suscriptores activos</h2>
      <p className="text-sm text-ink/80">Se envía a las {active} suscripciones activas.</p>
      <div>
        <label htmlFor="bulk-subject" className="block font-semibold text-ink">
          Asunto
        </label>
        <input
          id="bulk-subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          maxLength={200}
          className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor="bulk-content" className="block font-semibold text-ink">
          Contenido
        </label>
        <textarea
          id="bulk-content"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={8}
          className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={!ready || sending}
        className="rounded-full bg-moss px-6 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {sending ? "Enviando..." : "Enviar email"}
      </button>
      {campaign ? <BulkProgress campaign={campaign} /> : null}
    </form>
  );
}

interface Progress {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

/** Follows one bulk send while the mail worker delivers it (polled every second until nothing is left). */
function BulkProgress({ campaign }: { campaign: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const response = await fetch(`/api/caja/bulk-email/${campaign}`);
        const body = (await response.json()) as { progress?: Progress };
        if (stopped || !body.progress) return;
        setProgress(body.progress);
        if (body.progress.queued + body.progress.sending === 0) return;
      } catch {
        // A failed poll just waits for the next one.
      }
      if (!stopped) timer = setTimeout(poll, 1000);
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [campaign]);

  if (!progress) return <p className="text-sm text-ink/80">Preparando el envío…</p>;
  const done = progress.sent + progress.failed;
  const finished = progress.queued + progress.sending === 0;
  return (
    <div className="space-y-2" data-testid="bulk-progress">
      <progress max={progress.total} value={done} className="h-2 w-full accent-moss" aria-label="Avance del envío" />
      <p role="status" className="text-sm text-ink">
        {finished
          ? `Envío terminado: ${progress.sent} ${progress.sent === 1 ? "enviado" : "enviados"}${progress.failed ? `, ${progress.failed} ${progress.failed === 1 ? "fallido" : "fallidos"}` : ""} de ${progress.total}.`
          : `Enviando: ${done} de ${progress.total}.`}{" "}
        <a
          href={progress.failed ? "/admin/correos?estado=failed" : "/admin/correos"}
          className="font-semibold text-moss underline"
        >
          Ver correos
        </a>
      </p>
    </div>
  );
}

type Plan = Route.ComponentProps["loaderData"]["plans"][number];

function PlanEditor({ plans, onSaved }: { plans: Plan[]; onSaved: () => void }) {
  return (
    <section aria-labelledby="planes-titulo" className="space-y-3">
      <h2 id="planes-titulo" className="text-xl font-semibold text-ink">
        Planes y precios
      </h2>
      <p className="text-sm text-ink/80">
        Estos precios son los únicos de la caja en todo el sitio. Cada suscripción conserva el precio al que se vendió.
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanForm key={plan.id} plan={plan} onSaved={onSaved} />
        ))}
      </div>
    </section>
  );
}

function PlanForm({ plan, onSaved }: { plan: Plan; onSaved: () => void }) {
  const [saving, setSaving] = useState(false);
  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    const result = await sendJson(`/api/admin/caja/plans/${plan.id}`, "PUT", {
      price: String(form.get("price") ?? ""),
      originalPrice: String(form.get("originalPrice") ?? ""),
      active: form.get("active") === "on",
    });
    setSaving(false);
    if (result.ok) {
      toast({ title: "Listo", description: `Plan ${plan.label} actualizado` });
      onSaved();
    } else {
      toast({ title: "Error", description: result.error ?? "No se pudo guardar el plan", variant: "destructive" });
    }
  }
  const id = (name: string) => `plan-${plan.id}-${name}`;
  return (
    <form onSubmit={save} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-ink/10">
      <h3 className="font-semibold text-ink">
        {plan.label} <span className="font-normal text-ink/75">({periodText(plan.frequencyMonths)})</span>
      </h3>
      <div>
        <label htmlFor={id("price")} className="block text-sm font-semibold">
          Precio (pesos)
        </label>
        <input
          id={id("price")}
          name="price"
          inputMode="decimal"
          defaultValue={formatMoneyInput(plan.priceCents)}
          className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor={id("originalPrice")} className="block text-sm font-semibold">
          Precio original tachado (opcional)
        </label>
        <input
          id={id("originalPrice")}
          name="originalPrice"
          inputMode="decimal"
          defaultValue={plan.originalPriceCents ? formatMoneyInput(plan.originalPriceCents) : ""}
          className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={plan.active} className="size-4 accent-moss" /> A la venta
      </label>
      <button
        type="submit"
        disabled={saving}
        className="rounded-lg bg-moss px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {saving ? "Guardando..." : "Guardar"}
      </button>
    </form>
  );
}
