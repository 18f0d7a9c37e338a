import { TriangleAlert } from "lucide-react";
import type { SyncedSale } from "~/domain/sales/sync";

/** A sale the server recorded beyond the stock it had (two phones sold the last copy): it stands, flagged. */
export function FlaggedNote({ flagged }: { flagged: NonNullable<SyncedSale["flagged"]> }) {
  return (
    <div role="alert" className="flex gap-2 rounded-lg border border-ochre bg-ochre-light/40 p-3 text-left text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Vendida sin stock en el sistema: queda marcada para revisar</p>
        <ul className="mt-1">
          {flagged.map((short) => (
            <li key={short.bookId}>
              «{short.title}»: se vendieron {short.requested} y el sistema tenía {short.available}
            </li>
          ))}
        </ul>
        <p className="mt-1">La venta está registrada igual; revisá el stock de ese libro.</p>
      </div>
    </div>
  );
}
