import type { ReactNode } from "react";
import { termsVersionLabel } from "~/domain/legal/terms";
import { Button, EmailLayout, Heading, P, Rows, Steps } from "~/domain/mail/templates/layout";
import { greeting, html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import type { BankSettings } from "~/domain/settings/schema";
import { netPriceText } from "~/domain/taxes/net-prices";
import { WITHDRAWAL_NOTICE_BODY, WITHDRAWAL_NOTICE_HOW, WITHDRAWAL_NOTICE_TITLE } from "~/domain/withdrawals/notice";
import { formatMoney } from "~/lib/money";

/** The letters of an order: to the buyer at each step, and to the shop when one comes in. */

export interface OrderLine {
  title: string;
  quantity: number;
  unitCents: number;
  /** unitCents × quantity without national taxes, at the rate the line was sold at. */
  netCents: number;
}

export interface OrderSummary {
  orderNumber: string;
  customerName: string;
  items: OrderLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** The total without national taxes (storedOrderNet: what the checkout and the order page show). */
  totalNetCents: number;
  /** e.g. "Retiro en la librería", "Envío estándar a Córdoba (3 a 5 días hábiles)". */
  deliveryLabel: string;
  /** The transfer discount the order was given, in percent (null: none). */
  transferPercent?: number | null;
  /** The terms the buyer accepted (TERMS_VERSION of the day; null for older orders). */
  termsVersion?: string | null;
}

/** "Aceptaste los Términos y condiciones, versión del 25 de noviembre de 2026", for the order-received letters. */
function termsAccepted(order: OrderSummary): string | null {
  return order.termsVersion
    ? `Aceptaste los Términos y condiciones, versión ${termsVersionLabel(order.termsVersion)}`
    : null;
}

/**
 * Ley 24.240 art. 34 and CCyC art. 1111: every document of a distance sale tells the buyer, in plain sight,
 * that they may revoke it, for free, and how (without it the right does not expire). At the top of the
 * order's letters, highlighted, not in the small print.
 */
const withdrawalNotice = `${WITHDRAWAL_NOTICE_BODY} ${WITHDRAWAL_NOTICE_HOW} Botón de arrepentimiento`;
const withdrawalUrl = (order: OrderSummary, siteUrl: string) =>
  `${siteUrl}/arrepentimiento?pedido=${encodeURIComponent(order.orderNumber)}`;

function WithdrawalNotice({ order, siteUrl }: { order: OrderSummary; siteUrl: string }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 18px" }}>
      <tbody>
        <tr>
          <td
            style={{
              background: "#fff4d6",
              border: "2px solid #b7791f",
              borderRadius: 8,
              padding: "12px 16px",
              color: "#1f2a1c",
              fontSize: 16,
            }}
          >
            <strong>{WITHDRAWAL_NOTICE_TITLE}</strong>
            <br />
            {withdrawalNotice}:{" "}
            <a href={withdrawalUrl(order, siteUrl)} style={{ color: "#1f4d2b", fontWeight: 700 }}>
              {withdrawalUrl(order, siteUrl)}
            </a>
            .
          </td>
        </tr>
      </tbody>
    </table>
  );
}

const withdrawalText = (order: OrderSummary, siteUrl: string) =>
  `>> ${WITHDRAWAL_NOTICE_TITLE}. ${withdrawalNotice}: ${withdrawalUrl(order, siteUrl)}`;

/** The text the buyer accepted, even once the terms change: /terminos keeps every version (?version=). */
const termsUrl = (order: OrderSummary, siteUrl: string) =>
  `${siteUrl}/terminos?version=${encodeURIComponent(order.termsVersion ?? "")}`;

function TermsNote({ order, siteUrl }: { order: OrderSummary; siteUrl: string }) {
  const accepted = termsAccepted(order);
  return accepted ? (
    <P style={{ color: "#5b5f57", fontSize: 14 }}>
      {accepted}: <a href={termsUrl(order, siteUrl)}>leelos acá</a>.
    </P>
  ) : null;
}

const termsText = (order: OrderSummary, siteUrl: string) => {
  const accepted = termsAccepted(order);
  return accepted ? `${accepted}: ${termsUrl(order, siteUrl)}` : null;
};

/** An amount with its net under it, smaller (Res. SIC 4/2025 art. 2). */
function WithNet({ cents, netCents }: { cents: number; netCents: number }) {
  return (
    <>
      {formatMoney(cents)}
      <br />
      <span style={{ fontSize: 12, fontWeight: 400, color: "#5b5f57" }}>{netPriceText(netCents)}</span>
    </>
  );
}

function OrderTable({ order }: { order: OrderSummary }) {
  return (
    <Rows
      rows={[
        ...order.items.map((item): [string, ReactNode] => [
          `${item.quantity} × ${item.title}`,
          <WithNet key={item.title} cents={item.unitCents * item.quantity} netCents={item.netCents} />,
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
        ["Total", <WithNet key="total" cents={order.totalCents} netCents={order.totalNetCents} />],
      ]}
    />
  );
}

function orderText(order: OrderSummary): string {
  return lines(
    ...order.items.map(
      (item) =>
        `- ${item.quantity} × ${item.title}: ${formatMoney(item.unitCents * item.quantity)} (${netPriceText(item.netCents)})`,
    ),
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    order.discountCents > 0 && `Descuentos: − ${formatMoney(order.discountCents)}`,
    `Entrega: ${order.deliveryLabel}${order.shippingCents > 0 ? `: ${formatMoney(order.shippingCents)}` : ": sin cargo"}`,
    `Total: ${formatMoney(order.totalCents)} (${netPriceText(order.totalNetCents)})`,
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
  const registered = order.transferPercent
    ? `quedó registrado con el ${order.transferPercent}% de descuento por transferencia.`
    : "quedó registrado.";
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
        <WithdrawalNotice order={order} siteUrl={data.siteUrl} />
        <P>
          {greeting(order.customerName)} Gracias por tu compra. Tu pedido <strong>{order.orderNumber}</strong>{" "}
          {registered}
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
        <TermsNote order={order} siteUrl={data.siteUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "TU PEDIDO FUE REGISTRADO",
      "",
      withdrawalText(order, data.siteUrl),
      "",
      `${greeting(order.customerName)} Gracias por tu compra. Tu pedido ${order.orderNumber} ${registered}`,
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
      termsText(order, data.siteUrl) && "",
      termsText(order, data.siteUrl),
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
        <WithdrawalNotice order={order} siteUrl={data.siteUrl} />
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
      withdrawalText(order, data.siteUrl),
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
        <WithdrawalNotice order={order} siteUrl={data.siteUrl} />
        <P>
          {greeting(order.customerName)} {lead}
        </P>
        <Button href={data.orderUrl}>Ver mi pedido</Button>
        <OrderTable order={order} />
        <TermsNote order={order} siteUrl={data.siteUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "TU PEDIDO FUE REGISTRADO",
      "",
      withdrawalText(order, data.siteUrl),
      "",
      `${greeting(order.customerName)} ${lead}`,
      `Tu pedido: ${data.orderUrl}`,
      "",
      orderText(order),
      termsText(order, data.siteUrl) && "",
      termsText(order, data.siteUrl),
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
