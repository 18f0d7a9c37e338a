import type { TermsEdition, TermsSection } from "./terms";

/**
 * The terms as they read from 25 November 2026 until 29 November 2026, frozen: orders placed then keep
 * this version and its hash (pinned in terms.test.ts), and /terminos?version=2026-11-25 shows it. Never
 * edit this file: a change to the terms is a new version in terms.ts, and the one it replaces comes here.
 */
const SECTIONS: TermsSection[] = [
  {
    id: "alcance",
    title: "1. Quiénes somos y a qué se aplican",
    paragraphs: [
      "Estos términos regulan las compras en este sitio y la suscripción a la Caja Rizoma. Al hacer un pedido o suscribirte, aceptás estas condiciones. Si algo no queda claro, escribinos antes de comprar: preferimos explicarlo a que te lleves una sorpresa.",
      "Cada pedido guarda la versión de estos términos que aceptaste al confirmarlo (la fecha de arriba), y te la nombramos en el correo del pedido.",
    ],
  },
  {
    id: "compras",
    title: "2. Precios y pagos",
    items: [
      "Los precios están en pesos argentinos e incluyen IVA. Pueden cambiar sin aviso, pero respetamos el precio que figuraba al confirmar tu pedido.",
      {
        if: "transferDiscount",
        text: "Pagando por **transferencia bancaria** tenés un **{transferDiscount} de descuento**. El pedido queda en estado “pago pendiente” hasta que confirmamos la transferencia; si no la recibimos en 72 horas, podemos cancelarlo y liberar los ejemplares.",
      },
      {
        if: "noTransferDiscount",
        text: "Podés pagar por **transferencia bancaria**, sin comisiones. El pedido queda en estado “pago pendiente” hasta que confirmamos la transferencia; si no la recibimos en 72 horas, podemos cancelarlo y liberar los ejemplares.",
      },
      "Con **tarjeta** pagás a través de Mercado Pago, con hasta 3 cuotas sin interés según las promociones vigentes (costo financiero total, CFT: 0%). Nunca vemos ni guardamos los datos de tu tarjeta.",
      "Las **preventas** se cobran al reservar y se despachan cuando el libro sale. Si la salida se demora o se cancela, te avisamos y podés pedir la devolución completa.",
    ],
  },
  {
    id: "envios",
    title: "3. Envíos, retiro y pedidos especiales",
    items: [
      "Procesamos los pedidos en 24 a 48 horas hábiles.",
      "El retiro en nuestro punto de CABA y el envío dentro de CABA son gratis.",
      "Al resto del país enviamos por correo (estándar en 3 a 5 días hábiles, rápido en 1 a 2); el costo se calcula en el checkout según la provincia.",
      "Los pedidos especiales tardan hasta 72 horas hábiles si el libro se consigue en el país y 15 días hábiles o más si viene del exterior. Antes de confirmarlos te pasamos precio y plazo.",
    ],
  },
  {
    id: "devoluciones",
    title: "4. Cambios, devoluciones y arrepentimiento",
    paragraphs: [
      "Tenés **30 días corridos** desde que recibís tu pedido para devolverlo, **sin costo de envío** para vos. El libro tiene que estar en el mismo estado en que lo recibiste. Te devolvemos el dinero por el mismo medio de pago o, si preferís, lo cambiamos por otro libro.",
      "Esto incluye tu derecho de arrepentimiento (Ley 24.240 de Defensa del Consumidor): podés arrepentirte de una compra hecha a distancia dentro de los 10 días sin dar explicaciones. Si un libro llega dañado o con fallas de impresión, lo reponemos sin cargo.",
      "Para iniciar una devolución, escribinos con tu número de pedido desde la sección de [contacto](/#contact).",
    ],
  },
  {
    id: "caja",
    title: "5. Suscripción a la Caja Rizoma",
    items: [
      "La caja trae **dos libros sorpresa** por mes, más señaladores, stickers y una carta. El precio del plan mensual es de {boxMonthlyPrice}; el precio que pagás queda fijo mientras tu suscripción siga activa.",
      "**Renovación:** la suscripción se renueva y se cobra automáticamente al comienzo de cada período (mensual o semestral, según el plan) con el medio de pago que elegiste en Mercado Pago.",
      "Si te suscribís antes del día 10, recibís la caja de ese mes; las cajas se entregan entre el 15 y el 25. Después del 10, tu primera caja es la del mes siguiente.",
      "**Cancelación:** podés cancelar cuando quieras, sin permanencia mínima. Si cancelás antes del día 10, no se te cobra el mes siguiente; si ya se cobró, recibís esa última caja.",
      "Como los libros son sorpresa, no se pueden elegir. Si te llega uno que ya tenés, avisanos dentro de los 30 días y te lo cambiamos.",
      "El envío está incluido en CABA y GBA; al resto del país se calcula al suscribirte.",
    ],
  },
  {
    id: "otros",
    title: "6. Otras condiciones",
    paragraphs: [
      "Los datos que nos das se tratan según nuestra [política de privacidad](/privacidad). Estos términos se rigen por las leyes de la República Argentina. Ante cualquier reclamo, primero hablemos: casi todo se resuelve con un mensaje.",
    ],
  },
];

export const TERMS_2026_11_25: TermsEdition = {
  version: "2026-11-25",
  title: "Términos y condiciones",
  lead: "Queremos que comprar en Rizoma sea tan simple como entrar a una librería. Acá están las reglas de juego, escritas para que se entiendan.",
  sections: SECTIONS,
};
