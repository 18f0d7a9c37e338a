import { AuditFiltersForm } from "~/components/admin/audit/audit-filters";
import { AuditList } from "~/components/admin/audit/audit-list";
import { AdminPagination } from "~/components/admin/pagination";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice } from "~/components/ui/notice";
import { auditQuery, parseAuditFilters } from "~/domain/audit/filters";
import { auditEmails, listAudit } from "~/domain/audit/list.server";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/auditoria";

export const meta: Route.MetaFunction = () => [{ title: "Auditoría | Panel Rizoma" }];

/**
 * The audit log: every admin write, sign-in and export, newest first, filtered by who, what kind and which
 * Buenos Aires days (`?email=&grupo=&desde=&hasta=&pagina=`). A value it cannot use is left out with a
 * notice, never an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const emails = await auditEmails(context.db);
  const { filters, notices } = parseAuditFilters(new URL(request.url).searchParams, emails);
  const { rows, total, page, pages } = await listAudit(context.db, filters);
  return {
    emails,
    filters: { ...filters, page },
    notices,
    total,
    pages,
    rows: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}

export default function AdminAuditoria({ loaderData }: Route.ComponentProps) {
  const { emails, filters, notices, total, pages, rows } = loaderData;
  const filtered = Boolean(filters.email || filters.group || filters.from || filters.to);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Auditoría</h1>
        <p className="mt-1 max-w-3xl text-ink/75">
          Quién hizo qué en el panel, cuándo y desde dónde: cada cambio, cada ingreso y cada exportación de datos. Las
          horas son de Buenos Aires.
        </p>
      </div>
      {notices.length > 0 ? (
        <Notice
          notice={{
            tone: "error",
            title: notices.length === 1 ? "Dejamos de lado un filtro" : "Dejamos de lado algunos filtros",
            message: notices.join(" "),
          }}
        />
      ) : null}
      <AuditFiltersForm filters={filters} emails={emails} />
      <p className="text-sm text-ink/80" aria-live="polite">
        {total === 0
          ? filtered
            ? "No hay movimientos con estos filtros."
            : "Todavía no hay movimientos registrados."
          : `${total.toLocaleString("es-AR")} ${total === 1 ? "movimiento" : "movimientos"}${filtered ? " con estos filtros" : ""}.`}
      </p>
      {rows.length > 0 ? <AuditList rows={rows} /> : null}
      <AdminPagination
        page={filters.page}
        pages={pages}
        href={(to) => `/admin/auditoria${auditQuery({ ...filters, page: to })}`}
      />
    </div>
  );
}

/** The log could not be read (the database is down): said inside the admin, with a way back. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Auditoría"
      message="No se pudo cargar el registro de auditoría"
      retry={{ href: "/admin/auditoria", label: "Probá de nuevo" }}
    />
  );
}
