import { PackageSearch } from "lucide-react";
import { Link } from "react-router";
import { BusinessReports } from "~/components/admin/reports/business-reports";
import { RangeForm } from "~/components/admin/reports/range-form";
import { SalesReports } from "~/components/admin/reports/sales-reports";
import { AdminRouteError } from "~/components/layout/route-error";
import { CHANNEL_LABELS } from "~/domain/reports/channels";
import { parseRange, rangePresets, rangeQuery } from "~/domain/reports/range";
import { reports } from "~/domain/reports/reports.server";
import { requireAdmin } from "~/lib/admin.server";
import { numericDate } from "~/lib/dates";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/reportes";

const REPORTS_PAGE = "/admin/reportes";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { range, problem } = parseRange(new URL(request.url).searchParams);
  return { range, problem, presets: rangePresets(), data: await reports(context.db, range) };
}

export const meta = () => seoMeta({ title: "Reportes", noIndex: true });

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { range, problem, presets, data } = loaderData;
  const csv = (name: string) => `${REPORTS_PAGE}/exportar?informe=${name}&${rangeQuery(range)}`;
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl">Reportes</h1>
          <p className="mt-1 text-ink/75">
            Cómo vienen las ventas, la Caja Rizoma, los gastos y el stock, del {numericDate(range.from)} al{" "}
            {numericDate(range.to)}.
          </p>
        </div>
        <Link
          to={`${REPORTS_PAGE}/reposicion`}
          className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
        >
          <PackageSearch aria-hidden="true" className="size-4" />
          Reposición
        </Link>
      </div>
      <RangeForm range={range} presets={presets} path={REPORTS_PAGE} />
      {range.channel ? (
        <p className="rounded-lg border border-ochre/40 bg-ochre/10 p-4 text-sm">
          Estás viendo solo las ventas {CHANNEL_LABELS[range.channel].toLowerCase()} en ventas, canales, libros,
          autores, categorías y descuentos. El margen, la Caja Rizoma y el stock cuentan siempre todos los canales.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg border border-terracotta/40 bg-terracotta/10 p-4 text-terracotta-dark">
          {problem} Te mostramos este mes.
        </p>
      ) : null}
      <SalesReports data={data} range={range} csv={csv} />
      <BusinessReports data={data} csv={csv} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Reportes"
      message="No pudimos armar los reportes. Probá de nuevo en unos minutos."
      retry={{ href: REPORTS_PAGE, label: "Volver a intentar" }}
    />
  );
}
