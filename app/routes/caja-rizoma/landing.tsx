import { BoxAbout } from "~/components/box/box-about";
import { BoxHero } from "~/components/box/box-hero";
import { BoxPlans } from "~/components/box/box-plans";
import { BoxShipping } from "~/components/box/box-shipping";
import { boxPageData } from "~/domain/box/page-data.server";
import { publicOrigin, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Caja Rizoma",
    url: `${publicOrigin(matches)}/caja-rizoma`,
    description:
      "Dos libros sorpresa por mes elegidos por una curadora o un curador distinto, con señaladores, stickers y una carta. Envío gratis en CABA y GBA.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return boxPageData(context.db);
}

export default function CajaRizoma({ loaderData }: Route.ComponentProps) {
  const { plans, pickupPoints, rates, taxRate } = loaderData;
  const monthly = plans.find((plan) => plan.id === "monthly") ?? plans[0];
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <BoxHero monthly={monthly} taxRate={taxRate} />
      <BoxAbout />
      <BoxShipping pickupPoints={pickupPoints} />
      <BoxPlans plans={plans} rates={rates} pickupPoints={pickupPoints} taxRate={taxRate} />
    </main>
  );
}
