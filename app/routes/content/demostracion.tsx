import { data, Link } from "react-router";
import { ContentPage, ContentSection } from "~/components/content/content-page";
import { publicSettings } from "~/domain/settings/public-settings.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/demostracion";

/** What the demo banner links to: it exists only while the shop is a demo (app/domain/demo). */
export async function loader({ context }: Route.LoaderArgs) {
  if ((await publicSettings(context.db)).mode !== "demo") throw data(null, { status: 404 });
  return null;
}

export const meta = () =>
  seoMeta({
    title: "Tienda de demostración",
    description: "Esta tienda es una demostración: los libros son de ejemplo y los pagos son simulados.",
    noIndex: true,
  });

export default function Demostracion() {
  return (
    <ContentPage
      crumb="Tienda de demostración"
      kicker="DEMOSTRACIÓN"
      title="Esta es una tienda de demostración"
      lead="Podés recorrerla y probar todo como si fuera de verdad: nadie te va a cobrar nada ni te va a llegar ningún libro."
    >
      <ContentSection id="pagos" title="Los pagos son simulados">
        <p>
          Cuando pagás con Mercado Pago, comprás un libro o te suscribís a la Caja Rizoma, no vas a Mercado Pago: vas a
          una página de prueba de la tienda donde elegís aprobar o rechazar el pago. Después la tienda sigue igual que
          con un pago real: el pedido queda pagado o la suscripción activa, y se preparan los correos de confirmación.
        </p>
        <p>No ingreses datos de tarjetas: esa página no los pide y no se cobra nada.</p>
      </ContentSection>
      <ContentSection id="catalogo" title="El catálogo es de ejemplo">
        <p>
          Los libros, sus precios y su stock vienen cargados para la demostración. Podés buscarlos, filtrarlos,
          agregarlos al carrito y hacer pedidos de prueba, por transferencia o con Mercado Pago.
        </p>
      </ContentSection>
      <ContentSection id="produccion" title="Cuando la tienda abre de verdad">
        <p>
          Quien administra la tienda la pasa a producción desde los ajustes: desde ese momento los pagos simulados dejan
          de funcionar, este aviso desaparece y, si así lo elige, se borran el catálogo de ejemplo y todo lo que se hizo
          durante la demostración.
        </p>
        <p>
          <Link to="/tienda">Ir a la tienda</Link>
        </p>
      </ContentSection>
    </ContentPage>
  );
}
