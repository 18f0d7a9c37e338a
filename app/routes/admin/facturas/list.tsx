import { redirect } from "react-router";
import { InvoiceFilters, invoicesHref } from "~/components/admin/invoices/invoice-filters";
import { InvoiceTable, type InvoiceTableRow } from "~/components/admin/invoices/invoice-table";
import { InvoicingBanner } from "~/components/admin/invoices/invoicing-banner";
import { AdminPagination } from "~/components/admin/pagination";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import {
  arcaStatus,
  currentMonth,
  type InvoiceListRow,
  invoiceCounts,
  invoiceListQuery,
  invoicingProblems,
  listInvoices,
  monthLabel,
  PAGE_SIZE,
  retryInvoice,
  sourceText,
} from "~/domain/invoices/admin.server";
import { voucherLabel, voucherNumberText } from "~/domain/invoices/codes";
import { receiverDocumentText } from "~/domain/invoices/status";
import { getSection } from "~/domain/settings/settings.server";
import { requireAdmin } from "~/lib/admin.server";
import { todayInBuenosAires } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm, readQuery } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Facturas | Panel Rizoma" }];

const notices: Record<string, NoticeData> = {
  reintento: { tone: "success", title: "Listo", message: "La factura volvió a la cola: se emite en unos instantes." },
};

const TEST_BADGES = { sandbox: "Demo, sin validez fiscal", homologacion: "Homologación (prueba)" } as const;

function tableRow(row: InvoiceListRow): InvoiceTableRow {
  return {
    id: row.id,
    day: row.issuedOn ?? todayInBuenosAires(row.createdAt),
    issued: row.issuedOn !== null,
    voucher: voucherLabel(row.voucherType),
    numberText: voucherNumberText(row.pointOfSale, row.number),
    testBadge:
      row.environment === "sandbox" || row.environment === "homologacion" ? TEST_BADGES[row.environment] : null,
    source: sourceText(row),
    orderNumber: row.orderNumber,
    receiverName: row.receiverName,
    receiverDocument: receiverDocumentText(row.receiverDocType, row.receiverDocNumber),
    totalCents: row.totalCents,
    credit: row.kind === "credit_note",
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    reviewNote: row.reviewNote,
    numbered: row.number !== null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

/**
 * The vouchers of a month (`?mes=`, this month by default), by state (`?estado=`), newest first. A state
 * without a month (the dashboard's "facturas con error") lists every month: a failure of last month
 * still needs its retry.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = readQuery(request, invoiceListQuery);
  const status = query.estado ?? null;
  const everyMonth = !query.mes && status !== null;
  const month = query.mes ?? currentMonth();
  // No link in the context (a server without ARCA wired, most tests) reads as "off".
  const arca = (await requestContext(context)).arca;
  const page = query.pagina ?? 1;
  const [{ rows, total }, counts, invoicing, link] = await Promise.all([
    listInvoices(context.db, { status, month: everyMonth ? null : month, page }),
    invoiceCounts(context.db, everyMonth ? null : month),
    getSection(context.db, "invoicing"),
    arca?.current() ?? null,
  ]);
  return {
    month,
    everyMonth,
    monthName: everyMonth ? "todos los meses" : monthLabel(month),
    status,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    counts,
    rows: rows.map(tableRow),
    problems: invoicingProblems(invoicing, arcaStatus(link)),
    notice: notices[new URL(request.url).searchParams.get("aviso") ?? ""] ?? null,
  };
}

/** "Reintentar" of a failed voucher: a plain form post, then back to the same list with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  return formAction({}, async () => {
    await retryInvoice(context.db, admin, idParam(String(form.get("id") ?? ""), "No encontramos esa factura"));
    const back = new URL(request.url);
    back.searchParams.set("aviso", "reintento");
    return redirect(`${back.pathname}${back.search}`, 303);
  });
}

export default function AdminFacturas({ loaderData, actionData }: Route.ComponentProps) {
  const { month, everyMonth, monthName, status, page, pages, counts, rows, problems, notice } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Facturas</h1>
        <p className="mt-1 max-w-3xl text-ink/75">
          Las facturas y notas de crédito electrónicas de cada venta y de cada cobro de la Caja Rizoma. Las que tienen
          error se pueden reintentar; el CSV del mes es para tu contador.
        </p>
      </div>
      <InvoicingBanner problems={problems} />
      <Notice notice={failureNotice(actionData, "No se pudo reintentar") ?? notice} />
      <InvoiceFilters month={month} everyMonth={everyMonth} monthName={monthName} status={status} counts={counts} />
      {rows.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/80">
          {status ? "No hay comprobantes en este estado" : "No hay comprobantes"}
          {everyMonth ? "." : ` en ${monthName}.`}
        </p>
      ) : (
        <InvoiceTable rows={rows} />
      )}
      <AdminPagination page={page} pages={pages} href={(to) => invoicesHref(everyMonth ? null : month, status, to)} />
    </div>
  );
}

/** The list could not be read (the database is down): said inside the admin, with a way back. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Facturas"
      message="No se pudieron cargar las facturas"
      retry={{ href: "/admin/facturas", label: "Probá de nuevo" }}
    />
  );
}
