import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { expensesUrl } from "./expenses-page";

interface MonthLink {
  month: string;
  label: string;
}

export function MonthPicker({
  month,
  previous,
  next,
  thisMonth,
  label,
}: {
  month: string;
  label: string;
  previous: MonthLink;
  next: MonthLink;
  /** The current month when another one is shown, to offer the way back. */
  thisMonth: string | null;
}) {
  // On a phone the arrows alone (named for screen readers), so the picker fits in one line.
  const step =
    "flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-full px-2 text-sm font-semibold text-moss hover:bg-moss/10 sm:px-3";
  return (
    <nav aria-label="Elegir el mes" className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <div className="flex w-full items-center justify-between gap-1 rounded-full border border-ink/15 bg-white p-1 sm:w-auto">
        <Link to={expensesUrl(previous.month)} className={step}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only">Mes anterior: </span>
          <span className="sr-only sm:not-sr-only">{previous.label}</span>
        </Link>
        <p aria-current="date" className="px-1 text-center font-serif text-lg font-semibold whitespace-nowrap">
          {label}
        </p>
        <Link to={expensesUrl(next.month)} className={step}>
          <span className="sr-only">Mes siguiente: </span>
          <span className="sr-only sm:not-sr-only">{next.label}</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Form method="get" className="flex items-center gap-2">
        <label htmlFor="month-jump" className="text-sm font-semibold text-ink/75">
          Ir a
        </label>
        <input
          id="month-jump"
          name="month"
          type="month"
          defaultValue={month}
          key={month}
          className="rounded-md border border-ink/25 bg-white px-2 py-1.5"
        />
        <button
          type="submit"
          className="rounded-md bg-moss px-3 py-1.5 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          Ver
        </button>
      </Form>
      {thisMonth ? (
        <Link to={expensesUrl(thisMonth)} className="text-sm text-moss underline">
          Volver al mes actual
        </Link>
      ) : null}
    </nav>
  );
}
