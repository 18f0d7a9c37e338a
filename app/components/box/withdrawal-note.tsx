import { longDate } from "~/lib/dates";

/** What a subscriber's page shows of the subscription's botón de arrepentimiento (decision 0047). */
export interface BoxWithdrawalInfo {
  done: { code: string; requestedAt: string; steps: string[] } | null;
  /** The last day ("YYYY-MM-DD") it may still be withdrawn, or null once past it. */
  until: string | null;
}

export function BoxWithdrawalNote({ number, withdrawal }: { number: string; withdrawal: BoxWithdrawalInfo }) {
  if (withdrawal.done) {
    return (
      <div className="mt-6 rounded-lg bg-cream p-4 text-sm text-ink">
        <p>
          Te arrepentiste de esta suscripción el {longDate(withdrawal.done.requestedAt)}. Código de gestión:{" "}
          <strong className="font-mono">{withdrawal.done.code}</strong>.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink/85">
          {withdrawal.done.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (!withdrawal.until) return null;
  return (
    <p className="mt-6 rounded-lg bg-cream p-4 text-sm text-ink">
      Si te arrepentiste, tenés hasta el <strong>{longDate(withdrawal.until)}</strong> para cancelarla sin costo y
      recuperar el primer cobro si la caja todavía no salió:{" "}
      <a href={`/arrepentimiento?pedido=${number}`} className="font-semibold text-moss underline">
        Botón de arrepentimiento
      </a>{" "}
      con el número <span className="whitespace-nowrap">{number}</span>.
    </p>
  );
}
