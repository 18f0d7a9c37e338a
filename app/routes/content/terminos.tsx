import { Link } from "react-router";
import { ContentPage, ContentSection } from "~/components/content/content-page";
import { monthlyPriceCents } from "~/domain/box/plans.server";
import { longDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { contentPageMeta } from "~/lib/seo";
import type { Route } from "./+types/terminos";

/** When these terms last changed (update it with the text). */
const UPDATED = "2026-11-23";

export async function loader({ context }: Route.LoaderArgs) {
  return { updated: longDate(UPDATED), boxMonthlyCents: await monthlyPriceCents(context.db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  contentPageMeta(matches, {
    title: "Términos y condiciones",
    description:
      "Las condiciones de compra en Rizoma y de la suscripción a la Caja Rizoma: precios, pagos, envíos, renovación, cancelación y devoluciones dentro de los 30 días.",
    path: "/terminos",
  });

export default function Terminos({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      crumb="Términos y condiciones"
      kicker="LEGALES"
      title="Términos y condiciones"
      lead="Queremos que comprar en Rizoma sea tan simple como entrar a una librería. Acá están las reglas de juego, escritas para que se entiendan."
      aside={<p className="mt-5 text-sm text-ink/75">Última actualización: {loaderData.updated}</p>}
    >
      <ContentSection id="alcance" title="1. Quiénes somos y a qué se aplican">
        <p>
          Estos términos regulan las compras en este sitio y la suscripción a la Caja Rizoma. Al hacer un pedido o
          suscribirte, aceptás estas condiciones. Si algo no queda claro, escribinos antes de comprar: preferimos
          explicarlo a que te lleves una sorpresa.
        </p>
      </ContentSection>

      <ContentSection id="compras" title="2. Precios y pagos">
        <ul>
          <li>
            Los precios están en pesos argentinos e incluyen IVA. Pueden cambiar sin aviso, pero respetamos el precio
            que figuraba al confirmar tu pedido.
          </li>
          <li>
            Pagando por <strong>transferencia bancaria</strong> tenés un <strong>15% de descuento</strong>. El pedido
            queda en estado “pago pendiente” hasta que confirmamos la transferencia; si no la recibimos en 72 horas,
            podemos cancelarlo y liberar los ejemplares.
          </li>
          <li>
            Con <strong>tarjeta</strong> pagás a través de Mercado Pago, con hasta 3 cuotas sin interés según las
            promociones vigentes. Nunca vemos ni guardamos los datos de tu tarjeta.
          </li>
          <li>
            Las <strong>preventas</strong> se cobran al reservar y se despachan cuando el libro sale. Si la salida se
            demora o se cancela, te avisamos y podés pedir la devolución completa.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="envios" title="3. Envíos, retiro y pedidos especiales">
        <ul>
          <li>Procesamos los pedidos en 24 a 48 horas hábiles.</li>
          <li>El retiro en nuestro punto de CABA y el envío dentro de CABA son gratis.</li>
          <li>
            Al resto del país enviamos por correo (estándar en 3 a 5 días hábiles, rápido en 1 a 2); el costo se calcula
            en el checkout según la provincia.
          </li>
          <li>
            Los pedidos especiales tardan hasta 72 horas hábiles si el libro se consigue en el país y 15 días hábiles o
            más si viene del exterior. Antes de confirmarlos te pasamos precio y plazo.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="devoluciones" title="4. Cambios, devoluciones y arrepentimiento">
        <p>
          Tenés <strong>30 días corridos</strong> desde que recibís tu pedido para devolverlo,{" "}
          <strong>sin costo de envío</strong> para vos. El libro tiene que estar en el mismo estado en que lo recibiste.
          Te devolvemos el dinero por el mismo medio de pago o, si preferís, lo cambiamos por otro libro.
        </p>
        <p>
          Esto incluye tu derecho de arrepentimiento (Ley 24.240 de Defensa del Consumidor): podés arrepentirte de una
          compra hecha a distancia dentro de los 10 días sin dar explicaciones. Si un libro llega dañado o con fallas de
          impresión, lo reponemos sin cargo.
        </p>
        <p>
          Para iniciar una devolución, escribinos con tu número de pedido desde la sección de{" "}
          <Link to="/#contact">contacto</Link>.
        </p>
      </ContentSection>

      <ContentSection id="caja" title="5. Suscripción a la Caja Rizoma">
        <ul>
          <li>
            La caja trae <strong>dos libros sorpresa</strong> por mes, más señaladores, stickers y una carta. El precio
            del plan mensual es de {formatMoney(loaderData.boxMonthlyCents)}; el precio que pagás queda fijo mientras tu
            suscripción siga activa.
          </li>
          <li>
            <strong>Renovación:</strong> la suscripción se renueva y se cobra automáticamente al comienzo de cada
            período (mensual o semestral, según el plan) con el medio de pago que elegiste en Mercado Pago.
          </li>
          <li>
            Si te suscribís antes del día 10, recibís la caja de ese mes; las cajas se entregan entre el 15 y el 25.
            Después del 10, tu primera caja es la del mes siguiente.
          </li>
          <li>
            <strong>Cancelación:</strong> podés cancelar cuando quieras, sin permanencia mínima. Si cancelás antes del
            día 10, no se te cobra el mes siguiente; si ya se cobró, recibís esa última caja.
          </li>
          <li>
            Como los libros son sorpresa, no se pueden elegir. Si te llega uno que ya tenés, avisanos dentro de los 30
            días y te lo cambiamos.
          </li>
          <li>El envío está incluido en CABA y GBA; al resto del país se calcula al suscribirte.</li>
        </ul>
      </ContentSection>

      <ContentSection id="otros" title="6. Otras condiciones">
        <p>
          Los datos que nos das se tratan según nuestra <Link to="/privacidad">política de privacidad</Link>. Estos
          términos se rigen por las leyes de la República Argentina. Ante cualquier reclamo, primero hablemos: casi todo
          se resuelve con un mensaje.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
