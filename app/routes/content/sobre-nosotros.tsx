import { Link } from "react-router";
import { ContentPage, ContentSection } from "~/components/content/content-page";
import { useTransferDiscountPercent } from "~/components/layout/use-transfer-discount";
import { contentPageMeta } from "~/lib/seo";
import type { Route } from "./+types/sobre-nosotros";

export const meta: Route.MetaFunction = ({ matches }) =>
  contentPageMeta(matches, {
    title: "Sobre nosotros",
    description:
      "Rizoma es una librería y editorial independiente de Buenos Aires. Nuestra historia, por qué decimos que los libros son puertas y qué hacemos para que la cultura circule.",
    path: "/sobre-nosotros",
  });

export default function SobreNosotros() {
  const transferPercent = useTransferDiscountPercent();
  return (
    <ContentPage
      crumb="Sobre nosotros"
      kicker="SOBRE NOSOTROS"
      title="Una librería que empezó en una biblioteca familiar"
      lead="Rizoma es una librería y editorial independiente de Buenos Aires. Somos pocos, leemos mucho y elegimos cada libro que entra como si fuera para alguien que queremos."
    >
      <ContentSection id="historia" title="Cómo empezó todo">
        <p>
          Nuestro fundador leyó toda la vida: en el colectivo, en la fila del banco, a la luz del velador cuando ya
          todos dormían. Durante años juntó libros sin un plan, por el puro gusto de tenerlos cerca y de prestarlos. La
          biblioteca creció hasta ocupar paredes enteras y un día la pregunta se hizo inevitable: ¿y si esto fuera una
          librería?
        </p>
        <p>
          La respuesta llegó pasados los cuarenta, cuando muchos creen que ya es tarde para empezar algo. Con la familia
          empujando —una armó las primeras fotos, otro cargó los títulos, todos opinaron sobre el nombre— Rizoma abrió
          sus puertas en internet. Sin local, sin inversores, con una computadora, una lista de libros queridos y muchas
          ganas.
        </p>
        <p>
          Empezamos despacio, despachando paquetes desde casa y contestando cada mensaje a mano. Hoy seguimos haciéndolo
          así, aunque los paquetes sean más y el catálogo haya crecido: cada pedido lo prepara una persona que sabe qué
          libro está mandando.
        </p>
      </ContentSection>

      <ContentSection id="puertas" title="Los libros son puertas">
        <p>
          Lo decimos tanto que ya es casi un lema: los libros son puertas. Abrís uno y del otro lado hay una ciudad que
          no conocés, una época que no viviste, una idea que te desacomoda. Nunca sabés del todo adónde te lleva, pero
          siempre salís distinto.
        </p>
        <p>
          Por eso no pensamos la librería como un depósito de títulos sino como un pasillo lleno de puertas. Nuestro
          trabajo es ayudarte a elegir cuál abrir: recomendar, contar de qué va un libro, conseguir ese que buscás hace
          años y acercarte otros que no sabías que estabas buscando.
        </p>
      </ContentSection>

      <ContentSection id="rizoma" title="¿Por qué Rizoma?">
        <p>
          Un rizoma es un tallo que crece bajo tierra, hacia los costados, sin un centro: el jengibre, la gramilla, el
          bambú. Cualquier punto se puede conectar con cualquier otro y de cada nudo brota algo nuevo. Los filósofos
          Gilles Deleuze y Félix Guattari usaron la imagen para pensar el conocimiento sin jerarquías ni caminos
          obligatorios.
        </p>
        <p>
          Así nos gusta pensar la lectura: un libro te lleva a otro, un autor te presenta a otra, una nota al pie abre
          un mundo. No hay un canon que seguir en orden ni lecturas “correctas”. Hay conexiones, y una librería puede
          ser el lugar donde se cruzan.
        </p>
      </ContentSection>

      <ContentSection id="mision" title="Nuestra misión: que la cultura circule">
        <p>Creemos que leer no debería ser un lujo. Por eso:</p>
        <ul>
          <li>
            {transferPercent > 0 ? (
              <>
                Sostenemos <strong>precios justos</strong> y un <strong>{transferPercent}% de descuento</strong> pagando
                por transferencia, sin comisiones de por medio.
              </>
            ) : (
              <>
                Sostenemos <strong>precios justos</strong> y pagos por transferencia sin comisiones de por medio.
              </>
            )}
          </li>
          <li>
            El <strong>retiro y el envío son gratis en CABA</strong>, y llegamos a todo el país por correo.
          </li>
          <li>
            Si un libro no está, lo buscamos: hacemos <strong>pedidos especiales</strong> nacionales e internacionales.
          </li>
          <li>
            Con la <Link to="/caja-rizoma">Caja Rizoma</Link> te acercamos todos los meses dos libros elegidos por
            lectores que admiramos.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="artistas" title="Un lugar para artistas jóvenes">
        <p>
          Como editorial, queremos que Rizoma sea también una puerta para quienes recién empiezan. Publicamos y
          difundimos a autoras, autores, ilustradoras e ilustradores jóvenes que todavía no tienen dónde mostrar su
          trabajo, y trabajamos con estudios amigos como Peow Studios en libros de historieta y diseño editorial.
        </p>
        <p>
          Si escribís, dibujás o diseñás y sentís que tu proyecto tiene algo que ver con lo que hacemos, escribinos.
          Leemos todo lo que nos llega, aunque a veces tardemos un poco en contestar.
        </p>
        <p>
          <Link to="/tienda">Recorré la tienda</Link> o <Link to="/newsletter">sumate al newsletter</Link> para
          enterarte de lo que viene.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
