import { Link } from "react-router";
import { WARNING_BOX } from "../warning-panel";

/** Invoices that failed stay unissued until someone looks: the dashboard says so, with the way to the list. */
export function InvoiceWarning({ failed }: { failed: number }) {
  if (failed === 0) return null;
  return (
    <p role="status" className={`mt-6 text-ink ${WARNING_BOX}`}>
      <Link to="/admin/facturas?estado=failed" className="font-semibold underline hover:text-moss">
        {failed === 1 ? "1 factura con error" : `${failed.toLocaleString("es-AR")} facturas con error`}
      </Link>
      : revisá qué respondió ARCA y reintentalas.
    </p>
  );
}
