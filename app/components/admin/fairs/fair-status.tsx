import { FAIR_STATUS_LABELS, type FairStatus } from "~/domain/fairs/input";
import { shortDate } from "~/lib/dates";

const BADGES: Record<FairStatus, string> = {
  planned: "bg-ochre-light/40 text-ink",
  open: "bg-moss text-white",
  closed: "bg-ink/10 text-ink",
};

/** "Planificada", "Abierta", "Cerrada", as a badge. */
export function FairStatusBadge({ status }: { status: FairStatus }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${BADGES[status]}`}>
      {FAIR_STATUS_LABELS[status]}
    </span>
  );
}

/** "23 de abr de 2026 al 12 de may de 2026", or one day. */
export function fairDates(startsOn: string, endsOn: string): string {
  return startsOn === endsOn ? shortDate(startsOn) : `${shortDate(startsOn)} al ${shortDate(endsOn)}`;
}

/** The panel's cell padding and the look of its tables, shared by the fair's tables. */
export const cell = "px-3 py-2 align-top";
export const tableBox = "overflow-x-auto rounded-xl border border-ink/10 bg-white";
export const card = "rounded-xl bg-white p-5 shadow-sm";
export const button = "rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70";
export const outlined = "rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/5";
export const copies = (n: number) => (n === 1 ? "1 ejemplar" : `${n} ejemplares`);
