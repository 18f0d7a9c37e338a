import { Link } from "react-router";
import { WarningPanel } from "../warning-panel";

/**
 * While invoices are not being issued (the setting is off, no point of sale, or no link to ARCA), the list
 * says why and what to configure, before anyone wonders where this month's invoices are.
 */
export function InvoicingBanner({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <WarningPanel id="invoicing-off-title" title="La tienda no está emitiendo facturas electrónicas">
      <ul className="mt-1 list-disc space-y-1 pl-5 text-ink">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p className="mt-1 text-ink">
        <Link to="/admin/ajustes#invoicing" className="font-semibold underline hover:text-moss">
          Ir a Facturación electrónica
        </Link>
      </p>
    </WarningPanel>
  );
}
