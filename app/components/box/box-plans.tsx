import { Link } from "react-router";
import type { BoxPlanView } from "~/domain/box/plans";
import type { ShippingRates } from "~/domain/box/shipping";
import type { VatRate } from "~/domain/taxes/fiscal";
import { BoxSection } from "./box-section";
import { PlanCard } from "./plan-card";
import { SubscribeDialog, useSubscribeDialog } from "./subscribe-dialog";

/** The plans on sale (#planes) and the modal their SUSCRIBIRME opens. */
export function BoxPlans({
  plans,
  rates,
  pickupPoints,
  taxRate,
}: {
  plans: BoxPlanView[];
  rates: ShippingRates;
  pickupPoints: { name: string; address: string; hours: string }[];
  taxRate: VatRate;
}) {
  const dialog = useSubscribeDialog();
  return (
    <>
      <BoxSection id="titulo-planes" title="Planes" band anchor="planes">
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} taxRate={taxRate} onSubscribe={(event) => dialog.open(plan, event)} />
          ))}
        </ul>
        <p className="mt-6 text-center font-semibold text-moss">Cancelación libre, sin permanencia mínima</p>
        {/* A subscription is charged per period by Mercado Pago (preapproval): it has no instalments, so the
            footer's general "Hasta 3 cuotas sin interés" does not apply here and the page says so. */}
        <p className="mt-2 text-center text-sm text-ink/85">
          Cada período se cobra en un solo pago con Mercado Pago: la suscripción no se paga en cuotas.
        </p>
        <p className="mt-2 text-center text-ink/85">
          ¿Ya estás suscripta o suscripto y querés darte de baja? Usá el{" "}
          <Link
            to="/caja-rizoma/baja"
            className="font-semibold text-terracotta-dark underline underline-offset-2 hover:text-moss"
          >
            Botón de baja
          </Link>
          : con tu email y un código, sin iniciar sesión.
        </p>
      </BoxSection>
      <SubscribeDialog dialog={dialog} rates={rates} pickupPoints={pickupPoints} taxRate={taxRate} />
    </>
  );
}
