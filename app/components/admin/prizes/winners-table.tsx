import { Download } from "lucide-react";
import type { Winner } from "~/domain/prizes/prizes.server";
import { shortDateTime } from "~/lib/dates";

/** Who claimed which prize, with the CSV export of the same list. */
export function WinnersTable({ winners }: { winners: Winner[] }) {
  return (
    <div className="space-y-3">
      <a
        href="/api/qr/admin/winners/export"
        download
        className="inline-flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
      >
        <Download aria-hidden="true" className="size-4" /> Exportar CSV
      </a>
      {winners.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">Todavía nadie reclamó un premio.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-ink/10 bg-white">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-cream/60">
              <tr>
                {["Nombre", "Email", "DNI", "Teléfono", "Libro", "Código", "Fecha"].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink/10">
              {winners.map((winner) => (
                <tr key={winner.id}>
                  <td className="px-3 py-2">{winner.name}</td>
                  <td className="px-3 py-2 break-all">{winner.email}</td>
                  <td className="px-3 py-2">{winner.dni}</td>
                  <td className="px-3 py-2">{winner.phone}</td>
                  <td className="px-3 py-2">{winner.bookTitle}</td>
                  <td className="px-3 py-2 font-mono">{winner.code}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{shortDateTime(winner.claimedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
