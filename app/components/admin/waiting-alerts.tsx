import { BellRing } from "lucide-react";
import { type WaitingCount, waitingText } from "~/domain/stock-alerts/kinds";

/** The book page's line: who waits for this book ("3 personas esperan que vuelva"), when someone does. */
export function WaitingAlerts({ waiting }: { waiting: WaitingCount | null }) {
  const text = waitingText(waiting ?? undefined);
  if (!text) return null;
  const restock = (waiting?.restock ?? 0) > 0;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-moss/30 bg-moss/10 px-4 py-3 text-sm text-moss">
      <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{text}.</strong>
        {restock ? " Cuando guardes stock mayor a 0, les escribimos a cada una, una sola vez." : null}
      </span>
    </p>
  );
}

/** The list's badge: how many wait for the book, in any kind ("3 esperan"); the full text for readers. */
export function WaitingBadge({ waiting }: { waiting: WaitingCount | undefined }) {
  const text = waitingText(waiting);
  if (!waiting || !text) return null;
  const total = waiting.restock + waiting.release;
  return (
    <span className="inline-flex items-center gap-1 rounded bg-moss/15 px-1.5 py-0.5 text-xs font-semibold text-moss">
      <BellRing aria-hidden="true" className="size-3" />
      <span aria-hidden="true">{total} esperan</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
