import { Link, redirect, useNavigation } from "react-router";
import { BoxWithdrawalTable } from "~/components/admin/withdrawals/box-withdrawal-table";
import { WithdrawalTable } from "~/components/admin/withdrawals/withdrawal-table";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { listBoxWithdrawals } from "~/domain/box/withdrawal-list.server";
import { retryBoxRefund } from "~/domain/box/withdrawal-refund.server";
import { Invalid } from "~/domain/errors";
import { listWithdrawals } from "~/domain/withdrawals/queries.server";
import { isWithdrawalStatus, WITHDRAWAL_LABELS, WITHDRAWAL_STATUSES } from "~/domain/withdrawals/status";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/arrepentimientos";

const PAGE = "/admin/arrepentimientos";

export const meta: Route.MetaFunction = () => [{ title: "Arrepentimientos | Panel Rizoma" }];

const NOTICES: Record<string, NoticeData> = {
  "reembolso-caja": {
    tone: "success",
    title: "Reembolso hecho",
    message: "Mercado Pago devolvió el primer cobro de la suscripción y su factura quedó anulada.",
  },
};

/**
 * The withdrawal requests (botón de arrepentimiento), newest first: the orders' by state (`?estado=`),
 * then the Caja Rizoma subscriptions' with where each refund stands (decision 0052).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const wanted = params.get("estado");
  const status = isWithdrawalStatus(wanted) ? wanted : null;
  const now = Date.now();
  const [{ withdrawals, counts }, boxWithdrawals] = await Promise.all([
    listWithdrawals(context.db, { status }, now),
    listBoxWithdrawals(context.db, now),
  ]);
  return {
    boxWithdrawals,
    notice: NOTICES[params.get("aviso") ?? ""] ?? null,
    withdrawals: withdrawals.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      booksReturnedAt: row.booksReturnedAt?.toISOString() ?? null,
    })),
    counts,
    status,
    now,
  };
}

/**
 * "Reintentar reembolso" of a Caja Rizoma withdrawal whose refund Mercado Pago did not take: the same
 * settle the periodic pass runs (same idempotency key, one refund whatever happens), now; 303 back with a
 * notice, or the failure in words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  return formAction(
    {},
    async () => {
      if (intent !== "box-refund-retry") throw new Invalid("Acción desconocida");
      const id = parseId(String(form.get("withdrawalId") ?? ""));
      if (id === null) throw new Invalid("Arrepentimiento no encontrado");
      await retryBoxRefund(requestContext(context), id);
      return redirect(`${PAGE}?aviso=reembolso-caja#caja`, 303);
    },
    { intent },
  );
}

export default function AdminArrepentimientos({ loaderData, actionData }: Route.ComponentProps) {
  const { withdrawals, counts, status, now, boxWithdrawals, notice } = loaderData;
  const busy = useNavigation().state !== "idle";
  const total = counts.requested + counts.cancelled + counts.refunded;
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl">Arrepentimientos</h1>
      <Notice notice={notice} />
      <Notice notice={failureNotice(actionData, "No se pudo hacer el reembolso")} />
      <p className="max-w-3xl text-sm text-ink/80">
        Los pedidos de arrepentimiento del botón de la tienda. Cancelá el pedido y reembolsá desde la página de cada
        pedido; los que llevan más de 24 horas sin respuesta aparecen marcados. Los de la{" "}
        <a href="#caja" className="font-semibold text-moss underline">
          Caja Rizoma
        </a>{" "}
        están más abajo.
      </p>
      <h2 className="font-serif text-2xl">Pedidos</h2>
      <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
        {[null, ...WITHDRAWAL_STATUSES].map((option) => {
          const active = status === option;
          const count = option ? counts[option] : total;
          return (
            <Link
              key={option ?? "todos"}
              to={option ? `${PAGE}?estado=${option}` : PAGE}
              aria-current={active ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${
                active ? "border-moss bg-moss text-white" : "border-ink/20 text-ink hover:border-moss"
              }`}
            >
              {option ? WITHDRAWAL_LABELS[option] : "Todos"} ({count})
            </Link>
          );
        })}
      </nav>
      {withdrawals.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/80">
          {status ? "No hay arrepentimientos en este estado." : "Todavía no hay pedidos de arrepentimiento."}
        </p>
      ) : (
        <WithdrawalTable withdrawals={withdrawals} now={now} />
      )}
      <section id="caja" aria-labelledby="caja-titulo" className="scroll-mt-4 space-y-3">
        <h2 id="caja-titulo" className="font-serif text-2xl">
          Caja Rizoma ({boxWithdrawals.length})
        </h2>
        <p className="max-w-3xl text-sm text-ink/80">
          La suscripción se cancela sola al pedir el arrepentimiento y el primer cobro se devuelve por Mercado Pago, con
          su factura anulada. Si la caja ya se había enviado o retirado, escribile al suscriptor para coordinar la
          devolución. Un reembolso que Mercado Pago no tomó se reintenta solo cada 10 minutos; también podés
          reintentarlo acá.
        </p>
        {boxWithdrawals.length === 0 ? (
          <p className="rounded-lg bg-white p-6 text-ink/80">Todavía no hay arrepentimientos de la Caja Rizoma.</p>
        ) : (
          <BoxWithdrawalTable withdrawals={boxWithdrawals} now={now} busy={busy} />
        )}
      </section>
    </div>
  );
}

/** The list could not be read (the database is down): said inside the admin, with a way back. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Arrepentimientos"
      message="No se pudieron cargar los arrepentimientos"
      retry={{ href: PAGE, label: "Probá de nuevo" }}
    />
  );
}
