import { Download } from "lucide-react";
import type { ReactNode } from "react";

/**
 * One report on /admin/reportes: its heading, what its numbers mean, its CSV, then the chart and the table
 * (or the empty message in their place).
 */
export function ReportSection({
  id,
  title,
  note,
  csvHref,
  empty,
  children,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  /** The CSV download; absent when there is nothing to download. */
  csvHref?: string;
  /** Shown instead of the chart and table when the range has nothing for this report. */
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="min-w-0 scroll-mt-4 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-serif text-2xl">
            {title}
          </h2>
          {note ? <p className="mt-1 max-w-prose text-sm text-ink/75">{note}</p> : null}
        </div>
        {csvHref && !empty ? (
          <a
            href={csvHref}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
          >
            <Download aria-hidden="true" className="size-4" />
            Descargar CSV<span className="sr-only"> de {title.toLowerCase()}</span>
          </a>
        ) : null}
      </div>
      {empty ? <p className="rounded-lg bg-white p-6 text-ink/75">{empty}</p> : children}
    </section>
  );
}
