/**
 * The shop's terms and conditions (/terminos): the one source the page renders and the server hashes
 * (terms.server.ts), so the version an order records is the text the buyer could read.
 *
 * Contract: whoever changes any text below changes TERMS_VERSION to that day, moves the text it replaces,
 * untouched, to its own frozen file (terms-2026-11-25.ts is the first) listed in TERMS_ARCHIVE, and pins
 * the new hash in terms.test.ts beside the old ones; the test fails until all move together. An order
 * keeps the version it was sold under, and /terminos?version=… still shows that text.
 *
 * Inline markup: `**bold**`, `[text](/path)`, and `{placeholder}` for a value that lives in the settings
 * (TermsValues). The hash covers the template with its placeholders, not the values: the values an order
 * was sold under (its prices, its transfer discount) are stored with the order itself. A text with `if`
 * is shown only under that condition; both variants are part of the hashed text.
 */

import { longDate } from "~/lib/dates";
import { TERMS_2026_11_25 } from "./terms-2026-11-25";

/**
 * The day these terms last changed (Buenos Aires calendar day). 2026-11-29: the card instalments state
 * their CFTEA as the rest of the site does, and the Caja Rizoma's own withdrawal is told (decision 0052).
 */
export const TERMS_VERSION = "2026-11-29";

/** "del 25 de noviembre de 2026": how a version is named to people ("Versión del …", "versión del …"). */
export function termsVersionLabel(version: string): string {
  return `del ${longDate(version)}`;
}

export type TermsCondition = "transferDiscount" | "noTransferDiscount";
export type TermsText = string | { text: string; if: TermsCondition };

export interface TermsSection {
  id: string;
  title: string;
  paragraphs?: TermsText[];
  items?: TermsText[];
}

/** One version of the terms, whole: what its hash is taken of and what /terminos?version=… shows. */
export interface TermsEdition {
  version: string;
  title: string;
  lead: string;
  sections: TermsSection[];
}

/** The values the placeholders take on the page. */
export interface TermsValues {
  /** The transfer discount of the settings, shown as `{transferDiscount}` ("15%"); 0 picks the variants without it. */
  transferDiscountPercent: number;
  /** The Caja Rizoma's monthly plan, formatted ("$ 54.000"). */
  boxMonthlyPrice: string;
}

export const TERMS_TITLE = "Términos y condiciones";

export const TERMS_LEAD =
  "Queremos que comprar en Rizoma sea tan simple como entrar a una librería. Acá están las reglas de juego, escritas para que se entiendan.";

export const TERMS_SECTIONS: TermsSection[] = [
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
      "Con **tarjeta** pagás a través de Mercado Pago, en un pago o en hasta 3 cuotas sin interés: **CFTEA 0,00%** (costo financiero total efectivo anual; TNA 0,00%, TEA 0,00%). Cada cuota es el precio de contado dividido en partes iguales, y junto al precio te mostramos cuánto es cada una. Las cuotas se ofrecen solo mientras el pago con Mercado Pago está disponible. Nunca vemos ni guardamos los datos de tu tarjeta.",
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
      "**Cancelación:** podés cancelar cuando quieras, sin permanencia mínima, con el [Botón de baja](/caja-rizoma/baja). Si cancelás antes del día 10, no se te cobra el mes siguiente; si ya se cobró, recibís esa última caja.",
      "**Arrepentimiento:** dentro de los 10 días corridos desde que te suscribiste (si el último es inhábil, hasta el siguiente día hábil) podés arrepentirte sin costo ni explicaciones con el [Botón de arrepentimiento](/arrepentimiento) y el número de tu suscripción (CR-…). La cancelamos y te devolvemos el primer cobro por Mercado Pago. Si tu primera caja ya salió o la retiraste en la librería, coordinamos con vos su devolución, sin costo, y te devolvemos el cobro cuando la recibimos.",
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

const CONDITION_LABELS: Record<TermsCondition, string> = {
  transferDiscount: "[con descuento por transferencia] ",
  noTransferDiscount: "[sin descuento por transferencia] ",
};

const canonical = (text: TermsText) => (typeof text === "string" ? text : `${CONDITION_LABELS[text.if]}${text.text}`);

/** The terms in force. */
export const TERMS_CURRENT: TermsEdition = {
  version: TERMS_VERSION,
  title: TERMS_TITLE,
  lead: TERMS_LEAD,
  sections: TERMS_SECTIONS,
};

/** The versions an order may have been sold under before this one, oldest first, each frozen in its file. */
export const TERMS_ARCHIVE: readonly TermsEdition[] = [TERMS_2026_11_25];

/** A version of the terms by its day ("2026-11-25"): the one in force or an archived one; null if none. */
export function termsEdition(version: string | null | undefined): TermsEdition | null {
  if (version === TERMS_VERSION) return TERMS_CURRENT;
  return TERMS_ARCHIVE.find((edition) => edition.version === version) ?? null;
}

/**
 * A version of the terms as one plain text (title, lead, sections; Unix newlines; markup and placeholders
 * kept): what its hash is taken of. Any change to a visible word changes it.
 */
export function termsCanonicalText(edition: TermsEdition = TERMS_CURRENT): string {
  const parts = [`# ${edition.title}`, edition.lead];
  for (const section of edition.sections) {
    parts.push(`## ${section.title}`);
    for (const paragraph of section.paragraphs ?? []) parts.push(canonical(paragraph));
    for (const item of section.items ?? []) parts.push(`- ${canonical(item)}`);
  }
  return `${parts.join("\n\n")}\n`;
}

/** Whether a text shows with these values (the transfer discount's variants). */
export function termsTextShown(text: TermsText, values: TermsValues): boolean {
  if (typeof text === "string") return true;
  const discount = values.transferDiscountPercent > 0;
  return text.if === "transferDiscount" ? discount : !discount;
}

export const termsTextOf = (text: TermsText) => (typeof text === "string" ? text : text.text);

/** A placeholder's text on the page. */
export function termsValue(name: string, values: TermsValues): string | null {
  if (name === "transferDiscount") return `${values.transferDiscountPercent}%`;
  if (name === "boxMonthlyPrice") return values.boxMonthlyPrice;
  return null;
}
