import type { ReactNode } from "react";
import { ContentPage, ContentSection } from "~/components/content/content-page";
import { ExternalLink } from "~/components/ui/icons/external-link";
import { Tooltip } from "~/components/ui/tooltip";
import { AUDIOBOOK_PARTNER } from "~/domain/audiobooks/partner";
import { contentPageMeta } from "~/lib/seo";
import type { Route } from "./+types/audiolibros";

export const meta: Route.MetaFunction = ({ matches }) =>
  contentPageMeta(matches, {
    title: "Audiolibros",
    description: `Escuchá audiolibros en español y apoyá a una librería independiente: Rizoma se asoció con ${AUDIOBOOK_PARTNER.name}. Sin DRM, todo el catálogo en español, en tres pasos.`,
    path: "/audiolibros",
  });

/** A link to the partner's site: a new tab, and it says so. */
function PartnerLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

export default function Audiolibros() {
  const partner = AUDIOBOOK_PARTNER;
  return (
    <ContentPage
      crumb="Audiolibros"
      kicker="AUDIOLIBROS"
      title="Libros para escuchar, comprados en tu librería"
      lead={`Para los viajes largos, las caminatas o cuando los ojos ya no dan más: nos asociamos con ${partner.name} para que puedas comprar audiolibros y que cada compra sume a Rizoma.`}
    >
      <ContentSection id="alianza" title="¿Cómo es la alianza?">
        <p>
          {partner.name} es una tienda de audiolibros que trabaja con librerías independientes. Cuando comprás desde
          nuestra página en su sitio, una parte de cada venta vuelve a Rizoma, igual que si hubieras comprado un libro
          de papel en nuestra tienda. Vos escuchás; nosotros seguimos eligiendo libros.
        </p>
        <PartnerLink
          href={partner.shopUrl}
          className="not-prose mt-2 inline-flex items-center gap-2 rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white no-underline hover:bg-moss-dark"
        >
          IR A RIZOMA EN {partner.name.toUpperCase()}
          <ExternalLink aria-hidden="true" className="size-4" />
        </PartnerLink>
      </ContentSection>

      <ContentSection id="beneficios" title="Por qué escuchar con nosotros">
        <ul className="not-prose grid gap-4 sm:grid-cols-3">
          <li className="rounded-lg border border-ink/10 bg-white p-5">
            <strong className="block font-serif text-xl">Apoyás a una librería independiente</strong>
            <span className="mt-2 block text-base">
              Tu compra sostiene a una librería de barrio, no a una plataforma.
            </span>
          </li>
          <li className="rounded-lg border border-ink/10 bg-white p-5">
            <strong className="block font-serif text-xl">Todo el catálogo en español</strong>
            <span className="mt-2 block text-base">
              Clásicos, novedades, ensayo y literatura infantil, narrados en castellano.
            </span>
          </li>
          <li className="rounded-lg border border-ink/10 bg-white p-5">
            <strong className="flex items-center gap-2 font-serif text-xl">
              Sin DRM
              <Tooltip label="Sin bloqueos anticopia">
                <button
                  type="button"
                  aria-label="¿Qué es DRM? Son bloqueos anticopia: sin DRM, el archivo es tuyo."
                  className="flex size-6 items-center justify-center rounded-full border border-ink/30 text-xs font-bold"
                >
                  ?
                </button>
              </Tooltip>
            </strong>
            <span className="mt-2 block text-base">
              Los archivos son tuyos: los descargás y los escuchás en el dispositivo que quieras.
            </span>
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="pasos" title="Empezá en tres pasos">
        <ol>
          <li>
            <strong>Entrá a nuestra página en {partner.name}</strong> desde el botón de arriba: así la compra queda
            asociada a Rizoma.
          </li>
          <li>
            <strong>Creá tu cuenta y elegí tu audiolibro</strong>, con una membresía mensual o comprando títulos
            sueltos.
          </li>
          <li>
            <strong>Descargá la app y escuchá</strong> en el celular, la compu o donde te quede cómodo. ¿Dudas? Mirá la{" "}
            <PartnerLink href={partner.helpUrl}>ayuda de {partner.name}</PartnerLink>.
          </li>
        </ol>
        <p>
          ¿Buscás algo en particular? Explorá el{" "}
          <PartnerLink href={partner.catalogueUrl}>catálogo en español de {partner.name}</PartnerLink> o escribinos y te
          recomendamos.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
