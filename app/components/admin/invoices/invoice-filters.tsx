import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from "~/domain/invoices/status";

/** `/admin/facturas` with a state, a month (null: every month) and a page (page 1 and no state are left out). */
export function invoicesHref(month: string | null, status: InvoiceStatus | null, page = 1): string {
  const query = new URLSearchParams(month ? { mes: month } : {});
  if (status) query.set("estado", status);
  if (page > 1) query.set("pagina", String(page));
  return `/admin/facturas?${query}`;
}

/** The month picker (a GET form: works without JavaScript), the month's CSV, and the states with their counts. */
export function InvoiceFilters({
  month,
  everyMonth,
  monthName,
  status,
  counts,
}: {
  month: string;
  /** The list shows one state of every month (the dashboard's link): the state links keep it so. */
  everyMonth: boolean;
  monthName: string;
  status: InvoiceStatus | null;
  counts: Record<InvoiceStatus, number>;
}) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          {status ? <input type="hidden" name="estado" value={status} /> : null}
          <label className="block text-sm font-semibold">
            Mes
            <input
              type="month"
              name="mes"
              defaultValue={month}
              required
              className="mt-1 block rounded-md border border-ink/25 bg-white px-3 py-2 font-normal"
            />
          </label>
          <button
            type="submit"
            className="rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
          >
            Ver el mes
          </button>
        </Form>
        <a
          href={`/admin/facturas/exportar?mes=${month}`}
          download
          className="inline-flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          <Download aria-hidden="true" className="size-4" /> Descargar CSV del mes
        </a>
      </div>
      {everyMonth ? <p className="text-sm text-ink/80">Mostrando los comprobantes de todos los meses.</p> : null}
      <nav aria-label={`Filtrar por estado (${monthName})`} className="flex flex-wrap gap-2">
        {[null, ...INVOICE_STATUSES].map((option) => {
          const active = status === option;
          return (
            <Link
              key={option ?? "todas"}
              to={invoicesHref(everyMonth && option ? null : month, option)}
              aria-current={active ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${
                active ? "border-moss bg-moss text-white" : "border-ink/20 text-ink hover:border-moss"
              }`}
            >
              {option ? INVOICE_STATUS_LABELS[option] : "Todas"} ({option ? counts[option] : total})
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
