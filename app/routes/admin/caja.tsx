import { useState } from "react";
import { useNavigation } from "react-router";
import { BoxPickups } from "~/components/admin/caja/box-pickups";
import { BulkEmail } from "~/components/admin/caja/bulk-email";
import { type CajaTab, CajaTabs } from "~/components/admin/caja/caja-tabs";
import { PlanEditor } from "~/components/admin/caja/plan-editor";
import { SubscriptionDetailDialog } from "~/components/admin/caja/subscription-detail-dialog";
import { SubscriptionFilters } from "~/components/admin/caja/subscription-filters";
import { SubscriptionStats } from "~/components/admin/caja/subscription-stats";
import { SubscriptionTable } from "~/components/admin/caja/subscription-table";
import { useAutoRefresh } from "~/components/admin/caja/use-auto-refresh";
import { useSubscriptionDetail } from "~/components/admin/caja/use-subscription-detail";
import { BoxShipping } from "~/components/admin/shipping/box-shipping";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { boxPickupsOf, recordBoxPickup } from "~/domain/box/pickups.server";
import { SUBSCRIPTION_STATUSES } from "~/domain/box/plans";
import { listPlans } from "~/domain/box/plans.server";
import { boxStats, listSubscriptions, subscriptionJson } from "~/domain/box/subscriptions.server";
import { Invalid } from "~/domain/errors";
import {
  boxShipmentsSummary,
  createBoxShipments,
  currentPeriod,
  periodLabel,
} from "~/domain/shipping/box-shipments.server";
import { boxesOutcome } from "~/domain/shipping/outcome";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/caja";

export const meta: Route.MetaFunction = () => [{ title: "Caja Rizoma | Panel Rizoma" }];

/**
 * Stats, subscriptions (with the search and status filter from the URL), plans, this month's parcels and
 * pickups at the shop; refetched every 30 s.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const status = SUBSCRIPTION_STATUSES.find((s) => s === params.get("estado")) ?? null;
  const search = (params.get("buscar") ?? "").slice(0, 100);
  const period = currentPeriod();
  const [stats, rows, plans, shipping, pickupRows] = await Promise.all([
    boxStats(context.db),
    listSubscriptions(context.db, { search, status }),
    listPlans(context.db),
    boxShipmentsSummary(context.db, period),
    boxPickupsOf(context.db, period),
  ]);
  const pickups = { period, label: periodLabel(period), rows: pickupRows };
  return { stats, subscriptions: rows.map(subscriptionJson), plans, filters: { search, status }, shipping, pickups };
}

/**
 * Plain form posts: "Crear envíos de la caja" (this month's boxes to the door, at the default carrier) and
 * "Entregada" (a box handed over at the shop: `box-pickup`, the subscription and its month).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  return formAction(
    {},
    async () => {
      if (intent === "box-pickup") {
        const id = parseId(String(form.get("subscriptionId") ?? ""));
        if (id === null) throw new Invalid("Suscripción no encontrada");
        const period = String(form.get("period") ?? "");
        const { created } = await recordBoxPickup(context.db, admin, id, period);
        const notice: NoticeData = {
          tone: "success",
          title: "Caja entregada",
          message: created
            ? `Quedó registrada la entrega de la caja de ${periodLabel(period)}.`
            : "Esa caja ya estaba registrada como entregada.",
        };
        return { pickup: notice };
      }
      if (intent !== "create-box-shipments") throw new Invalid("Acción desconocida");
      const result = await createBoxShipments(requestContext(context), admin, currentPeriod());
      return { shipments: boxesOutcome(result) };
    },
    { intent },
  );
}

const REFRESH_MS = 30_000;

export default function AdminCaja({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, subscriptions, plans, filters, shipping, pickups } = loaderData;
  const busy = useNavigation().state !== "idle";
  const revalidator = useAutoRefresh(REFRESH_MS);
  const [tab, setTab] = useState<CajaTab>("suscripciones");
  const detail = useSubscriptionDetail();

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-ink">Caja Rizoma</h1>
      <SubscriptionStats stats={stats} />
      <Notice
        notice={
          actionData && "message" in actionData
            ? failureNotice(
                actionData,
                actionData.intent === "box-pickup" ? "Entrega en la librería" : "Envíos de la caja",
              )
            : null
        }
      />
      <Notice notice={actionData && "pickup" in actionData ? actionData.pickup : null} />
      <BoxShipping
        summary={shipping}
        outcome={actionData && "shipments" in actionData ? (actionData.shipments ?? null) : null}
        busy={busy}
      />
      <BoxPickups pickups={pickups} busy={busy} />
      <CajaTabs tab={tab} onSelect={setTab} />

      {tab === "suscripciones" ? (
        <section id="panel-suscripciones" role="tabpanel" aria-labelledby="tab-suscripciones" className="space-y-4">
          <SubscriptionFilters filters={filters} />
          <SubscriptionTable
            subscriptions={subscriptions}
            onShowDetail={detail.show}
            onChangeStatus={detail.changeStatus}
          />
        </section>
      ) : (
        <section id="panel-comunicaciones" role="tabpanel" aria-labelledby="tab-comunicaciones">
          <BulkEmail active={stats.activeSubscriptions} />
        </section>
      )}

      <PlanEditor plans={plans} onSaved={() => revalidator.revalidate()} />
      <SubscriptionDetailDialog
        dialogRef={detail.dialogRef}
        subscription={detail.shown}
        onClose={detail.closed}
        onChangeStatus={detail.changeStatus}
      />
    </div>
  );
}
