import { Check } from "~/components/ui/icons/check";
import { X } from "~/components/ui/icons/x";
import type { TimelineStep } from "~/domain/accounts/orders.server";
import { longDateTime } from "~/lib/dates";

/**
 * The order's way from placed to delivered (or cancelled), oldest first: each step done with its moment,
 * the ones still ahead greyed and marked "Pendiente" (in words too, not only by colour).
 */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <section className="mt-6 rounded-lg bg-white p-6" aria-labelledby="pedido-seguimiento">
      <h2 id="pedido-seguimiento" className="font-serif text-xl">
        Seguimiento
      </h2>
      <ol className="mt-4 space-y-0" data-testid="order-timeline">
        {steps.map((step, index) => {
          const done = step.at !== null;
          const last = index === steps.length - 1;
          const cancelled = step.step === "cancelled";
          return (
            <li key={step.step} className="relative flex gap-3 pb-5 last:pb-0">
              {last ? null : (
                <span
                  aria-hidden="true"
                  className={`absolute top-7 bottom-0 left-[13px] w-0.5 ${done ? "bg-moss" : "bg-ink/15"}`}
                />
              )}
              <span
                aria-hidden="true"
                className={`relative flex size-7 shrink-0 items-center justify-center rounded-full ${
                  cancelled
                    ? "bg-terracotta-dark text-white"
                    : done
                      ? "bg-moss text-white"
                      : "bg-white text-ink/40 ring-2 ring-ink/20"
                }`}
              >
                {cancelled ? <X className="size-4" /> : done ? <Check className="size-4" /> : null}
              </span>
              <span className="min-w-0 pt-0.5">
                <span className={`block font-semibold ${done ? "text-ink" : "text-ink/70"}`}>{step.label}</span>
                <span className="block text-sm text-ink/75">{step.at ? longDateTime(step.at) : "Pendiente"}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
