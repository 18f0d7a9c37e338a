import { Link } from "react-router";
import { WithdrawalTable } from "~/components/admin/withdrawals/withdrawal-table";
import { AdminRouteError } from "~/components/layout/route-error";
import { listWithdrawals } from "~/domain/withdrawals/queries.server";
import { isWithdrawalStatus, WITHDRAWAL_LABELS, WITHDRAWAL_STATUSES } from "~/domain/withdrawals/status";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/arrepentimientos";

const PAGE = "/admin/arrepentimientos";

export const meta: Route.MetaFunction = () => [{ title: "Arrepentimientos | Panel Rizoma" }];

/** The withdrawal requests (botón de arrepentimiento), newest first, by state (`?estado=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const wanted = new URL(request.url).searchParams.get("estado");
  const status = isWithdrawalStatus(wanted) ? wanted : null;
  const now = Date.now();
  const { withdrawals, counts } = await listWithdrawals(context.db, { status }, now);
  return {
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

export default function AdminArrepentimientos({ loaderData }: Route.ComponentProps) {
  const { withdrawals, counts, status, now } = loaderData;
  const total = counts.requested + counts.cancelled + counts.refunded;
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl">Arrepentimientos</h1>
      <p className="max-w-3xl text-sm text-ink/80">
        Los pedidos de arrepentimiento del botón de la tienda. Cancelá el pedido y reembolsá desde la página de cada
        pedido; los que llevan más de 24 horas sin respuesta aparecen marcados.
      </p>
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
