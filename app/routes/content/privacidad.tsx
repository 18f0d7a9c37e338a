import { Link } from "react-router";
import { ContentPage, ContentSection } from "~/components/content/content-page";
import { publicSections } from "~/domain/settings/public-settings.server";
import { longDate } from "~/lib/dates";
import { contentPageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacidad";

/** When this policy last changed (update it with the text). */
const UPDATED = "2026-11-29";

/**
 * The data controller is the seller of Ajustes → Datos fiscales (razón social, CUIT, domicilio) and the
 * database's AAIP registration (Ley 25.326 arts. 6 and 21, Disposición DNPDP 10/2008).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { fiscal } = await publicSections(context.db);
  return {
    updated: longDate(UPDATED),
    controller: {
      legalName: fiscal.legalName,
      cuit: fiscal.cuit,
      address: fiscal.legalAddress,
      registry: fiscal.dataRegistry,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  contentPageMeta(matches, {
    title: "Política de privacidad",
    description:
      "Qué datos personales guarda Rizoma, para qué los usa y cómo pedir que los corrijamos o borremos, según la Ley 25.326 de Protección de los Datos Personales.",
    path: "/privacidad",
  });

export default function Privacidad({ loaderData }: Route.ComponentProps) {
  const { controller } = loaderData;
  return (
    <ContentPage
      crumb="Política de privacidad"
      kicker="LEGALES"
      title="Política de privacidad"
      lead="Tus datos son tuyos. Guardamos solo lo que necesitamos para venderte libros y mandarte lo que pediste, y nunca los vendemos."
      aside={<p className="mt-5 text-sm text-ink/75">Última actualización: {loaderData.updated}</p>}
    >
      <ContentSection id="responsable" title="Quién es responsable de tus datos">
        <p>
          {controller.legalName ? <strong>{controller.legalName}</strong> : "Rizoma Libros"}
          {controller.cuit ? `, CUIT ${controller.cuit}` : ""}
          {controller.address ? `, con domicilio en ${controller.address}` : ""}, es responsable de la base de datos con
          la información que nos das en este sitio. La tratamos según la{" "}
          <strong>Ley 25.326 de Protección de los Datos Personales</strong> y sus normas complementarias.
        </p>
        <p>
          {controller.registry
            ? `La base está inscripta en el Registro Nacional de Bases de Datos de la Agencia de Acceso a la Información Pública (AAIP): ${controller.registry}.`
            : "Las bases de datos privadas se inscriben en el Registro Nacional de Bases de Datos de la Agencia de Acceso a la Información Pública (AAIP), con el trámite a distancia de la Agencia; el número de inscripción de esta base figura acá cuando la Agencia lo otorga."}
        </p>
      </ContentSection>

      <ContentSection id="que-guardamos" title="Qué datos guardamos">
        <ul>
          <li>
            <strong>Cuando comprás:</strong> nombre, email, teléfono, DNI si hace falta para el envío, dirección de
            entrega y el detalle de tu pedido.
          </li>
          <li>
            <strong>Cuando te suscribís al newsletter:</strong> tu email y, si los completás, tu nombre y los temas que
            te interesan.
          </li>
          <li>
            <strong>Cuando te suscribís a la Caja Rizoma:</strong> tus datos de contacto y de entrega, y el estado de la
            suscripción. Los datos de tu tarjeta los procesa Mercado Pago: nosotros no los vemos ni los guardamos.
          </li>
          <li>
            <strong>Tu carrito</strong> se guarda en tu propio navegador, no en nuestros servidores. Solo si marcás
            «Recordame mi carrito» en el checkout guardamos tu email y los libros, para mandarte un único recordatorio.
          </li>
          <li>
            <strong>Si entrás a Mi cuenta:</strong> tu email (no usamos contraseñas: te mandamos un código), una cookie
            que mantiene tu sesión abierta 30 días, y lo que quieras guardar: nombre, teléfono, direcciones, tu lista
            «Quiero leerlo» y los avisos de stock que pidas.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="para-que" title="Para qué los usamos">
        <ul>
          <li>Preparar, cobrar y enviar tus pedidos, y avisarte cómo van.</li>
          <li>Gestionar tu suscripción a la caja: cobros, envíos y cambios.</li>
          <li>Mandarte el newsletter, solo si te suscribiste. Podés darte de baja desde cualquier correo.</li>
          <li>Cumplir obligaciones legales, como la facturación.</li>
        </ul>
        <p>
          No vendemos ni alquilamos tus datos. Solo los compartimos con quienes nos ayudan a darte el servicio —el
          correo que lleva tu paquete, Mercado Pago para los cobros— y únicamente lo necesario para eso.
        </p>
      </ContentSection>

      <ContentSection id="derechos" title="Tus derechos y cómo pedir que borremos tus datos">
        <p>
          Desde <Link to="/cuenta/privacidad">Mi cuenta</Link> podés descargar todo lo que guardamos sobre vos y
          eliminar tu cuenta cuando quieras, sin escribirnos.
        </p>
        <p>
          También podés pedirnos en cualquier momento, y sin costo, <strong>acceder</strong> a los datos que tenemos
          sobre vos, <strong>corregirlos</strong>, <strong>actualizarlos</strong> o <strong>eliminarlos</strong>. Para
          hacerlo, escribinos desde el email con el que te registraste, con el asunto “Datos personales”, a la dirección
          que figura en la sección de <Link to="/#contact">contacto</Link>. Te respondemos dentro de los plazos de la
          ley: 10 días corridos para el acceso y 5 días hábiles para la rectificación o supresión.
        </p>
        <p>
          Como titular de los datos, podés ejercer el derecho de acceso{" "}
          <strong>en forma gratuita cada seis meses</strong> como mínimo, o antes si acreditás un interés legítimo (art.
          14, inc. 3, de la Ley 25.326).
        </p>
        <p>
          La <strong>Agencia de Acceso a la Información Pública</strong>, órgano de control de la Ley 25.326, tiene la
          atribución de atender las denuncias y reclamos de quienes resulten afectados en sus derechos por el
          incumplimiento de las normas de protección de datos personales.
        </p>
      </ContentSection>

      <ContentSection id="seguridad" title="Cuánto tiempo y con qué cuidado">
        <p>
          Guardamos tus datos mientras tengas una relación activa con nosotros y durante los plazos que exigen las
          normas contables e impositivas. Después los borramos. Los protegemos con conexiones cifradas y acceso
          restringido a las personas que los necesitan para trabajar.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
