/**
 * The two alerts a visitor can ask for on a book page (framework-free: the page and the domain share it).
 * 'restock': the book is out of stock, one e-mail when stock goes from 0 to more. 'release': the book is
 * a pre-sale, one e-mail on its release date.
 */
export type AlertKind = "restock" | "release";

/** The form's intent on the book page (its action tells it from the page's other forms). */
export const STOCK_ALERT_INTENT = "stock-alert";

export const ALERT_BUTTON: Record<AlertKind, string> = {
  restock: "Avisame cuando vuelva",
  release: "Avisame cuando salga",
};

/** The answer of a subscription, the same whether the alert is new or was already waiting (no enumeration). */
export function subscribedMessage(kind: AlertKind, email: string): string {
  return kind === "restock"
    ? `Listo: te avisamos a ${email} cuando vuelva a haber stock.`
    : `Listo: te avisamos a ${email} cuando salga.`;
}

/** Alerts still waiting on one book, by kind. */
export interface WaitingCount {
  restock: number;
  release: number;
}

/** "3 personas esperan que vuelva" / "1 persona espera que salga" (null when nobody waits). */
export function waitingText(waiting: WaitingCount | undefined): string | null {
  if (!waiting) return null;
  const parts: string[] = [];
  const people = (n: number, verb: string) => `${n} ${n === 1 ? "persona espera" : "personas esperan"} que ${verb}`;
  if (waiting.restock > 0) parts.push(people(waiting.restock, "vuelva"));
  if (waiting.release > 0) parts.push(people(waiting.release, "salga"));
  return parts.length ? parts.join(" · ") : null;
}
