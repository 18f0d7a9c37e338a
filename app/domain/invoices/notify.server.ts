import { eq } from "drizzle-orm";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { RequestContext } from "~/domain/request-context";
import type { Db } from "~db/index";
import { invoices, orders } from "~db/schema";
import { invoiceReference } from "./document.server";
import { invoiceDownloadUrl } from "./links.server";
import { invoiceIssuedMail } from "./mail.server";
import type { InvoiceRow } from "./pdf.server";

/**
 * What follows an issued voucher, in the transaction that writes its CAE: the receiver's e-mail with the
 * PDF attached (rendered by the mail worker when it sends) and, for an order, the signed download link of
 * the order page. Reads through `tx` only (on PGlite another connection would wait for this transaction).
 */
export function invoiceIssued(ctx: Pick<RequestContext, "siteUrl" | "configuredSecret">) {
  return async (tx: Db, invoice: InvoiceRow): Promise<void> => {
    const [source] = invoice.originalInvoiceId
      ? await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.id, invoice.originalInvoiceId))
      : [{ orderId: invoice.orderId }];
    const [order] = source?.orderId
      ? await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, source.orderId))
      : [];
    const downloadUrl = order
      ? await invoiceDownloadUrl(
          { db: tx, configuredSecret: ctx.configuredSecret, siteUrl: ctx.siteUrl },
          order.number,
          invoice.id,
        )
      : null;
    const mail = invoiceIssuedMail({
      siteUrl: ctx.siteUrl,
      invoice,
      reference: await invoiceReference(tx, invoice),
      downloadUrl,
    });
    await enqueueMail(tx, {
      to: invoice.receiverEmail,
      mail,
      siteUrl: ctx.siteUrl,
      attachments: [{ kind: "invoice", invoiceId: invoice.id }],
    });
  };
}
