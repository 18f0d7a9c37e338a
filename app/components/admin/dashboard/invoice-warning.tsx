import { Link } from "react-router";

/** Invoices that failed stay unissued until someone looks: the dashboard says so, with the way to the list. */
export function InvoiceWarning({ failed }: { failed: number }) {
  if (failed === 0) return null;
  return (
    <p
      role="status"
      className="mt-6 rounded-lg border border-terracotta/40 border-l-4 border-l-terracotta bg-terracotta/10 px-4 py-3 text-sm text-ink"
    >
      <Link to="/admin/facturas?estado=failed" className="font-semibold underline hover:text-moss">
        {failed === 1 ? "1 factura con error" : `${failed.toLocaleString("es-AR")} facturas con error`}
      </Link>
      : revisá qué respondió ARCA y reintentalas.
    </p>
  );
}
