import { Link } from "react-router";
import { statusForPreapproval } from "~/domain/box/subscriptions.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/gracias";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta({ title: "Caja Rizoma", matches }),
  { name: "robots", content: "noindex" },
];

/** Where Mercado Pago returns the payer (`back_url`, with `preapproval_id`). Shows only the status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("preapproval_id");
  return { status: await statusForPreapproval(context.db, id) };
}

export default function Gracias({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const failed = status === "cancelled";
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="font-serif text-3xl text-ink sm:text-4xl">
          {failed
            ? "El pago no se completó"
            : status === "active"
              ? "¡Ya sos parte de la Caja Rizoma!"
              : "¡Gracias por suscribirte!"}
        </h1>
        <p className="mt-4 text-lg text-ink/85" role="status">
          {failed
            ? "Mercado Pago no aprobó el pago, así que la suscripción no quedó activa. Podés intentarlo de nuevo."
            : status === "active"
              ? "Tu suscripción está activa. Te mandamos un correo con todos los detalles."
              : "Estamos esperando la confirmación de Mercado Pago. Cuando se acredite, te llega un correo de bienvenida."}
        </p>
        <Link
          to={failed ? "/caja-rizoma#planes" : "/"}
          className="mt-8 inline-flex rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark"
        >
          {failed ? "Volver a los planes" : "Explorar Libros"}
        </Link>
      </section>
    </main>
  );
}
