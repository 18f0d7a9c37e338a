import { shortDateTime } from "~/lib/dates";

/** One line of /admin/auditoria, as the loader sends it. */
export interface AuditListRow {
  id: number;
  /** ISO instant. */
  at: string;
  adminEmail: string;
  action: string;
  summary: string;
  ip: string | null;
}

/**
 * The log as a list of cards, not a table: a line has a long sentence and a long e-mail, and a card wraps
 * both at 390 px where a table would need its own sideways scroll. At desktop width each card reads as
 * one row: when, who and from where on the left, what on the right.
 */
export function AuditList({ rows }: { rows: AuditListRow[] }) {
  return (
    <ol className="divide-y divide-ink/10 rounded-lg border border-ink/10 bg-white">
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="audit-row"
          className="grid gap-x-6 gap-y-1 px-4 py-3 text-sm md:grid-cols-[16rem_minmax(0,1fr)]"
        >
          <div className="min-w-0 text-ink/80">
            <time dateTime={row.at} className="font-semibold text-ink">
              {shortDateTime(row.at)}
            </time>
            <p className="break-all">{row.adminEmail}</p>
            {row.ip ? (
              <p className="text-xs">
                Desde la IP <span className="font-mono break-all">{row.ip}</span>
              </p>
            ) : null}
          </div>
          <div className="min-w-0">
            <p className="break-words">{row.summary}</p>
            <code className="mt-1 inline-block rounded bg-ink/5 px-1.5 py-0.5 text-xs break-all text-ink/80">
              {row.action}
            </code>
          </div>
        </li>
      ))}
    </ol>
  );
}
