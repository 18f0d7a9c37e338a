import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { differenceText } from "~/domain/closings/difference";
import type { ClosingDay } from "~/domain/closings/summary.server";
import { clockTime, longDate } from "~/lib/dates";
import { formatMoney, parseMoney } from "~/lib/money";

/** What the closing form holds as typed (a refused save or a "Calcular diferencia" sends it back). */
export type CashCountValues = Record<"inicial" | "contado" | "nota", string>;

const tone = (cents: number) => (cents === 0 ? "text-moss" : cents > 0 ? "text-ink" : "text-terracotta-dark");

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? "font-semibold" : undefined}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? "font-semibold" : ""}`}>{value}</dd>
    </>
  );
}

/** The closing as it was saved, and what changed since (a sale synced later), with "Reabrir" for an owner. */
function SavedClosing({ summary, owner, hidden }: { summary: ClosingDay; owner: boolean; hidden: React.ReactNode }) {
  const closing = summary.closing;
  if (!closing) return null;
  return (
    <div className="space-y-4">
      <p className="font-semibold text-moss">
        Caja cerrada por {closing.closedByName} el {longDate(closing.closedAt)} a las {clockTime(closing.closedAt)}.
      </p>
      <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        <Line label="Cambio inicial" value={formatMoney(closing.openingFloatCents)} />
        <Line label="Ventas en efectivo" value={formatMoney(closing.cashSalesCents)} />
        <Line label="Esperado en la caja" value={formatMoney(closing.expectedCents)} strong />
        <Line label="Contado" value={formatMoney(closing.countedCents)} strong />
        <dt className="font-semibold">Diferencia</dt>
        <dd className={`text-right font-semibold tabular-nums ${tone(closing.differenceCents)}`}>
          {differenceText(closing.differenceCents)}
        </dd>
      </dl>
      {closing.note ? <p className="max-w-prose text-sm">Nota: {closing.note}</p> : null}
      {summary.sinceClosing ? (
        <p role="status" className="rounded-lg border border-ochre/50 bg-ochre/10 p-3 text-sm">
          Después del cierre llegaron ventas de este día (hechas sin conexión y sincronizadas más tarde):{" "}
          {summary.sinceClosing.sales >= 0 ? "+" : ""}
          {summary.sinceClosing.sales} {Math.abs(summary.sinceClosing.sales) === 1 ? "venta" : "ventas"}, efectivo{" "}
          {summary.sinceClosing.cashCents >= 0 ? "+" : "−"}
          {formatMoney(Math.abs(summary.sinceClosing.cashCents))}.{" "}
          {owner ? "Reabrí la caja para cerrarla con esas ventas." : "Pedile a una persona titular que la reabra."}
        </p>
      ) : null}
      {owner ? (
        <Form method="post" className="print:hidden">
          {hidden}
          <input type="hidden" name="intent" value="reopen" />
          <button
            type="submit"
            className="rounded-full border border-terracotta px-4 py-2 text-sm font-semibold text-terracotta-dark hover:bg-terracotta/10"
          >
            Reabrir la caja
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * The cash in the drawer: the opening float and the count typed, against the float + the day's cash sales.
 * With JavaScript the difference follows the typing; without it, "Calcular diferencia" (a GET of the same
 * page) shows it before saving. Saving is a plain POST.
 */
export function CashCount({
  summary,
  placeKey,
  owner,
  values,
  errors,
}: {
  summary: ClosingDay;
  placeKey: string;
  owner: boolean;
  values: CashCountValues;
  errors: Partial<Record<keyof CashCountValues, string>>;
}) {
  const busy = useNavigation().state !== "idle";
  const [typed, setTyped] = useState(values);
  const hidden = (
    <>
      <input type="hidden" name="fecha" value={summary.day} />
      <input type="hidden" name="lugar" value={placeKey} />
    </>
  );
  const opening = typed.inicial.trim() === "" ? 0 : parseMoney(typed.inicial);
  const counted = typed.contado.trim() === "" ? null : parseMoney(typed.contado);
  const expected = opening === null ? null : opening + summary.cashSalesCents;
  const difference = expected === null || counted === null ? null : counted - expected;
  const input = (name: keyof CashCountValues) => ({
    id: `caja-${name}`,
    name,
    value: typed[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setTyped((now) => ({ ...now, [name]: event.target.value })),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `caja-${name}-error` : undefined,
    className: `mt-1 w-full rounded-md border bg-white px-3 py-2 tabular-nums ${errors[name] ? "border-terracotta" : "border-ink/25"}`,
  });
  const problem = (name: keyof CashCountValues) =>
    errors[name] ? (
      <p id={`caja-${name}-error`} className="mt-1 text-sm font-semibold text-terracotta-dark">
        {errors[name]}
      </p>
    ) : null;
  return (
    <section aria-labelledby="efectivo-title" className="space-y-4 rounded-xl border border-ink/10 bg-white p-5">
      <h2 id="efectivo-title" className="font-serif text-2xl">
        Efectivo en la caja
      </h2>
      {summary.closing ? (
        <SavedClosing summary={summary} owner={owner} hidden={hidden} />
      ) : (
        <Form method="post" noValidate className="space-y-4">
          {hidden}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="caja-inicial" className="block text-sm font-semibold">
                Cambio inicial
              </label>
              <input type="text" inputMode="decimal" autoComplete="off" placeholder="0" {...input("inicial")} />
              {problem("inicial")}
            </div>
            <div>
              <label htmlFor="caja-contado" className="block text-sm font-semibold">
                Efectivo contado
              </label>
              <input type="text" inputMode="decimal" autoComplete="off" required {...input("contado")} />
              {problem("contado")}
            </div>
          </div>
          <p className="text-xs text-ink/75">
            El cambio inicial es el efectivo con el que abriste la caja. En pesos, con coma para los centavos: 12.345,50
          </p>
          <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            <Line label="Ventas en efectivo" value={formatMoney(summary.cashSalesCents)} />
            <Line label="Esperado en la caja" value={expected === null ? "—" : formatMoney(expected)} strong />
            <dt className="font-semibold">Diferencia</dt>
            <dd className={`text-right font-semibold tabular-nums ${difference === null ? "" : tone(difference)}`}>
              <output htmlFor="caja-inicial caja-contado" aria-live="polite">
                {difference === null ? "Escribí lo contado" : differenceText(difference)}
              </output>
            </dd>
          </dl>
          <div>
            <label htmlFor="caja-nota" className="block text-sm font-semibold">
              Nota <span className="font-normal text-ink/75">(opcional)</span>
            </label>
            <textarea rows={2} maxLength={500} {...input("nota")} />
            {problem("nota")}
          </div>
          <div className="flex flex-wrap gap-3 print:hidden">
            <button
              type="submit"
              name="intent"
              value="close"
              disabled={busy}
              className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
            >
              Guardar cierre
            </button>
            <button
              type="submit"
              formMethod="get"
              className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss/10"
            >
              Calcular diferencia
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
