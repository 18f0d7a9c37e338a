import { SectionHeading } from "./section-heading";
import { PaymentBadges } from "./selling-points";

export interface ShippingInfo {
  pickupAddress: string;
  pickupHours: string;
  standardDays: { min: number; max: number };
  fastDays: { min: number; max: number };
}

const range = ({ min, max }: { min: number; max: number }) => (min === max ? `${min}` : `${min} a ${max}`);

/** Shipping (#envios), spec §2: pickup, CABA delivery, carrier shipping and processing time. */
export function ShippingSection({ info }: { info: ShippingInfo }) {
  const blocks = [
    {
      title: "Retiro gratis en CABA",
      text: `Pasá por ${info.pickupAddress}. ${info.pickupHours}.`,
    },
    {
      title: "Envío gratis en CABA",
      text: "Te lo llevamos sin cargo a cualquier barrio de la Ciudad, en 24 a 48 horas hábiles.",
    },
    {
      title: "Envíos a todo el país",
      text: `Por correo: estándar en ${range(info.standardDays)} días hábiles o rápido en ${range(info.fastDays)}. El costo se calcula en el checkout, según tu provincia.`,
    },
    {
      title: "Preparamos tu pedido en 24-48 hs",
      text: "Procesamos cada pedido en 24 a 48 horas hábiles y te avisamos por email cuando sale.",
    },
  ];
  return (
    <section id="envios" aria-labelledby="envios-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
      <SectionHeading
        id="envios-title"
        kicker="ENVÍOS Y RETIRO"
        title="Tus libros, a tu casa"
        lead="En la Ciudad no pagás envío. Al resto del país llegamos por correo."
      />
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {blocks.map(({ title, text }) => (
          <li key={title} className="rounded-lg border-t-4 border-moss bg-white p-6">
            <h3 className="font-serif text-xl">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink/80">{text}</p>
          </li>
        ))}
      </ul>
      <PaymentBadges className="mt-10" />
    </section>
  );
}
