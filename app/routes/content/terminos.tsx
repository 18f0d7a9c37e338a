import { ContentPage } from "~/components/content/content-page";
import { TermsBody } from "~/components/content/terms-text";
import { boxMonthlyPrice } from "~/domain/box/page-data.server";
import { TERMS_LEAD, TERMS_TITLE } from "~/domain/legal/terms";
import { TERMS } from "~/domain/legal/terms.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { formatMoney } from "~/lib/money";
import { contentPageMeta } from "~/lib/seo";
import type { Route } from "./+types/terminos";

/**
 * /terminos: the text lives in ~/domain/legal/terms (the same source the orders' terms hash is taken of);
 * this page shows it with today's values (box price, transfer discount). It prints cleanly (.print-doc).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [boxMonthlyCents, { bank }] = await Promise.all([boxMonthlyPrice(context.db), publicSections(context.db)]);
  return {
    versionLabel: TERMS.label,
    hash: TERMS.hash,
    values: { transferDiscountPercent: bank.transferDiscountPercent, boxMonthlyPrice: formatMoney(boxMonthlyCents) },
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  contentPageMeta(matches, {
    title: TERMS_TITLE,
    description:
      "Las condiciones de compra en Rizoma y de la suscripción a la Caja Rizoma: precios, pagos, envíos, renovación, cancelación y devoluciones dentro de los 30 días.",
    path: "/terminos",
  });

export default function Terminos({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      crumb={TERMS_TITLE}
      kicker="LEGALES"
      title={TERMS_TITLE}
      lead={TERMS_LEAD}
      className="print-doc"
      aside={
        <p className="mt-5 text-sm text-ink/75" data-testid="terms-version">
          Versión {loaderData.versionLabel}
          <span className="block text-xs text-ink/75">
            Huella del texto (SHA-256): <code title={loaderData.hash}>{loaderData.hash.slice(0, 16)}</code>
          </span>
        </p>
      }
    >
      <TermsBody values={loaderData.values} />
    </ContentPage>
  );
}
