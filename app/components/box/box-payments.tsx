import { longDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/** A subscription's credited charges, newest first: the subscriber's page and Mi cuenta show the same list. */
export function BoxPayments({
  payments,
  className = "mt-2",
}: {
  payments: readonly { paidAt: string | Date; amountCents: number }[];
  className?: string;
}) {
  if (payments.length === 0) return <p className={`${className} text-ink/80`}>Todavía no hay pagos acreditados.</p>;
  return (
    <ul className={`${className} space-y-1 text-ink`}>
      {payments.map((payment) => (
        <li key={String(payment.paidAt)}>
          {longDate(payment.paidAt)}: {formatMoney(payment.amountCents)}
        </li>
      ))}
    </ul>
  );
}
