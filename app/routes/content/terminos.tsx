import { Link } from "react-router";
import { ContentPage } from "~/components/content/content-page";
import { TermsBody } from "~/components/content/terms-text";
import { boxMonthlyPrice } from "~/domain/box/page-data.server";
import { TERMS_CURRENT, TERMS_TITLE, termsEdition, termsVersionLabel } from "~/domain/legal/terms";
import { TERMS, termsEditionHash } from "~/domain/legal/terms.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { formatMoney } from "~/lib/money";
import { contentPageMeta } from "~/lib/seo";
import type { Route } from "./+types/terminos";

/**
 * /terminos: the text lives in ~/domain/legal/terms (the same source the orders' terms hash is taken of);
 * this page shows it with today's values (box price, transfer discount). It prints cleanly (.print-doc).
 * `?version=2026-11-25` shows an earlier version, as an order that accepted it may want to read it again
 * (its e-mail links there), with its own hash and a link to the one in force; an unknown version is ignored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const wanted = termsEdition(new URL(request.url).searchParams.get("version"));
  const edition = wanted ?? TERMS_CURRENT;
  const current = edition.version === TERMS_CURRENT.version;
  const [boxMonthlyCents, { bank }] = await Promise.all([boxMonthlyPrice(context.db), publicSections(context.db)]);
  return {
    lead: edition.lead,
    sections: edition.sections,
    versionLabel: termsVersionLabel(edition.version),
    hash: current ? TERMS.hash : termsEditionHash(edition),
    // An earlier version: named as such, with the one in force to go to.
    inForce: current ? null : TERMS.label,
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
  const { lead, sections, versionLabel, hash, inForce, values } = loaderData;
  return (
    <ContentPage
      crumb={TERMS_TITLE}
      kicker="LEGALES"
      title={TERMS_TITLE}
      lead={lead}
      className="print-doc"
      aside={
        <div className="mt-5 text-sm text-ink/75" data-testid="terms-version">
          {inForce ? (
            <p className="mb-3 rounded-lg border-2 border-ochre bg-ochre/10 px-4 py-3 text-ink" role="note">
              Esta es una versión anterior de los términos, la {versionLabel}: la que aceptaron los pedidos hechos
              mientras estuvo vigente. La versión vigente es la {inForce}:{" "}
              <Link to="/terminos" className="font-semibold text-moss underline">
                leela acá
              </Link>
              .
            </p>
          ) : null}
          <p>
            Versión {versionLabel}
            <span className="block text-xs text-ink/75">
              Huella del texto (SHA-256): <code title={hash}>{hash.slice(0, 16)}</code>
            </span>
          </p>
        </div>
      }
    >
      <TermsBody sections={sections} values={values} />
    </ContentPage>
  );
}
