import { redirect } from "react-router";
import { CashCount, type CashCountValues } from "~/components/admin/closing/cash-count";
import { ClosingPicker } from "~/components/admin/closing/closing-picker";
import { ClosingTotals } from "~/components/admin/closing/closing-totals";
import { FlaggedSales } from "~/components/admin/closing/flagged-sales";
import { SellersDay } from "~/components/admin/closing/sellers-day";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { closeCash, closingFormSchema, closingPlaceSchema, reopenCash } from "~/domain/closings/close.server";
import { flaggedForReview, reviewFlaggedSale } from "~/domain/closings/flagged.server";
import { COUNTER, closingHref, placeParam } from "~/domain/closings/place";
import { closingDay, placesOfDay } from "~/domain/closings/summary.server";
import { Invalid, NotFound } from "~/domain/errors";
import { receiptLinks } from "~/domain/sales/receipt-links.server";
import { requireAction, requireAdmin } from "~/lib/admin.server";
import { longDate, todayInBuenosAires } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/cierre";

const PATTERN = "admin/cierre";

/** Results of a change, carried in the URL after the redirect so a reload does not repeat it. */
const NOTICES: Record<string, NoticeData> = {
  cerrada: { tone: "success", title: "Caja cerrada", message: "El cierre quedó guardado." },
  reabierta: { tone: "success", title: "Caja reabierta", message: "Ya se puede cerrar de nuevo." },
  revisada: { tone: "success", title: "Venta revisada" },
};

const FAILURE_TITLES: Record<string, string> = {
  close: "No se pudo cerrar la caja",
  reopen: "No se pudo reabrir la caja",
  reviewed: "No se pudo marcar la venta como revisada",
};

/**
 * /admin/cierre?fecha=YYYY-MM-DD&lugar=local|feria-N: the cierre de caja of the counter or a fair for a
 * Buenos Aires day (today by default). "Calcular diferencia" sends the form here as a GET (&inicial=&contado=
 * &nota=), so the difference is shown without JavaScript too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const today = todayInBuenosAires();
  const asked = closingPlaceSchema.safeParse({ fecha: params.get("fecha") ?? today, lugar: params.get("lugar") ?? "" });
  let problem = asked.success ? null : (asked.error.issues[0]?.message ?? null);
  const day = asked.success ? asked.data.fecha : today;
  let place = asked.success ? asked.data.lugar : COUNTER;
  const summary = await closingDay(context.db, day, place).catch(async (error) => {
    if (!(error instanceof NotFound)) throw error;
    problem = error.message;
    place = COUNTER;
    return closingDay(context.db, day, place);
  });
  const [fairsOfDay, flagged] = await Promise.all([placesOfDay(context.db, day), flaggedForReview(context.db)]);
  const numbers = [...summary.sellers.flatMap((seller) => seller.sales), ...summary.pendingQr, ...flagged].map(
    (sale) => sale.number,
  );
  const links = await receiptLinks(context.db, requestContext(context), numbers);
  const values: CashCountValues = {
    inicial: params.get("inicial") ?? "",
    contado: params.get("contado") ?? "",
    nota: params.get("nota") ?? "",
  };
  return {
    day,
    today,
    placeKey: placeParam(place),
    places: [
      { value: "local", label: "El local" },
      ...fairsOfDay.map((fair) => ({ value: `feria-${fair.fairId}`, label: `Feria: ${fair.name}` })),
    ],
    summary,
    receipts: Object.fromEntries(numbers.map((number) => [number, links[number]?.path ?? ""])),
    flagged: flagged.map((sale) => ({ ...sale, receiptUrl: links[sale.number]?.path ?? "" })),
    owner: admin.role === "owner",
    values,
    problem,
    notice: NOTICES[params.get("aviso") ?? ""] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const values: CashCountValues = { inicial: text("inicial"), contado: text("contado"), nota: text("nota") };
  const work = async () => {
    requireAction(admin, PATTERN, intent);
    if (intent === "close") {
      const input = closingFormSchema.parse({ fecha: text("fecha"), lugar: text("lugar"), ...values });
      await closeCash(context.db, admin, input);
      return redirect(closingHref(input.fecha, input.lugar, { aviso: "cerrada" }), 303);
    }
    const { fecha, lugar } = closingPlaceSchema.parse({ fecha: text("fecha"), lugar: text("lugar") });
    if (intent === "reopen") {
      await reopenCash(context.db, admin, fecha, lugar);
      return redirect(closingHref(fecha, lugar, { aviso: "reabierta" }), 303);
    }
    if (intent === "reviewed") {
      await reviewFlaggedSale(context.db, admin, text("venta"));
      return redirect(closingHref(fecha, lugar, { aviso: "revisada" }, "#sin-stock"), 303);
    }
    throw new Invalid("Acción desconocida");
  };
  return formAction(values, work, { intent });
}

export const meta = () => seoMeta({ title: "Cierre de caja", noIndex: true });

export default function AdminCierre({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, day, placeKey, owner } = loaderData;
  const failed = actionData?.intent === "close" ? actionData : undefined;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl">Cierre de caja</h1>
        <p className="mt-1 text-ink/75">
          {summary.placeName}, {longDate(day)}
          {day === loaderData.today ? " (hoy)" : ""}.
        </p>
      </div>
      <ClosingPicker day={day} today={loaderData.today} placeKey={placeKey} places={loaderData.places} />
      {loaderData.problem ? (
        <p role="alert" className="rounded-lg border border-terracotta/40 bg-terracotta/10 p-4 text-terracotta-dark">
          {loaderData.problem} Te mostramos el local, {day === loaderData.today ? "hoy" : longDate(day)}.
        </p>
      ) : null}
      <div className="print:hidden">
        <Notice
          notice={
            failureNotice(actionData, FAILURE_TITLES[actionData?.intent ?? ""] ?? "No se pudo guardar el cambio") ??
            loaderData.notice
          }
        />
      </div>
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <ClosingTotals summary={summary} />
        <CashCount
          // A new day or place starts an empty count.
          key={`${day}-${placeKey}`}
          summary={summary}
          placeKey={placeKey}
          owner={owner}
          values={failed?.values ?? loaderData.values}
          errors={failed?.fields ?? {}}
        />
      </div>
      <SellersDay summary={summary} receipts={loaderData.receipts} />
      <FlaggedSales flagged={loaderData.flagged} hidden={{ fecha: day, lugar: placeKey }} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Cierre de caja"
      message="No pudimos armar el cierre de caja. Probá de nuevo en unos minutos."
      retry={{ href: "/admin/cierre", label: "Volver a intentar" }}
    />
  );
}
