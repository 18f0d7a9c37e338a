import { Link } from "react-router";
import { SectionLink } from "~/components/layout/section-link";
import { useTransferDiscountPercent } from "~/components/layout/use-transfer-discount";

/** The value tiles; the transfer discount's only while the shop gives one. */
function valueTiles(transferPercent: number) {
  return [
    {
      title: "Envío y retiro gratis en CABA",
      text: "Te lo llevamos en 24 a 48 horas hábiles, o pasás a buscarlo por la librería.",
    },
    ...(transferPercent > 0
      ? [
          {
            title: `${transferPercent}% off por transferencia`,
            text: "Sin comisiones de por medio: el ahorro es tuyo, en todos los libros.",
          },
        ]
      : []),
    {
      title: "Lo que no está, lo buscamos",
      text: "Pedidos especiales en 72 horas hábiles, preventas y libros difíciles de conseguir.",
    },
  ];
}

/** The home's opening words (the page's h1), its two buttons and its value tiles. */
export function Intro() {
  const tiles = valueTiles(useTransferDiscountPercent());
  return (
    <section aria-labelledby="intro-title" className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:pt-20">
      <div className="max-w-3xl">
        <p className="kicker text-terracotta-dark">LIBRERÍA Y EDITORIAL INDEPENDIENTE</p>
        <h1 id="intro-title" className="mt-4 font-serif text-4xl leading-tight text-balance sm:text-6xl">
          Los libros son puertas. Elegí una y entrá.
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink/80">
          Literatura, filosofía, arte y novela gráfica, elegidos uno por uno en Buenos Aires. Clásicos que vuelven,
          voces nuevas y esos libros que alguien te recomendó hace años y nunca encontraste.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/tienda"
            className="rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
          >
            EXPLORAR LA TIENDA
          </Link>
          <SectionLink
            section="about"
            className="rounded-full border-2 border-moss px-6 py-3 text-sm font-bold tracking-wider text-moss hover:bg-moss hover:text-white"
          >
            CONOCERNOS
          </SectionLink>
        </div>
      </div>
      <ul className={`mt-12 grid gap-4 ${tiles.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {tiles.map(({ title, text }, i) => (
          <li key={title} className="rounded-lg border border-ink/10 bg-white p-6">
            <span aria-hidden="true" className="font-serif text-3xl text-terracotta-dark">
              0{i + 1}
            </span>
            <h2 className="mt-2 font-serif text-xl">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-ink/75">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
