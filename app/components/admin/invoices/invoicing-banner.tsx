import { Link } from "react-router";

/**
 * While invoices are not being issued (the setting is off, no point of sale, or no link to ARCA), the list
 * says why and what to configure, before anyone wonders where this month's invoices are.
 */
export function InvoicingBanner({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <section
      aria-labelledby="invoicing-off-title"
      className="rounded-lg border border-terracotta/40 border-l-4 border-l-terracotta bg-terracotta/10 px-4 py-3 text-sm"
    >
      <h2 id="invoicing-off-title" className="font-semibold text-ink">
        La tienda no está emitiendo facturas electrónicas
      </h2>
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
    </section>
  );
}
