import { Link } from "react-router";

const navigation = [
  { to: "/", label: "Inicio" },
  { to: "/tienda", label: "Tienda" },
  { to: "/caja-rizoma", label: "Caja Rizoma" },
  { to: "/sobre-nosotros", label: "Sobre nosotros" },
  { to: "/audiolibros", label: "Audiolibros" },
];

const information = [
  { to: "/#envios", label: "Envíos y retiro" },
  { to: "/#pedidos", label: "Pedidos especiales" },
  { to: "/#newsletter", label: "Newsletter" },
  { to: "/#contact", label: "Contacto" },
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

export function SiteFooter({ contact }: { contact: FooterContact | null }) {
  return (
    <footer id="contact" className="mt-16 bg-ink text-white/85">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-2xl font-bold tracking-[0.2em] text-white">RIZOMA</p>
          <p className="mt-3 text-sm leading-relaxed">
            Librería y editorial independiente. Los libros son puertas: elegí una y entrá.
          </p>
        </div>
        <FooterList title="Navegación" links={navigation} />
        <FooterList title="Información" links={information} />
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white">CONTACTO</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>Retiro gratis en CABA</li>
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
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-white/75">
        © {new Date().getFullYear()} Rizoma · Buenos Aires, Argentina
      </p>
    </footer>
  );
}

function FooterList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white">{title.toUpperCase()}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link className="hover:text-ochre-light hover:underline" to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
