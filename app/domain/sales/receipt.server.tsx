import { eq } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import type { RequestContext } from "~/domain/request-context";
import { sign, signingSecret, verify } from "~/domain/secrets/signing.server";
import { formatMoney } from "~/lib/money";
import type { Db } from "~db/index";
import { fairs, type saleItems as saleItemsTable, sales as salesTable } from "~db/schema";
import { PAYMENT_NAMES } from "./input";
import { saleLines } from "./lines.server";

type Sale = typeof salesTable.$inferSelect;
type SaleItem = typeof saleItemsTable.$inferSelect;

const TOKEN_PURPOSE = "sale-receipt";

/**
 * The buyer's receipt link of a counter or fair sale: `/recibo/{number}?token=`, signed like an order's page.
 * Shown as a QR on the seller's phone and e-mailed when the buyer gave an address. Pass the transaction when
 * calling inside one (on PGlite the key's read would wait for it otherwise).
 */
export async function saleSigner(db: Db, ctx: Pick<RequestContext, "configuredSecret" | "siteUrl">) {
  const secret = await signingSecret(db, ctx.configuredSecret);
  const token = (number: string) => sign(secret, TOKEN_PURPOSE, number).slice(number.length + 1);
  return {
    token,
    url: (number: string) => `${ctx.siteUrl}/recibo/${encodeURIComponent(number)}?token=${token(number)}`,
    valid: (number: string, given: string | null | undefined) =>
      !!given && given.length <= 64 && verify(secret, TOKEN_PURPOSE, `${number}.${given}`) === number,
  };
}

/** The receipt e-mail: what was bought, how it was paid, and the link to the receipt page (with the voucher). */
export function saleReceiptMail(data: MailSite & { sale: Sale; items: SaleItem[]; receiptUrl: string }): RenderedMail {
  const { sale, items } = data;
  const rows: [string, string][] = items.map((item) => [
    `${item.title} × ${item.quantity}`,
    formatMoney(item.lineTotalCents),
  ]);
  if (sale.discountCents > 0)
    rows.push([`Descuento (${sale.discountPercent}%)`, `−${formatMoney(sale.discountCents)}`]);
  rows.push(["Total", formatMoney(sale.totalCents)]);
  rows.push(["Pago", PAYMENT_NAMES[sale.paymentMethod]]);
  return {
    template: "sale-receipt",
    subject: `Tu compra en Rizoma: comprobante ${sale.number}`,
    html: html(
      <EmailLayout preview="Gracias por tu compra. Acá tenés el comprobante." siteUrl={data.siteUrl}>
        <Heading>¡Gracias por tu compra!</Heading>
        <P>
          Este es el comprobante de tu compra <strong>{sale.number}</strong>. La factura queda en la misma página apenas
          ARCA la autoriza.
        </P>
        <Rows rows={rows} />
        <Button href={data.receiptUrl}>Ver el comprobante</Button>
      </EmailLayout>,
    ),
    text: lines(
      "¡Gracias por tu compra!",
      "",
      `Este es el comprobante de tu compra ${sale.number}. La factura queda en la misma página apenas ARCA la autoriza.`,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      `Ver el comprobante: ${data.receiptUrl}`,
    ),
  };
}

/**
 * What follows a paid sale, in its transaction: the receipt e-mail to the buyer when they gave an address.
 * (The invoice, queued with the sale, is mailed by the invoice worker once ARCA authorises it.)
 */
export async function afterSaleRecorded(
  ctx: Pick<RequestContext, "siteUrl" | "configuredSecret">,
  tx: Db,
  sale: Sale,
  items: SaleItem[],
): Promise<void> {
  if (!sale.customerEmail) return;
  const signer = await saleSigner(tx, ctx);
  const mail = saleReceiptMail({ siteUrl: ctx.siteUrl, sale, items, receiptUrl: signer.url(sale.number) });
  await enqueueMail(tx, { to: sale.customerEmail, mail, siteUrl: ctx.siteUrl });
}

const SALE_NUMBER = /^VT-\d{6,}$/;
export const RECEIPT_NOT_FOUND = "No encontramos ese comprobante";

/**
 * The sale behind a receipt link, with its lines and the fair's name: a wrong token, a malformed or unknown
 * number are the same 404.
 */
export async function signedSale(
  ctx: Pick<RequestContext, "db" | "configuredSecret" | "siteUrl">,
  number: string,
  token: string | null,
) {
  const normalised = number.toUpperCase();
  const signer = await saleSigner(ctx.db, ctx);
  if (!SALE_NUMBER.test(normalised) || !signer.valid(normalised, token)) throw new NotFound(RECEIPT_NOT_FOUND);
  const [row] = await ctx.db
    .select({ sale: salesTable, fairName: fairs.name })
    .from(salesTable)
    .leftJoin(fairs, eq(fairs.id, salesTable.fairId))
    .where(eq(salesTable.number, normalised));
  if (!row) throw new NotFound(RECEIPT_NOT_FOUND);
  return { sale: row.sale, items: await saleLines(ctx.db, row.sale.id), fairName: row.fairName, signer };
}
