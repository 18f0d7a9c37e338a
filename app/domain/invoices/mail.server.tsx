import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { longDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { voucherLabel, voucherNumberText } from "./codes";
import type { InvoiceRow } from "./pdf.server";

/** The letters of the invoicing area: each issued voucher goes to the buyer, its PDF attached. */

/** Printed on every voucher that ARCA's production did not authorise (the demo's sandbox, homologación). */
export const TEST_VOUCHER_NOTICE = "COMPROBANTE DE PRUEBA — sin validez fiscal";

/**
 * What the voucher is for, after "Tu factura …": "Pedido RZ-000123" -> "del pedido RZ-000123",
 * "Caja Rizoma de noviembre de 2026" -> "de la Caja Rizoma de noviembre de 2026" (voucherSource's words).
 */
function referencePhrase(reference: string | null): string | null {
  if (!reference) return null;
  const order = /^Pedido (.+)$/.exec(reference);
  if (order) return `del pedido ${order[1]}`;
  if (reference.startsWith("Caja Rizoma")) return `de la ${reference}`;
  return `de ${reference.charAt(0).toLowerCase()}${reference.slice(1)}`;
}

const CREDIT_REASONS: Record<string, string> = {
  refund: "por el reembolso",
  cancellation: "por la cancelación",
  withdrawal: "por tu arrepentimiento de la compra",
};

/**
 * An issued invoice or credit note, to its receiver: which voucher, its total and CAE, the PDF attached
 * (the outbox row carries it by reference, see enqueueMail's `attachments`), and the download link of
 * the order page when there is one (box charges have none). A voucher outside ARCA's production says
 * plainly that it is a test without fiscal validity, in the subject and first thing in the body.
 */
export function invoiceIssuedMail(
  data: MailSite & { invoice: InvoiceRow; reference: string | null; downloadUrl: string | null },
): RenderedMail {
  const { invoice, downloadUrl } = data;
  const creditNote = invoice.kind === "credit_note";
  const test = invoice.environment !== "produccion";
  const voucher = `${voucherLabel(invoice.voucherType)} ${voucherNumberText(invoice.pointOfSale, invoice.number)}`;
  const phrase = referencePhrase(data.reference);
  const subject = `${creditNote ? "Nota de crédito" : "Tu factura"} ${phrase ?? "de Rizoma"}${test ? " (de prueba)" : ""}`;
  const lead = creditNote
    ? `Emitimos la ${voucher} ${[CREDIT_REASONS[invoice.reason ?? ""], phrase].filter(Boolean).join(" ")}: deja sin efecto la factura de tu compra.`
    : `Ya emitimos la ${voucher}${phrase ? ` ${phrase}` : ""}. Gracias por tu compra.`;
  const rows: [string, string][] = [
    ["Comprobante", voucher],
    ...(invoice.issuedOn ? [["Fecha", longDate(invoice.issuedOn)] as [string, string]] : []),
    ["Total", formatMoney(invoice.totalCents)],
    ["CAE", invoice.cae ?? "—"],
    ...(invoice.caeExpiry ? [["Vencimiento del CAE", longDate(invoice.caeExpiry)] as [string, string]] : []),
  ];
  const attached = `Te la adjuntamos en PDF${downloadUrl ? "; también podés descargarla desde tu pedido cuando quieras" : ""}.`;
  const testNote = `${TEST_VOUCHER_NOTICE}. La tienda está en modo de prueba: este comprobante no es una factura real y no sirve para ningún trámite.`;
  return {
    template: "invoice-issued",
    subject,
    html: html(
      <EmailLayout preview={`${voucher} · Total ${formatMoney(invoice.totalCents)}`} siteUrl={data.siteUrl}>
        <Heading>{creditNote ? "Tu nota de crédito" : "Tu factura"}</Heading>
        {test ? (
          <P
            style={{ background: "#fbeee8", color: "#8a3b1f", padding: "10px 12px", borderRadius: 6, fontWeight: 600 }}
          >
            {testNote}
          </P>
        ) : null}
        <P>¡Hola! {lead}</P>
        <Rows rows={rows} />
        <P>{attached}</P>
        {downloadUrl ? <Button href={downloadUrl}>Descargar el PDF</Button> : null}
      </EmailLayout>,
    ),
    text: lines(
      creditNote ? "TU NOTA DE CRÉDITO" : "TU FACTURA",
      "",
      test && testNote,
      test && "",
      `¡Hola! ${lead}`,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      attached,
      downloadUrl && `Descargala acá: ${downloadUrl}`,
    ),
  };
}
