import { SpecialOrderLink } from "../special-orders/special-order-link";
import { SectionHeading } from "./section-heading";
import type { HomeContact } from "./types";

/**
 * Special orders (#pedidos): 72 business hours in the country, at least 15 business days from abroad.
 * HACER UN PEDIDO opens the request form (a dialog; /pedidos-especiales without JavaScript).
 */
export function SpecialOrders({ contact }: { contact: HomeContact }) {
  return (
    <section id="pedidos" aria-labelledby="pedidos-title" className="scroll-mt-20 bg-cream">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading
          id="pedidos-title"
          kicker="PEDIDOS ESPECIALES"
          title="¿No lo encontrás? Lo conseguimos"
          lead="Un libro agotado, una edición que viste en otro lado, ese ensayo que nadie tiene: contanos cuál es y lo buscamos por vos. Si está sin stock en la tienda, también lo pedimos."
        />
        <ul className="mt-10 grid gap-5 md:grid-cols-2">
          <li className="rounded-lg border-l-4 border-terracotta bg-paper p-6">
            <h3 className="font-serif text-2xl">Pedidos nacionales</h3>
            <p className="mt-2 text-ink/80">
              Editoriales y distribuidoras del país: lo tenés en <strong>hasta 72 horas hábiles</strong>.
            </p>
          </li>
          <li className="rounded-lg border-l-4 border-terracotta bg-paper p-6">
            <h3 className="font-serif text-2xl">Pedidos internacionales</h3>
            <p className="mt-2 text-ink/80">
              Libros que se editan afuera: <strong>15 días hábiles o más</strong>, según el país y la editorial. Te
              pasamos precio y plazo antes de confirmar.
            </p>
          </li>
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          <SpecialOrderLink className="rounded-full bg-terracotta-dark px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-ink">
            HACER UN PEDIDO
          </SpecialOrderLink>
          <a
            href={contact.whatsappUrl}
            className="rounded-full border-2 border-moss px-6 py-3 text-sm font-bold tracking-wider text-moss hover:bg-moss hover:text-white"
          >
            PEDIR POR WHATSAPP
          </a>
          <a
            href={`mailto:${contact.email}?subject=${encodeURIComponent("Pedido especial")}`}
            className="rounded-full border-2 border-moss px-6 py-3 text-sm font-bold tracking-wider text-moss hover:bg-moss hover:text-white"
          >
            ESCRIBIRNOS UN EMAIL
          </a>
        </div>
      </div>
    </section>
  );
}
