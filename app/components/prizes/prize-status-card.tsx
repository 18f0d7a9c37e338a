import { Gift } from "~/components/ui/icons/gift";
import { EXPIRED_CODE, QR_STATUS_LABELS } from "~/domain/prizes/rules";
import { longDate } from "~/lib/dates";
import type { PrizeCode } from "./claim-result";

/** The prize a code is for and where it stands: available, claimed (when and by whom) or expired. */
export function PrizeStatusCard({ qr }: { qr: PrizeCode }) {
  return (
    <section aria-labelledby="premio">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-moss/10 text-moss">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-ink/70">Código {qr.code}</p>
          <h1 id="premio" className="mt-1 font-serif text-2xl text-ink sm:text-3xl">
            {qr.bookTitle}
          </h1>
          {qr.description ? <p className="mt-2 text-ink/80">{qr.description}</p> : null}
        </div>
      </div>
      <p className="mt-5" data-testid="qr-status">
        <span
          className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${
            qr.status === "pending" ? "bg-moss text-white" : "bg-ink/10 text-ink"
          }`}
        >
          {QR_STATUS_LABELS[qr.status]}
        </span>
        {qr.status === "validated" && qr.winnerInfo ? (
          <span className="ml-2 text-sm text-ink/80">
            el {longDate(qr.winnerInfo.claimedAt)} por {qr.winnerInfo.claimedByName}
          </span>
        ) : qr.status === "validated" && qr.validatedAt ? (
          <span className="ml-2 text-sm text-ink/80">el {longDate(qr.validatedAt)}</span>
        ) : null}
      </p>
      {qr.status === "expired" ? (
        <p className="mt-3 text-ink/80" role="alert">
          {EXPIRED_CODE}
        </p>
      ) : null}
    </section>
  );
}
