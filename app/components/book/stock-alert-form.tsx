import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { ALERT_BUTTON, type AlertKind, STOCK_ALERT_INTENT } from "~/domain/stock-alerts/kinds";

/** The book page action's answer to this form (see app/routes/libro.tsx). */
export type StockAlertAnswer =
  | { intent: typeof STOCK_ALERT_INTENT; ok: true; message: string }
  | { intent: typeof STOCK_ALERT_INTENT; ok: false; message: string; values: { email: string } };

const LEAD: Record<AlertKind, string> = {
  restock: "Está agotado por ahora. Dejanos tu email y te escribimos una sola vez, cuando vuelva a haber stock.",
  release: "Todavía no salió. Dejanos tu email y te escribimos el día que salga.",
};

/**
 * "Avisame cuando vuelva" / "Avisame cuando salga". A plain POST to the book page without JavaScript (the
 * answer comes back as the page's action data, `answer`); with JavaScript a fetcher, so the page stays.
 * The HTML is the same for every visitor without a cookie (the page is cached for them): a signed-in
 * reader (`customerEmail`, who skips the cache) gets the one-click version with the address hidden.
 */
export function StockAlertForm({
  kind,
  customerEmail,
  answer,
}: {
  kind: AlertKind;
  customerEmail: string | null;
  answer: StockAlertAnswer | undefined;
}) {
  const fetcher = useFetcher<StockAlertAnswer>();
  const shown = fetcher.data ?? answer;
  const busy = fetcher.state !== "idle";
  const emailRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = shown && !shown.ok ? shown.message : null;

  useEffect(() => {
    if (error) emailRef.current?.focus();
  }, [error]);

  if (shown?.ok) {
    return (
      <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl bg-moss/10 p-4 text-moss">
        <h2 id={`${id}-title`} className="sr-only">
          {ALERT_BUTTON[kind]}
        </h2>
        <p role="status" className="font-semibold">
          {shown.message}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border border-ink/10 bg-white p-4 sm:p-5">
      <h2 id={`${id}-title`} className="font-semibold text-ink">
        {ALERT_BUTTON[kind]}
      </h2>
      <p className="mt-1 text-sm text-ink/75">{LEAD[kind]}</p>
      <fetcher.Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
        <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
        {customerEmail ? (
          <input type="hidden" name="email" value={customerEmail} />
        ) : (
          <div className="flex-1">
            <label htmlFor={`${id}-email`} className="sr-only">
              Tu email
            </label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="Tu email"
              defaultValue={shown && !shown.ok ? shown.values.email : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="w-full rounded-full border border-ink/20 bg-white px-4 py-2.5 text-ink placeholder:text-ink/60 focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30"
            />
          </div>
        )}
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss disabled:opacity-70"
        >
          {busy ? "Guardando…" : ALERT_BUTTON[kind]}
        </button>
        <PersonalDataNotice className="mt-2 basis-full" />
      </fetcher.Form>
      {customerEmail ? <p className="mt-2 text-sm text-ink/75">Te escribimos a {customerEmail}.</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-terracotta-dark">
          {error}
        </p>
      ) : null}
    </section>
  );
}
