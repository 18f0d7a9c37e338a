import { Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { formatMoney } from "~/lib/money";
import { SectionHeading } from "./section-heading";

/** The box subscription on the home (#box, #rizoma-box); the price comes from `box_plans` (monthlyPriceCents). */
export function BoxSection({ monthlyCents, netCents }: { monthlyCents: number; netCents: number }) {
  const includes = [
    "2 libros sorpresa elegidos por una curadora o un curador distinto cada mes",
    "Señaladores, stickers y una carta escrita para vos",
    "Envío gratis en CABA",
    "Cancelás cuando quieras, sin permanencia mínima",
  ];
  return (
    <section id="box" aria-labelledby="rizoma-box" className="scroll-mt-20 bg-paper">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 md:grid-cols-[1.1fr_1fr]">
        <div>
          <SectionHeading
            id="rizoma-box"
            kicker="SUSCRIPCIÓN MENSUAL"
            title="Caja Rizoma"
            lead="Todos los meses, una caja con dos libros que no elegiste vos: los eligió alguien que lee mucho y quiere sorprenderte. Es la forma más linda de salir de tu propio algoritmo."
          />
          <ul className="mt-6 space-y-3">
            {includes.map((item) => (
              <li key={item} className="flex gap-3 text-ink/85">
                <span aria-hidden="true" className="text-moss">
                  ✓
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-lg bg-ink p-8 text-center text-white shadow-xl">
          <p className="kicker text-ochre-light">PLAN MENSUAL</p>
          <p className="mt-4 font-serif text-5xl" data-testid="box-price">
            {formatMoney(monthlyCents)}
          </p>
          <p className="mt-1 text-white/80">por mes</p>
          <NetPrice netCents={netCents} testId="box-net" className="mt-1 text-xs text-white/80" />
          <Link
            to="/caja-rizoma"
            className="mt-8 inline-block rounded-full bg-ochre-light px-8 py-3 text-sm font-bold tracking-wider text-ink hover:bg-white"
          >
            QUIERO MI CAJA
          </Link>
          <p className="mt-4 text-sm text-white/75">Suscribite antes del 10 y recibís la caja de este mes.</p>
        </div>
      </div>
    </section>
  );
}
