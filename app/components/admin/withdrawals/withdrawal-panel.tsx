import type { ReactNode } from "react";
import { Form } from "react-router";
import { OrderSection } from "~/components/admin/orders/order-section";
import { StepUpField } from "~/components/admin/step-up-field";
import type { StepUpState } from "~/domain/auth/step-up";
import type { WithdrawalPanel as Panel } from "~/domain/withdrawals/queries.server";
import { WITHDRAWAL_BADGES, WITHDRAWAL_LABELS } from "~/domain/withdrawals/status";
import { longDate, mediumDateTime, startOfDay, todayInBuenosAires } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

const button = "rounded-full px-5 py-2 font-semibold disabled:opacity-70";
const primary = `${button} bg-moss text-white hover:bg-moss-dark`;
const input = "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2";

/**
 * The order's withdrawal (botón de arrepentimiento): what the buyer asked, where it stands, and the next
 * step, each a plain form posting its `intent` to the order page (works without JavaScript).
 */
export function WithdrawalPanel({
  withdrawal,
  totalCents,
  busy,
  fields,
  owner,
  stepUp,
  stepUpError,
}: {
  withdrawal: Panel;
  totalCents: number;
  busy: boolean;
  /** Cancelling and refunding move money: only owners see those buttons (the server refuses staff anyway). */
  owner: boolean;
  /** The refund form's field errors of the last attempt. */
  fields?: Record<string, string>;
  /** A refund asks for a fresh proof (step-up): the page's state of it (owners only). */
  stepUp: StepUpState | null;
  stepUpError?: string;
}) {
  const rows: [string, ReactNode][] = [
    [
      "Código de gestión",
      <span key="code" className="font-mono">
        {withdrawal.code}
      </span>,
    ],
    ["Pedido el", mediumDateTime(withdrawal.createdAt)],
    ["Motivo", withdrawal.reason || "No lo indicó"],
  ];
  if (withdrawal.status === "refunded" && withdrawal.refundCents !== null) {
    rows.push(
      ["Reembolso", formatMoney(withdrawal.refundCents)],
      [
        withdrawal.refundMethod === "mercadopago" ? "Reembolso de Mercado Pago" : "Referencia de la transferencia",
        withdrawal.refundReference ?? "",
      ],
      ["Fecha del reembolso", withdrawal.refundedOn ? longDate(startOfDay(withdrawal.refundedOn)) : ""],
    );
  }
  if (withdrawal.booksReturnedAt) rows.push(["Los libros volvieron", mediumDateTime(withdrawal.booksReturnedAt)]);
  return (
    <OrderSection id="arrepentimiento" title="Arrepentimiento" spaced>
      <p className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-2 py-0.5 text-sm font-semibold ${WITHDRAWAL_BADGES[withdrawal.status]}`}
          data-testid="withdrawal-status"
        >
          {WITHDRAWAL_LABELS[withdrawal.status]}
        </span>
        {withdrawal.booksOut && withdrawal.status !== "requested" ? (
          <span className="rounded bg-ink/10 px-2 py-0.5 text-sm font-semibold" data-testid="withdrawal-books">
            {withdrawal.booksReturnedAt ? "Los libros volvieron" : "Esperando los libros"}
          </span>
        ) : null}
        {withdrawal.overdue ? (
          <span className="text-sm font-semibold text-terracotta-dark">
            Lleva más de 24 horas sin respuesta: la ley pide resolverlo cuanto antes.
          </span>
        ) : null}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink/80">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {!owner && (withdrawal.canCancel || withdrawal.canRefund) ? (
        <p className="text-sm text-ink/80">
          Cancelar el pedido y reembolsar mueven dinero: los resuelve una persona titular de la tienda.
        </p>
      ) : null}
      {owner && withdrawal.canCancel ? (
        <OneClick intent="withdrawal-cancel" busy={busy} label="Cancelar el pedido">
          {withdrawal.booksOut
            ? "El pedido queda cancelado y le escribimos al comprador cómo devolver los libros, a cargo de la librería. El stock vuelve cuando registres que los libros volvieron."
            : "El pedido queda cancelado, los libros vuelven al stock y le avisamos al comprador por correo."}
        </OneClick>
      ) : null}
      {withdrawal.canReturnBooks ? (
        <OneClick intent="withdrawal-books-returned" busy={busy} label="Los libros volvieron">
          Registralo cuando tengas los libros en la librería: vuelven al stock.
        </OneClick>
      ) : null}
      {withdrawal.refundInFlight ? (
        <p className="text-sm text-ink/80">
          Hay un reembolso en curso con Mercado Pago. Recargá la página en unos minutos.
        </p>
      ) : null}
      {owner && withdrawal.canRefund && withdrawal.refundMethod === "mercadopago" ? (
        <OneClick
          intent="withdrawal-refund"
          busy={busy}
          label="Reembolsar"
          extra={stepUp ? <StepUpField state={stepUp} error={stepUpError} /> : null}
        >
          Devolvemos {formatMoney(totalCents)} por Mercado Pago, al mismo medio con el que pagó el comprador, y le
          avisamos por correo. Si lo intentás de nuevo, Mercado Pago no devuelve dos veces.
        </OneClick>
      ) : null}
      {owner && withdrawal.canRefund && withdrawal.refundMethod === "transfer" ? (
        <TransferRefundForm totalCents={totalCents} busy={busy} fields={fields ?? {}}>
          {stepUp ? <StepUpField state={stepUp} error={stepUpError} /> : null}
        </TransferRefundForm>
      ) : null}
    </OrderSection>
  );
}

function OneClick({
  intent,
  busy,
  label,
  children,
  extra,
}: {
  intent: string;
  busy: boolean;
  label: string;
  /** Fields before the button (the step-up's proof). */
  extra?: ReactNode;
  /** What the button does, read before clicking. */
  children: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-2 border-t border-ink/10 pt-4">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-ink/80">{children}</p>
      {extra}
      <button type="submit" disabled={busy} className={primary}>
        {label}
      </button>
    </Form>
  );
}

function TransferRefundForm({
  totalCents,
  busy,
  fields,
  children,
}: {
  totalCents: number;
  busy: boolean;
  fields: Record<string, string>;
  /** The step-up's proof, when asked. */
  children?: ReactNode;
}) {
  const today = todayInBuenosAires();
  return (
    <Form method="post" className="space-y-3 border-t border-ink/10 pt-4">
      <input type="hidden" name="intent" value="withdrawal-refund" />
      <p className="text-sm text-ink/80">
        Hacé la transferencia de {formatMoney(totalCents)} al comprador desde tu banco y registrala acá: le avisamos por
        correo con la fecha y la referencia.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="refundedOn" className="block text-sm font-semibold">
            Fecha de la transferencia
          </label>
          <input
            id="refundedOn"
            name="refundedOn"
            type="date"
            max={today}
            defaultValue={today}
            required
            aria-invalid={fields.refundedOn ? true : undefined}
            aria-describedby={fields.refundedOn ? "refundedOn-error" : undefined}
            className={input}
          />
          {fields.refundedOn ? (
            <p id="refundedOn-error" className="mt-1 text-sm text-terracotta-dark">
              {fields.refundedOn}
            </p>
          ) : null}
        </div>
        <div className="min-w-64 flex-1">
          <label htmlFor="reference" className="block text-sm font-semibold">
            Referencia de la transferencia
          </label>
          <input
            id="reference"
            name="reference"
            maxLength={120}
            required
            autoComplete="off"
            aria-invalid={fields.reference ? true : undefined}
            aria-describedby={fields.reference ? "reference-error" : undefined}
            className={input}
          />
          {fields.reference ? (
            <p id="reference-error" className="mt-1 text-sm text-terracotta-dark">
              {fields.reference}
            </p>
          ) : null}
        </div>
        {children ? <div className="w-full">{children}</div> : null}
        <button type="submit" disabled={busy} className={primary}>
          Registrar el reembolso
        </button>
      </div>
    </Form>
  );
}
