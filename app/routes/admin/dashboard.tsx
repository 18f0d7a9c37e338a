import { Link } from "react-router";
import { catalogueFigures, LOW_STOCK } from "~/domain/admin/dashboard.server";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { catalogue: await catalogueFigures(context.db), lowStock: LOW_STOCK };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { catalogue, lowStock } = loaderData;
  const cards = [
    {
      label: "Libros en el catálogo",
      value: catalogue.books,
      note: `${catalogue.published} publicados`,
      to: "/tienda",
    },
    { label: "Sin stock", value: catalogue.outOfStock, note: "Disponibles para pedir en 72 hs", to: null },
    { label: "Poco stock", value: catalogue.lowStock, note: `${lowStock} unidades o menos`, to: null },
    { label: "Preventas activas", value: catalogue.preorders, note: "Con fecha de salida futura", to: null },
    { label: "En el carrusel", value: catalogue.featured, note: "Recomendado: 3 o 4 libros", to: "/admin/carousel" },
  ];
  return (
    <>
      <h1 className="font-serif text-3xl">Panel Principal</h1>
      <p className="mt-1 text-ink/75">La librería de un vistazo.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-ink/10 bg-white p-5">
            <p className="text-sm font-semibold text-ink/75">{card.label}</p>
            <p className="mt-1 font-serif text-4xl text-moss">{card.value.toLocaleString("es-AR")}</p>
            <p className="mt-1 text-sm text-ink/75">
              {card.to ? (
                <Link to={card.to} className="underline hover:text-moss">
                  {card.note}
                </Link>
              ) : (
                card.note
              )}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
