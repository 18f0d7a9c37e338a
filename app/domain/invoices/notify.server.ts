import { enqueueMail } from "~/domain/mail/outbox.server";
import type { RequestContext } from "~/domain/request-context";
import type { Db } from "~db/index";
import { voucherSource } from "./document.server";
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
    // A counter sale to a buyer who gave no e-mail: the voucher is on their receipt page, nobody to write to.
    if (!invoice.receiverEmail) return;
    const { orderNumber, reference } = await voucherSource(tx, invoice);
    const downloadUrl = orderNumber
      ? await invoiceDownloadUrl(
          { db: tx, configuredSecret: ctx.configuredSecret, siteUrl: ctx.siteUrl },
          orderNumber,
          invoice.id,
        )
      : null;
    const mail = invoiceIssuedMail({ siteUrl: ctx.siteUrl, invoice, reference, downloadUrl });
    await enqueueMail(tx, {
      to: invoice.receiverEmail,
      mail,
      siteUrl: ctx.siteUrl,
      attachments: [{ kind: "invoice", invoiceId: invoice.id }],
    });
  };
}
