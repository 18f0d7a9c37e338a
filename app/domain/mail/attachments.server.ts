import { invoicePdf } from "~/domain/invoices/document.server";
import type { MailAttachment } from "~/integrations/mail/transport.server";
import type { Db } from "~db/index";
import type { MailAttachmentRef } from "~db/schema";

/**
 * Turns an outbox row's attachment reference into the file, when the message is sent (not when it is
 * queued: the queueing transaction stays small, and a retry renders again from the stored record). A
 * throw fails the attempt like a refused send: the worker retries it with backoff.
 */
export type AttachmentResolver = (ref: MailAttachmentRef) => Promise<MailAttachment>;

/** The shop's attachments: an issued voucher's PDF (app/domain/invoices/document.server.ts). */
export function storedAttachments(db: Db): AttachmentResolver {
  return async (ref) => {
    switch (ref.kind) {
      case "invoice": {
        const { filename, pdf } = await invoicePdf(db, ref.invoiceId);
        return { filename, content: pdf, contentType: "application/pdf" };
      }
      default:
        throw new Error(`Adjunto desconocido: ${JSON.stringify(ref)}`);
    }
  };
}
