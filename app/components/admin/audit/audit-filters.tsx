import { Form, Link } from "react-router";
import { AUDIT_GROUP_OPTIONS, type AuditFilters } from "~/domain/audit/filters";

const field = "mt-1 block w-full rounded-md border border-ink/25 bg-white px-3 py-2 font-normal";

/**
 * Who, what kind and which days: a GET form (works without JavaScript); every filter lives in the URL, so
 * a search of the log can be shared or reloaded as it is. Page 1 on every search.
 */
export function AuditFiltersForm({ filters, emails }: { filters: AuditFilters; emails: string[] }) {
  const filtered = Boolean(filters.email || filters.group || filters.from || filters.to);
  return (
    <Form
      method="get"
      aria-label="Filtrar el registro"
      className="grid gap-3 rounded-lg bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end"
    >
      <label className="block min-w-0 text-sm font-semibold">
        Quién
        <select name="email" defaultValue={filters.email ?? ""} className={field}>
          <option value="">Todo el equipo</option>
          {emails.map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
        </select>
      </label>
      <label className="block min-w-0 text-sm font-semibold">
        Qué
        <select name="grupo" defaultValue={filters.group ?? ""} className={field}>
          <option value="">Todos los movimientos</option>
          {AUDIT_GROUP_OPTIONS.map((group) => (
            <option key={group.id} value={group.id}>
              {group.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block min-w-0 text-sm font-semibold">
        Desde
        <input type="date" name="desde" defaultValue={filters.from ?? ""} className={field} />
      </label>
      <label className="block min-w-0 text-sm font-semibold">
        Hasta
        <input type="date" name="hasta" defaultValue={filters.to ?? ""} className={field} />
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-1">
        <button
          type="submit"
          className="rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          Filtrar
        </button>
        {filtered ? (
          <Link to="/admin/auditoria" className="text-sm underline">
            Ver todo
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
