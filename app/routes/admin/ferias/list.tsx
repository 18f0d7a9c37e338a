import { Link, redirect } from "react-router";
import { FairForm } from "~/components/admin/fairs/fair-form";
import { card, cell, copies, FairStatusBadge, fairDates, tableBox } from "~/components/admin/fairs/fair-status";
import { TableHead } from "~/components/admin/table-head";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice } from "~/components/ui/notice";
import { Invalid } from "~/domain/errors";
import { createFair, listFairs, teamMembers } from "~/domain/fairs/fairs.server";
import { fairFormValues } from "~/domain/fairs/input";
import { requireAction, requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/list";

export const meta = () => seoMeta({ title: "Ferias", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const owner = admin.role === "owner";
  const [fairs, team] = await Promise.all([listFairs(context.db), owner ? teamMembers(context.db) : []]);
  return { fairs, owner, team };
}

/** "Nueva feria" (owners): created planned, then its page. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values = fairFormValues(form);
  return formAction(values, async () => {
    if (intent !== "create") throw new Invalid("Acción desconocida");
    requireAction(admin, "admin/ferias", intent);
    const fair = await createFair(context.db, admin, values);
    return redirect(`/admin/ferias/${fair.id}?aviso=creada`, 303);
  });
}

const COLUMNS = [
  "Feria",
  "Fechas",
  "Estado",
  { label: "Descuento", right: true },
  { label: "En la mesa", right: true },
  { label: "Ventas", right: true },
] as const;

export default function AdminFairs({ loaderData, actionData }: Route.ComponentProps) {
  const { fairs, owner, team } = loaderData;
  const failure = failureNotice(actionData, "No se pudo crear la feria");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl">Ferias</h1>
        <p className="mt-1 max-w-3xl text-ink/75">
          Ferias y presentaciones donde la tienda vende en su propia mesa. Lo que se lleva sale del stock de la tienda
          (y de la tienda online) y vuelve al cerrar la feria.
        </p>
      </div>
      {fairs.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/80">Todavía no hay ferias.</p>
      ) : (
        <>
          <ul className="space-y-3 md:hidden">
            {fairs.map((fair) => (
              <li key={fair.id} className="rounded-lg border border-ink/10 bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to={`/admin/ferias/${fair.id}`}
                    className="min-w-0 font-semibold break-words text-moss underline"
                  >
                    {fair.name}
                  </Link>
                  <FairStatusBadge status={fair.status} />
                </div>
                <p className="mt-1 text-sm text-ink/75">
                  {fair.place ? `${fair.place} · ` : ""}
                  {fairDates(fair.startsOn, fair.endsOn)}
                </p>
                <p className="mt-1 text-sm">
                  {fair.discountPercent > 0 ? `${fair.discountPercent}% de descuento · ` : ""}
                  {copies(fair.onTable)} en la mesa · {fair.salesCount} {fair.salesCount === 1 ? "venta" : "ventas"} (
                  {formatMoney(fair.salesCents)})
                </p>
              </li>
            ))}
          </ul>
          <div className={`hidden md:block ${tableBox}`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Ferias: las abiertas primero</caption>
              <TableHead className="border-b border-ink/10 text-ink/80" columns={COLUMNS} />
              <tbody className="divide-y divide-ink/10">
                {fairs.map((fair) => (
                  <tr key={fair.id}>
                    <td className={cell}>
                      <Link to={`/admin/ferias/${fair.id}`} className="font-semibold text-moss underline">
                        {fair.name}
                      </Link>
                      {fair.place ? <span className="block text-xs text-ink/75">{fair.place}</span> : null}
                    </td>
                    <td className={cell}>{fairDates(fair.startsOn, fair.endsOn)}</td>
                    <td className={cell}>
                      <FairStatusBadge status={fair.status} />
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {fair.discountPercent > 0 ? `${fair.discountPercent}%` : "—"}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>{fair.onTable}</td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {formatMoney(fair.salesCents)}
                      <span className="block text-xs text-ink/75">
                        {fair.salesCount} {fair.salesCount === 1 ? "venta" : "ventas"}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {owner ? (
        <section aria-labelledby="nueva-feria" className={card}>
          <h2 id="nueva-feria" className="font-serif text-2xl">
            Nueva feria
          </h2>
          <p className="mt-1 mb-4 text-sm text-ink/75">
            Queda planificada: ya podés llevarle libros. La abrís cuando empieza y la cerrás al volver.
          </p>
          {failure ? (
            <div className="mb-4">
              <Notice notice={failure} />
            </div>
          ) : null}
          <FairForm
            intent="create"
            action="/admin/ferias"
            idPrefix="nueva"
            initial={actionData?.values ?? null}
            errors={actionData?.fields ?? {}}
            team={team}
            submitLabel="Crear feria"
          />
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Ferias"
      message="No se pudieron cargar las ferias"
      retry={{ href: "/admin/ferias", label: "Probá de nuevo" }}
    />
  );
}
