import { Download, RotateCcw } from "lucide-react";
import { Form, Link } from "react-router";
import { TableHead } from "~/components/admin/table-head";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "~/domain/invoices/status";
import { dayMonthTime, numericDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/** One voucher as the list page shows it (built by the route's loader from the list row). */
export interface InvoiceTableRow {
  id: number;
  /** "YYYY-MM-DD": the voucher's date once issued, else the day it was written. */
  day: string;
  issued: boolean;
  voucher: string;
  numberText: string;
  /** Only outside production: "Demo" (the sandbox) or "Homologación" (ARCA's test environment). */
  testBadge: string | null;
  source: string;
  orderNumber: string | null;
  receiverName: string;
  receiverDocument: string;
  totalCents: number;
  credit: boolean;
  status: InvoiceStatus;
  /** Whether the voucher holds a number (asked for at ARCA). */
  numbered: boolean;
  attempts: number;
  lastError: string | null;
  /** Something ARCA answered that the worker could not settle by itself (e.g. a CAE for a number the voucher lost). */
  reviewNote: string | null;
  /** ISO instant of the next automatic attempt (pending and issuing rows). */
  nextAttemptAt: string;
}

const COLUMNS = [
  "Fecha",
  "Comprobante",
  "Pedido o caja",
  "Receptor",
  { label: "Total", right: true },
  "Estado",
  { label: "Acciones", hidden: true },
] as const;

const BADGES: Record<InvoiceStatus, string> = {
  pending: "bg-ochre/25 text-ink",
  issuing: "bg-ochre/25 text-ink",
  issued: "bg-moss/15 text-moss",
  failed: "bg-terracotta/15 text-terracotta-dark",
  cancelled: "bg-ink/10 text-ink",
};

/** The month's vouchers: download the issued ones, retry the failed ones (a plain POST form, no JS needed). */
export function InvoiceTable({ rows }: { rows: InvoiceTableRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white">
      <table className="w-full text-left text-sm">
        <TableHead className="border-b border-ink/10 text-ink/80" columns={COLUMNS} />
        <tbody className="divide-y divide-ink/10">
          {rows.map((row) => (
            <tr key={row.id} data-testid="invoice-row" className="align-top">
              <td className="px-3 py-2 whitespace-nowrap">
                {numericDate(row.day)}
                {row.issued ? null : <span className="block text-xs text-ink/75">Sin emitir</span>}
              </td>
              <td className="px-3 py-2">
                <span className="font-semibold">{row.voucher}</span>
                <span className="block font-mono text-xs">{row.numberText}</span>
                {row.testBadge ? (
                  <span className="mt-1 inline-block rounded bg-ochre/25 px-1.5 py-0.5 text-xs">{row.testBadge}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                {row.orderNumber ? (
                  <Link to={`/admin/pedidos/${row.orderNumber}`} className="font-semibold text-moss underline">
                    {row.source}
                  </Link>
                ) : (
                  row.source
                )}
              </td>
              <td className="px-3 py-2">
                {row.receiverName}
                <span className="block text-xs text-ink/75">{row.receiverDocument}</span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                {row.credit ? `−${formatMoney(row.totalCents)}` : formatMoney(row.totalCents)}
              </td>
              <td className="px-3 py-2">
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${BADGES[row.status]}`}>
                  {INVOICE_STATUS_LABELS[row.status]}
                </span>
                <StatusDetail row={row} />
              </td>
              <td className="px-3 py-2">
                <Actions row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What went wrong, in ARCA's or our words, and what happens next. */
function StatusDetail({ row }: { row: InvoiceTableRow }) {
  return (
    <>
      {row.reviewNote ? (
        <span className="mt-1 block max-w-xs rounded bg-terracotta/10 p-2 text-xs text-terracotta-dark">
          Para revisar: {row.reviewNote}
        </span>
      ) : null}
      <StatusText row={row} />
    </>
  );
}

function StatusText({ row }: { row: InvoiceTableRow }) {
  if (row.status === "failed") {
    return (
      <span className="block max-w-xs pt-1 text-xs text-terracotta-dark">
        {row.lastError ? `Último error (intento ${row.attempts}): ${row.lastError}` : "Falló sin detalle del error."}{" "}
        Revisá el dato que indica y reintentá.
      </span>
    );
  }
  if (row.status === "pending" && row.lastError) {
    return (
      <span className="block max-w-xs pt-1 text-xs text-ink/80">
        Intento {row.attempts}: {row.lastError}. Se reintenta solo el {dayMonthTime(row.nextAttemptAt)}.
        {row.numbered
          ? " El número queda reservado para este comprobante hasta que ARCA confirme si lo autorizó; los siguientes de este punto de venta esperan."
          : ""}
      </span>
    );
  }
  return null;
}

function Actions({ row }: { row: InvoiceTableRow }) {
  const name = `${row.voucher} ${row.numberText}`;
  if (row.status === "issued") {
    return (
      <a
        href={`/admin/facturas/${row.id}/pdf`}
        download
        aria-label={`Descargar PDF de la ${name}`}
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-moss px-3 py-1 text-xs font-semibold text-moss hover:bg-moss/10"
      >
        <Download aria-hidden="true" className="size-3.5" /> Descargar PDF
      </a>
    );
  }
  if (row.status === "failed") {
    return (
      <Form method="post">
        <input type="hidden" name="id" value={row.id} />
        <button
          type="submit"
          aria-label={`Reintentar la ${name}`}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-moss px-3 py-1 text-xs font-semibold text-white hover:bg-moss-dark"
        >
          <RotateCcw aria-hidden="true" className="size-3.5" /> Reintentar
        </button>
      </Form>
    );
  }
  return null;
}
