import { Link } from "react-router";
import { WITHDRAWAL_NOTICE_BODY, WITHDRAWAL_NOTICE_HOW, WITHDRAWAL_NOTICE_TITLE } from "~/domain/withdrawals/notice";

/**
 * The withdrawal right just above the checkout's confirm button (CCyC art. 1111): highlighted, in the
 * page's body size, with the way to use it. The same words as the top of the order's letters.
 */
export function WithdrawalNotice() {
  return (
    <section
      aria-labelledby="aviso-arrepentimiento"
      className="rounded-lg border-2 border-ochre bg-ochre-light/25 p-3 text-sm text-ink"
      data-testid="withdrawal-notice"
    >
      <h3 id="aviso-arrepentimiento" className="font-bold">
        {WITHDRAWAL_NOTICE_TITLE}
      </h3>
      <p className="mt-1">
        {WITHDRAWAL_NOTICE_BODY} {WITHDRAWAL_NOTICE_HOW}{" "}
        <Link to="/arrepentimiento" target="_blank" className="font-semibold text-moss-dark underline">
          Botón de arrepentimiento<span className="sr-only"> (se abre en una pestaña nueva)</span>
        </Link>
        .
      </p>
    </section>
  );
}
