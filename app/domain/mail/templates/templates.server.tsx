import { renderToStaticMarkup } from "react-dom/server";
import type { BankSettings } from "~/domain/settings/schema";
import { longDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { Button, EmailLayout, Heading, P, Rows, Steps } from "./layout";

/** The header that names the send a bulk message belongs to (`GET /api/caja/bulk-email/{campaign}`). */
export const CAMPAIGN_HEADER = "X-Rizoma-Campaign";

/** A rendered e-mail, ready for the outbox. Text is written by hand, not scraped from the HTML. */
export interface RenderedMail {
  template: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** What every template needs to link back to the shop. */
export interface MailSite {
  siteUrl: string;
}

export function html(element: React.ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

export const lines = (...parts: (string | false | null | undefined)[]) =>
  parts.filter((part) => part !== false && part !== null && part !== undefined).join("\n");

export const greeting = (name: string | null | undefined) => (name?.trim() ? `¡Hola, ${name.trim()}!` : "¡Hola!");

/** RFC 8058 one-click unsubscribe: mail clients show their own "unsubscribe" button. */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

// ---------------------------------------------------------------------------------------------------
// Newsletter

export function newsletterWelcome(
  data: MailSite & { name: string | null; interests: string[]; unsubscribeUrl: string },
): RenderedMail {
  const subject = "¡Bienvenida/o al newsletter de Rizoma!";
  const interests = data.interests.length
    ? `Vamos a tener en cuenta lo que te interesa: ${data.interests.join(", ")}.`
    : null;
  return {
    template: "newsletter-welcome",
    subject,
    headers: unsubscribeHeaders(data.unsubscribeUrl),
    html: html(
      <EmailLayout
        preview="Novedades, preventas y recomendaciones, una vez por mes."
        siteUrl={data.siteUrl}
        unsubscribeUrl={data.unsubscribeUrl}
      >
        <Heading>{greeting(data.name)}</Heading>
        <P>
          Gracias por sumarte al newsletter de Rizoma. Una vez por mes te vamos a escribir con las novedades de la
          librería, las preventas antes que nadie, recomendaciones de nuestro equipo y lo que viene en la Caja Rizoma.
        </P>
        {interests ? <P>{interests}</P> : null}
        <P>Mientras tanto, date una vuelta por la tienda: siempre hay algo nuevo en las mesas.</P>
        <Button href={`${data.siteUrl}/tienda`}>Explorar libros</Button>
      </EmailLayout>,
    ),
    text: lines(
      greeting(data.name),
      "",
      "Gracias por sumarte al newsletter de Rizoma. Una vez por mes te vamos a escribir con las novedades de la librería, las preventas antes que nadie, recomendaciones de nuestro equipo y lo que viene en la Caja Rizoma.",
      interests && `\n${interests}`,
      "",
      `Explorá la tienda: ${data.siteUrl}/tienda`,
      "",
      `¿No querés recibir más estos correos? Date de baja: ${data.unsubscribeUrl}`,
    ),
  };
}

/** The wrapper of a bulk message written in the admin (plain text: paragraphs split by blank lines). */
export function bulkMessage(
  data: MailSite & {
    subject: string;
    content: string;
    unsubscribeUrl?: string;
    /** Box subscribers: their own page (signed link). */
    manageUrl?: string;
    /** Groups the messages of one send, so the admin can follow its progress. */
    campaign?: string;
  },
): RenderedMail {
  const paragraphs = data.content
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return {
    template: "bulk",
    subject: data.subject,
    headers: {
      ...(data.unsubscribeUrl ? unsubscribeHeaders(data.unsubscribeUrl) : {}),
      ...(data.campaign ? { [CAMPAIGN_HEADER]: data.campaign } : {}),
    },
    html: html(
      <EmailLayout
        preview={paragraphs[0]?.slice(0, 120) ?? data.subject}
        siteUrl={data.siteUrl}
        unsubscribeUrl={data.unsubscribeUrl}
      >
        <Heading>{data.subject}</Heading>
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in a fixed order
          <P key={index} style={{ whiteSpace: "pre-line" }}>
            {paragraph}
          </P>
        ))}
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      paragraphs.join("\n\n"),
      data.manageUrl && `\n${manageLine(data.manageUrl)}`,
      "",
      "—",
      `Rizoma · ${data.siteUrl}`,
      data.unsubscribeUrl && `¿No querés recibir más estos correos? Date de baja: ${data.unsubscribeUrl}`,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// Orders

export interface OrderLine {
  title: string;
  quantity: number;
  unitCents: number;
}

export interface OrderSummary {
  orderNumber: string;
  customerName: string;
  items: OrderLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** e.g. "Retiro en la librería", "Envío estándar a Córdoba (3 a 5 días hábiles)". */
  deliveryLabel: string;
}

function OrderTable({ order }: { order: OrderSummary }) {
  return (
    <Rows
      rows={[
        ...order.items.map((item): [string, string] => [
          `${item.quantity} × ${item.title}`,
          formatMoney(item.unitCents * item.quantity),
        ]),
        ["Subtotal", formatMoney(order.subtotalCents)],
        ...(order.discountCents > 0
          ? [["Descuentos", `− ${formatMoney(order.discountCents)}`] as [string, string]]
          : []),
        [
          "Entrega",
          order.shippingCents > 0
            ? `${order.deliveryLabel}: ${formatMoney(order.shippingCents)}`
            : `${order.deliveryLabel}: sin cargo`,
        ],
        ["Total", formatMoney(order.totalCents)],
      ]}
    />
  );
}

function orderText(order: OrderSummary): string {
  return lines(
    ...order.items.map((item) => `- ${item.quantity} × ${item.title}: ${formatMoney(item.unitCents * item.quantity)}`),
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    order.discountCents > 0 && `Descuentos: − ${formatMoney(order.discountCents)}`,
    `Entrega: ${order.deliveryLabel}${order.shippingCents > 0 ? `: ${formatMoney(order.shippingCents)}` : ": sin cargo"}`,
    `Total: ${formatMoney(order.totalCents)}`,
  );
}

/** The three steps of the spec's transfer modal, in words for an e-mail. */
export function transferSteps(orderNumber: string, contact: { whatsapp: string; email: string }): string[] {
  return [
    "Hacé la transferencia bancaria a la cuenta de abajo por el total del pedido.",
    `Mandanos el comprobante con tu nombre y el número de pedido (${orderNumber}) por WhatsApp al ${contact.whatsapp} o por correo a ${contact.email}.`,
    "Cuando confirmemos el pago, despachamos tu pedido y te avisamos por correo.",
  ];
}

export function orderReceivedTransfer(
  data: MailSite & { order: OrderSummary; bank: BankSettings; contact: { whatsapp: string; email: string } },
): RenderedMail {
  const { order, bank } = data;
  const steps = transferSteps(order.orderNumber, data.contact);
  const bankRows: [string, string][] = [
    ["Titular", bank.holder],
    ["Banco", bank.bank],
    ["CBU/CVU", bank.cbu],
    ["Alias", bank.alias],
    ["CUIT", bank.cuit],
    ["Importe", formatMoney(order.totalCents)],
  ];
  return {
    template: "order-received",
    subject: `Recibimos tu pedido ${order.orderNumber}: te pasamos los datos para transferir`,
    html: html(
      <EmailLayout preview={`Pedido ${order.orderNumber} · Estado: PAGO PENDIENTE`} siteUrl={data.siteUrl}>
        <Heading>TU PEDIDO FUE REGISTRADO</Heading>
        <P>
          {greeting(order.customerName)} Gracias por tu compra. Tu pedido <strong>{order.orderNumber}</strong> quedó
          registrado con el 15% de descuento por transferencia.
        </P>
        <P>
          <strong>Estado: PAGO PENDIENTE</strong>
        </P>
        <Steps steps={steps} />
        <Rows rows={bankRows} />
        <OrderTable order={order} />
        <P style={{ color: "#5b5f57", fontSize: 14 }}>
          Reservamos los libros de tu pedido mientras esperamos la transferencia.
        </P>
      </EmailLayout>,
    ),
    text: lines(
      "TU PEDIDO FUE REGISTRADO",
      "",
      `${greeting(order.customerName)} Gracias por tu compra. Tu pedido ${order.orderNumber} quedó registrado con el 15% de descuento por transferencia.`,
      "",
      "Estado: PAGO PENDIENTE",
      "",
      ...steps.map((step, index) => `${index + 1}. ${step}`),
      "",
      ...bankRows.map(([label, value]) => `${label}: ${value}`),
      "",
      orderText(order),
      "",
      "Reservamos los libros de tu pedido mientras esperamos la transferencia.",
    ),
  };
}

export function orderPaid(data: MailSite & { order: OrderSummary }): RenderedMail {
  const { order } = data;
  return {
    template: "order-paid",
    subject: `¡Pago confirmado! Pedido ${order.orderNumber}`,
    html: html(
      <EmailLayout preview="Ya estamos preparando tu pedido." siteUrl={data.siteUrl}>
        <Heading>¡Pago confirmado!</Heading>
        <P>
          {greeting(order.customerName)} Recibimos el pago de tu pedido <strong>{order.orderNumber}</strong>. Ya lo
          estamos preparando y te avisamos cuando salga.
        </P>
        <OrderTable order={order} />
      </EmailLayout>,
    ),
    text: lines(
      "¡Pago confirmado!",
      "",
      `${greeting(order.customerName)} Recibimos el pago de tu pedido ${order.orderNumber}. Ya lo estamos preparando y te avisamos cuando salga.`,
      "",
      orderText(order),
    ),
  };
}

export function orderShipped(
  data: MailSite & { order: OrderSummary; tracking?: { carrier: string; code: string; url?: string } | null },
): RenderedMail {
  const { order, tracking } = data;
  const pickup = order.shippingCents === 0 && /retiro/i.test(order.deliveryLabel);
  const lead = pickup
    ? `Tu pedido ${order.orderNumber} ya está listo para retirar.`
    : `Tu pedido ${order.orderNumber} ya está en camino.`;
  return {
    template: "order-shipped",
    subject: pickup
      ? `Tu pedido ${order.orderNumber} está listo para retirar`
      : `Tu pedido ${order.orderNumber} está en camino`,
    html: html(
      <EmailLayout preview={lead} siteUrl={data.siteUrl}>
        <Heading>{pickup ? "¡Listo para retirar!" : "¡Tu pedido está en camino!"}</Heading>
        <P>
          {greeting(order.customerName)} {lead}
        </P>
        {tracking ? (
          <Rows
            rows={[
              ["Transporte", tracking.carrier],
              [
                "Seguimiento",
                tracking.url ? (
                  <a key="tracking" href={tracking.url}>
                    {tracking.code}
                  </a>
                ) : (
                  tracking.code
                ),
              ],
            ]}
          />
        ) : null}
        <OrderTable order={order} />
      </EmailLayout>,
    ),
    text: lines(
      greeting(order.customerName),
      lead,
      tracking &&
        `Transporte: ${tracking.carrier}. Seguimiento: ${tracking.code}${tracking.url ? ` (${tracking.url})` : ""}`,
      "",
      orderText(order),
    ),
  };
}

/** The buyer chose Mercado Pago: the order is reserved and waits for the payment (the link retries it). */
export function orderAwaitingMercadoPago(data: MailSite & { order: OrderSummary; orderUrl: string }): RenderedMail {
  const { order } = data;
  const lead = `Tu pedido ${order.orderNumber} quedó registrado. Si todavía no completaste el pago con Mercado Pago, podés hacerlo desde la página de tu pedido.`;
  return {
    template: "order-received-mercadopago",
    subject: `Recibimos tu pedido ${order.orderNumber}`,
    html: html(
      <EmailLayout preview={`Pedido ${order.orderNumber} · Estado: PAGO PENDIENTE`} siteUrl={data.siteUrl}>
        <Heading>TU PEDIDO FUE REGISTRADO</Heading>
        <P>
          {greeting(order.customerName)} {lead}
        </P>
        <Button href={data.orderUrl}>Ver mi pedido</Button>
        <OrderTable order={order} />
      </EmailLayout>,
    ),
    text: lines(
      "TU PEDIDO FUE REGISTRADO",
      "",
      `${greeting(order.customerName)} ${lead}`,
      `Tu pedido: ${data.orderUrl}`,
      "",
      orderText(order),
    ),
  };
}

/** Delivered, cancelled or expired: one short notice with the order's summary. */
export function orderStatusNotice(
  data: MailSite & {
    order: OrderSummary;
    orderUrl: string;
    kind: "delivered" | "cancelled" | "expired";
    reason?: string | null;
  },
): RenderedMail {
  const { order } = data;
  const texts = {
    delivered: {
      subject: `Tu pedido ${order.orderNumber} fue entregado`,
      heading: "¡Pedido entregado!",
      lead: `Tu pedido ${order.orderNumber} fue entregado. ¡Que lo disfrutes! Gracias por comprar en Rizoma.`,
    },
    cancelled: {
      subject: `Tu pedido ${order.orderNumber} fue cancelado`,
      heading: "Pedido cancelado",
      lead: `Cancelamos tu pedido ${order.orderNumber}.${data.reason ? ` Motivo: ${data.reason}.` : ""} Si tenés dudas, respondé este correo.`,
    },
    expired: {
      subject: `Tu pedido ${order.orderNumber} se canceló por falta de pago`,
      heading: "Pedido vencido",
      lead: `No recibimos la transferencia de tu pedido ${order.orderNumber} a tiempo, así que lo cancelamos y liberamos los libros. Si todavía los querés, podés hacer un pedido nuevo.`,
    },
  }[data.kind];
  return {
    template: `order-${data.kind}`,
    subject: texts.subject,
    html: html(
      <EmailLayout preview={texts.lead} siteUrl={data.siteUrl}>
        <Heading>{texts.heading}</Heading>
        <P>
          {greeting(order.customerName)} {texts.lead}
        </P>
        <Button href={data.orderUrl}>Ver mi pedido</Button>
        <OrderTable order={order} />
      </EmailLayout>,
    ),
    text: lines(
      texts.heading,
      "",
      `${greeting(order.customerName)} ${texts.lead}`,
      `Tu pedido: ${data.orderUrl}`,
      "",
      orderText(order),
    ),
  };
}

/** To the shop: a new order came in. */
export function orderPlacedShop(
  data: MailSite & { order: OrderSummary; email: string; phone: string; paymentLabel: string },
): RenderedMail {
  const { order } = data;
  const adminUrl = `${data.siteUrl}/admin/pedidos/${order.orderNumber}`;
  const rows: [string, string][] = [
    ["Pedido", order.orderNumber],
    ["Cliente", order.customerName],
    ["Email", data.email],
    ["Teléfono", data.phone],
    ["Pago", data.paymentLabel],
  ];
  return {
    template: "order-placed-shop",
    subject: `Nuevo pedido ${order.orderNumber} (${formatMoney(order.totalCents)})`,
    html: html(
      <EmailLayout preview={`${order.customerName} hizo un pedido.`} siteUrl={data.siteUrl}>
        <Heading>Nuevo pedido</Heading>
        <Rows rows={rows} />
        <OrderTable order={order} />
        <Button href={adminUrl}>Ver el pedido</Button>
      </EmailLayout>,
    ),
    text: lines(
      "Nuevo pedido",
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      orderText(order),
      "",
      adminUrl,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// Caja Rizoma

export interface BoxMailData extends MailSite {
  name: string;
  planName: string;
  amountCents: number;
  /** The subscriber's own page (signed link): plan, status, payments, pause or cancel. */
  manageUrl?: string;
}

function ManageLink({ href }: { href?: string }) {
  return href ? <Button href={href}>Ver o cambiar mi suscripción</Button> : null;
}
const manageLine = (href?: string) => href && `Ver o cambiar mi suscripción (pausar o cancelar): ${href}`;

export function boxWelcome(data: BoxMailData): RenderedMail {
  return {
    template: "box-welcome",
    subject: "¡Bienvenida/o a la Caja Rizoma!",
    html: html(
      <EmailLayout preview="Tu suscripción a la Caja Rizoma está activa." siteUrl={data.siteUrl}>
        <Heading>¡Ya sos parte de la Caja Rizoma!</Heading>
        <P>
          {greeting(data.name)} Tu suscripción al plan <strong>{data.planName}</strong> ({formatMoney(data.amountCents)}
          ) está activa.
        </P>
        <P>
          Cada mes te llegan dos libros sorpresa elegidos por una curadora o un curador distinto, con señaladores,
          stickers y una carta. Las cajas se arman con las suscripciones hechas antes del día 10 y se entregan entre el
          15 y el 25 de cada mes.
        </P>
        <P>Podés cancelar cuando quieras: no hay permanencia mínima.</P>
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "¡Ya sos parte de la Caja Rizoma!",
      "",
      `${greeting(data.name)} Tu suscripción al plan ${data.planName} (${formatMoney(data.amountCents)}) está activa.`,
      "",
      "Cada mes te llegan dos libros sorpresa elegidos por una curadora o un curador distinto, con señaladores, stickers y una carta. Las cajas se arman con las suscripciones hechas antes del día 10 y se entregan entre el 15 y el 25 de cada mes.",
      "",
      "Podés cancelar cuando quieras: no hay permanencia mínima.",
      manageLine(data.manageUrl),
    ),
  };
}

export function boxPaymentReceived(data: BoxMailData & { periodLabel: string }): RenderedMail {
  return {
    template: "box-payment",
    subject: `Recibimos el pago de tu Caja Rizoma de ${data.periodLabel}`,
    html: html(
      <EmailLayout preview={`Pago de ${formatMoney(data.amountCents)} acreditado.`} siteUrl={data.siteUrl}>
        <Heading>¡Pago recibido!</Heading>
        <P>
          {greeting(data.name)} Se acreditó el pago de {formatMoney(data.amountCents)} de tu plan{" "}
          <strong>{data.planName}</strong> para la caja de {data.periodLabel}. Te avisamos cuando salga.
        </P>
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "¡Pago recibido!",
      "",
      `${greeting(data.name)} Se acreditó el pago de ${formatMoney(data.amountCents)} de tu plan ${data.planName} para la caja de ${data.periodLabel}. Te avisamos cuando salga.`,
      manageLine(data.manageUrl),
    ),
  };
}

/** To the shop: a subscriber paused, cancelled or reactivated their box on their own page. */
export function boxSubscriberChangedShop(
  data: MailSite & { name: string; email: string; planName: string; change: "pausó" | "canceló" | "reactivó" },
): RenderedMail {
  const summary = `${data.name} (${data.email}) ${data.change} su suscripción al plan ${data.planName} de la Caja Rizoma.`;
  return {
    template: "box-subscriber-changed-shop",
    subject: `Caja Rizoma: ${data.name} ${data.change} su suscripción`,
    html: html(
      <EmailLayout preview={summary} siteUrl={data.siteUrl}>
        <Heading>Cambio en una suscripción</Heading>
        <P>{summary}</P>
        <Button href={`${data.siteUrl}/admin/caja`}>Ver suscripciones</Button>
      </EmailLayout>,
    ),
    text: lines("Cambio en una suscripción", "", summary, "", `Ver suscripciones: ${data.siteUrl}/admin/caja`),
  };
}

// ---------------------------------------------------------------------------------------------------
// QR prizes

export interface PrizeClaim {
  code: string;
  bookTitle: string;
  name: string;
  email: string;
  dni: string;
  phone: string;
  claimedAt: Date;
}

export function prizeClaimedWinner(
  data: MailSite & { claim: PrizeClaim; contact: { address: string; hours: string; whatsapp: string } },
): RenderedMail {
  const { claim, contact } = data;
  return {
    template: "prize-winner",
    subject: `¡Ganaste «${claim.bookTitle}»!`,
    html: html(
      <EmailLayout preview={`Código ${claim.code}: tu premio te espera.`} siteUrl={data.siteUrl}>
        <Heading>¡Felicitaciones, {claim.name}!</Heading>
        <P>
          Reclamaste el premio del código <strong>{claim.code}</strong>: el libro <strong>«{claim.bookTitle}»</strong>.
        </P>
        <P>
          Pasá a retirarlo por {contact.address} ({contact.hours}) con tu DNI, o escribinos por WhatsApp al{" "}
          {contact.whatsapp} y coordinamos el envío.
        </P>
      </EmailLayout>,
    ),
    text: lines(
      `¡Felicitaciones, ${claim.name}!`,
      "",
      `Reclamaste el premio del código ${claim.code}: el libro «${claim.bookTitle}».`,
      `Pasá a retirarlo por ${contact.address} (${contact.hours}) con tu DNI, o escribinos por WhatsApp al ${contact.whatsapp} y coordinamos el envío.`,
    ),
  };
}

export function prizeClaimedShop(data: MailSite & { claim: PrizeClaim }): RenderedMail {
  const { claim } = data;
  const rows: [string, string][] = [
    ["Código", claim.code],
    ["Libro", claim.bookTitle],
    ["Nombre", claim.name],
    ["Email", claim.email],
    ["DNI", claim.dni],
    ["Teléfono", claim.phone],
    ["Fecha", longDateTime(claim.claimedAt)],
  ];
  return {
    template: "prize-shop",
    subject: `Premio reclamado: ${claim.code} («${claim.bookTitle}»)`,
    html: html(
      <EmailLayout preview={`${claim.name} reclamó ${claim.code}.`} siteUrl={data.siteUrl}>
        <Heading>Se reclamó un premio</Heading>
        <Rows rows={rows} />
        <Button href={`${data.siteUrl}/admin/qr`}>Ver ganadores</Button>
      </EmailLayout>,
    ),
    text: lines(
      "Se reclamó un premio",
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      `${data.siteUrl}/admin/qr`,
    ),
  };
}
