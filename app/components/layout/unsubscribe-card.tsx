import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The pages an e-mail's "darme de baja" link opens (newsletter, stock alerts, cart reminders): one card
 * that asks first (a link scanner opening it changes nothing; the button POSTs) and then says what
 * happened, or why the link does not work.
 */
export function UnsubscribeFrame({ children }: { children: ReactNode }) {
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">{children}</div>
      </div>
    </main>
  );
}

export function UnsubscribeAsk({
  title,
  children,
  confirmLabel,
  cancel,
}: {
  title: string;
  /** What the button will stop, to whom. */
  children: ReactNode;
  confirmLabel: string;
  cancel: { to: string; label: string };
}) {
  return (
    <>
      <h1 className="font-serif text-3xl text-ink">{title}</h1>
      {children}
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <button
          type="submit"
          className="rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
        >
          {confirmLabel}
        </button>
        <Link
          to={cancel.to}
          className="rounded-full px-6 py-3 font-semibold text-moss underline-offset-4 hover:underline"
        >
          {cancel.label}
        </Link>
      </Form>
    </>
  );
}

/** The outcome: done ("status") or a link that does not work ("alert"). */
export function UnsubscribeOutcome({
  title,
  role,
  children,
}: {
  title: string;
  role: "status" | "alert";
  children: ReactNode;
}) {
  return (
    <>
      <h1 className="font-serif text-3xl text-ink">{title}</h1>
      <p className="mt-3 text-ink/80" role={role}>
        {children}
      </p>
    </>
  );
}
