import type { BoxPlanView } from "~/domain/box/plans";
import { PlanForm } from "./plan-form";

/** Every plan's price and whether it is on sale, one form each. */
export function PlanEditor({ plans, onSaved }: { plans: BoxPlanView[]; onSaved: () => void }) {
  return (
    <section aria-labelledby="planes-titulo" className="space-y-3">
      <h2 id="planes-titulo" className="text-xl font-semibold text-ink">
        Planes y precios
      </h2>
      <p className="text-sm text-ink/80">
        Estos precios son los únicos de la caja en todo el sitio. Cada suscripción conserva el precio al que se vendió.
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => (
          <PlanForm key={plan.id} plan={plan} onSaved={onSaved} />
        ))}
      </div>
    </section>
  );
}
