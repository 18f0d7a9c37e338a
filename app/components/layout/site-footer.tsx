import { Link } from "react-router";
import type { FooterFiscal } from "~/domain/settings/fiscal";
import type { HomeSection } from "~/lib/scroll";
import { FooterOffers } from "./footer-offers";
import { SectionLink } from "./section-link";

/** Sections of the home (spec §2 footer anchors: #contact, #rizoma-box, #pedidos, #newsletter). */
const navigation: ({ to: string; label: string } | { section: HomeSection; label: string })[] = [
  { to: "/", label: "Inicio" },
  { to: "/tienda", label: "Tienda" },
  { section: "new", label: "Novedades" },
  { section: "rizoma-box", label: "La Caja Rizoma" },
  { section: "pedidos", label: "Pedidos especiales" },
  { section: "envios", label: "Envíos y retiro" },
  { section: "newsletter", label: "Suscribite al newsletter" },
  { section: "contact", label: "Contacto" },
];

const information = [
  // Consumer law (issue 18): the withdrawal and the box's cancellation, one click from every page.
  { to: "/arrepentimiento", label: "Botón de arrepentimiento" },
  { to: "/caja-rizoma/baja", label: "Botón de baja" },
  { to: "/terminos", label: "Términos y condiciones" },
  { to: "/privacidad", label: "Política de privacidad" },
  { to: "/sobre-nosotros", label: "Sobre nosotros" },
  { to: "/audiolibros", label: "Audiolibros" },
  { to: "/caja-rizoma", label: "Caja Rizoma" },
  { to: "/newsletter", label: "Newsletter" },
  { to: "/cuenta", label: "Mi cuenta" },
];

/** The shop's contact data, as saved in /admin/ajustes (null when it could not be read). */
export interface FooterContact {
  address: string;
  hours: string;
  whatsapp: string;
  /** https://wa.me/<digits> */
  whatsappUrl: string;
  email: string;
}

// A named group of utilities (app/styles/shop.css): the footer lists some twenty links.
const linkClass = "footer-link";

export function SiteFooter({
  contact,
  fiscal,
  transferDiscountPercent,
}: {
  contact: FooterContact | null;
  fiscal: FooterFiscal | null;
  /** The shop's transfer discount; 0 hides the offer (the layout's loader failed, or the shop has none). */
  transferDiscountPercent: number;
}) {
  return (
    <footer id="contact" tabIndex={-1} className="scroll-mt-20 bg-ink text-white/85">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.3fr]">
        <div>
          <p className="font-serif text-2xl font-bold tracking-[0.2em] text-white">RIZOMA</p>
          <p className="mt-3 text-sm leading-relaxed">
            Librería y editorial independiente. Los libros son puertas: elegí una y entrá.
          </p>
          <FooterOffers percent={transferDiscountPercent} />
        </div>
        <FooterColumn title="Navegación">
          {navigation.map((item) => (
            <li key={item.label}>
              {"section" in item ? (
                <SectionLink section={item.section} className={linkClass}>
                  {item.label}
                </SectionLink>
              ) : (
                <Link className={linkClass} to={item.to}>
                  {item.label}
                </Link>
              )}
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Información">
          {information.map((item) => (
            <li key={item.to}>
              <Link className={linkClass} to={item.to}>
                {item.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Contacto">
          <li>Retiro y envío gratis en CABA</li>
          {contact ? (
            <>
              <li>
                <address className="not-italic">{contact.address}</address>
              </li>
              <li>{contact.hours}</li>
              <li>
                <a className="underline hover:text-ochre-light" href={contact.whatsappUrl}>
                  WhatsApp {contact.whatsapp}
                </a>
              </li>
              <li>
                <a className="underline hover:text-ochre-light" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </li>
            </>
          ) : null}
        </FooterColumn>
      </div>
      <FiscalIdentity fiscal={fiscal} />
      <p className="border-t border-white/10 py-5 text-center text-xs text-white/75">
        © {new Date().getFullYear()} Rizoma · Buenos Aires, Argentina
      </p>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white">{title.toUpperCase()}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">{children}</ul>
    </div>
  );
}

/**
 * The seller's identity (Res. 270/2020) and the Data Fiscal QR (F.960/D), as saved in /admin/ajustes.
 * Only the filled lines show; with nothing filled, nothing shows (no heading over an empty block).
 */
function FiscalIdentity({ fiscal }: { fiscal: FooterFiscal | null }) {
  if (!fiscal || (fiscal.lines.length === 0 && !fiscal.qr)) return null;
  const image = fiscal.qr ? (
    <img
      src={fiscal.qr.src}
      alt="Data Fiscal"
      width={72}
      height={72}
      loading="lazy"
      className="size-[72px] rounded bg-white object-contain p-1"
    />
  ) : null;
  return (
    <section
      aria-labelledby="datos-fiscales"
      className="mx-auto flex max-w-6xl items-start gap-4 border-t border-white/10 px-4 py-6"
    >
      {fiscal.qr?.href ? (
        <a href={fiscal.qr.href} target="_blank" rel="noopener noreferrer" className="shrink-0 hover:opacity-90">
          {image}
        </a>
      ) : (
        <span className="shrink-0">{image}</span>
      )}
      <div className="min-w-0">
        <h2 id="datos-fiscales" className="text-sm font-semibold tracking-wider text-white">
          DATOS FISCALES
        </h2>
        {fiscal.lines.length > 0 ? (
          <dl className="mt-2 grid gap-x-8 gap-y-1 text-xs sm:grid-cols-2 lg:grid-cols-3">
            {fiscal.lines.map((line) => (
              <div key={line.label} className="min-w-0 break-words">
                <dt className="inline text-white/75">{line.label}: </dt>
                <dd className="inline">
                  {line.href ? (
                    <a className="underline hover:text-ochre-light" href={line.href}>
                      {line.value}
                    </a>
                  ) : (
                    line.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
