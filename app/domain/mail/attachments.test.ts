import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { invoiceIssuedMail } from "~/domain/invoices/mail.server";
import { fileMailer, smtpMailer } from "~/integrations/mail/transport.server";
import { type MailAttachmentRef, mailOutbox, settings } from "~db/schema";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server";
import { testDatabase } from "../../../tests/support/test-database";
import { until } from "../../../tests/support/until";
import type { AttachmentResolver } from "./attachments.server";
import { enqueueMail } from "./outbox.server";
import { type MailWorker, type MailWorkerOptions, startMailWorker } from "./worker.server";

/** Issue 19: a queued message carries files by reference; the worker renders and attaches them when it sends. */
const database = await testDatabase();
const db = database.db;
const siteUrl = "https://rizoma.test";
let smtp: TestSmtpServer;
const workers: MailWorker[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  await db.insert(settings).values({
    key: "rateLimits",
    value: { loginMaxFailures: 5, loginWindowMinutes: 15, newsletterPerIpPerHour: 10, mailPerSecond: 50 },
  });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

function worker(options: Partial<MailWorkerOptions> = {}) {
  const started = startMailWorker({
    db,
    mailer: smtpMailer(smtp.url),
    from: "Rizoma <hola@rizoma.test>",
    log: pino({ level: "silent" }),
    pollMs: 50,
    retryBaseMs: 100,
    leaseSeconds: 60,
    ...options,
  });
  workers.push(started);
  return started;
}

/** Stand-in bytes for a voucher's PDF: the real renderer is tested where it lives. */
const PDF = Buffer.from("%PDF-1.7\n% una factura de prueba\n%%EOF\n");
const knownPdf: AttachmentResolver = async (ref) => {
  if (ref.kind !== "invoice") throw new Error("unexpected attachment");
  return {
    filename: `Factura-B-00001-${String(ref.invoiceId).padStart(8, "0")}.pdf`,
    content: PDF,
    contentType: "application/pdf",
  };
};

const mail = (subject: string) => ({
  template: "invoice-issued",
  subject,
  html: "<p>Te la adjuntamos en PDF.</p>",
  text: "Te la adjuntamos en PDF.",
});

const queue = (subject: string, attachments: MailAttachmentRef[]) =>
  enqueueMail(db, { to: "ana@example.com", mail: mail(subject), siteUrl, attachments });

const rowOf = async (id: number) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const received = (messageId: string) => smtp.received.find((message) => message.messageId === messageId);

describe("mail attachments", () => {
  it("sends the row's files, rendered at send time, as PDF attachments over SMTP", async () => {
    const queued = await queue("Tu factura del pedido RZ-000123", [{ kind: "invoice", invoiceId: 12 }]);
    worker({ attachments: knownPdf });
    const message = await until(() => received(queued.messageId), "the invoice mail");
    expect(message.parsed.text?.trim()).toBe("Te la adjuntamos en PDF.");
    expect(message.parsed.attachments).toHaveLength(1);
    const [file] = message.parsed.attachments;
    expect(file?.filename).toBe("Factura-B-00001-00000012.pdf");
    expect(file?.contentType).toBe("application/pdf");
    expect(file?.contentDisposition).toBe("attachment");
    expect(Buffer.compare(file?.content ?? Buffer.alloc(0), PDF)).toBe(0);
    await until(async () => (await rowOf(queued.id))?.status === "sent", "the row marked sent");
  });

  it("sends a message without references exactly as before: no attachment", async () => {
    const queued = await queue("Sin adjuntos", []);
    worker({ attachments: knownPdf });
    const message = await until(() => received(queued.messageId), "the plain mail");
    expect(message.parsed.attachments).toHaveLength(0);
  });

  it("retries a message whose file cannot be rendered yet, and sends it with the file once it can", async () => {
    let renderable = false;
    let calls = 0;
    const flaky: AttachmentResolver = async (ref) => {
      calls++;
      if (!renderable) throw new Error("renderInvoicePdf: todavía no");
      return knownPdf(ref);
    };
    const queued = await queue("Tu factura (reintento)", [{ kind: "invoice", invoiceId: 13 }]);
    worker({ attachments: flaky });
    const failed = await until(async () => {
      const row = await rowOf(queued.id);
      return row?.status === "queued" && row.attempts >= 1 && row.lastError ? row : null;
    }, "a failed attempt back in the queue");
    expect(failed.lastError).toBe("renderInvoicePdf: todavía no");
    expect(received(queued.messageId)).toBeUndefined();
    renderable = true;
    const message = await until(() => received(queued.messageId), "the mail once the PDF renders");
    expect(message.parsed.attachments[0]?.filename).toBe("Factura-B-00001-00000013.pdf");
    expect(calls).toBeGreaterThanOrEqual(2);
    const sent = await until(async () => {
      const row = await rowOf(queued.id);
      return row?.status === "sent" ? row : null;
    }, "the row marked sent");
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });

  it("by default renders the voucher from the database: an unknown or unissued one fails the attempt, not the mail", async () => {
    const queued = await queue("Tu factura (sin emitir)", [{ kind: "invoice", invoiceId: 999_999 }]);
    worker();
    const failed = await until(async () => {
      const row = await rowOf(queued.id);
      return row?.lastError ? row : null;
    }, "the refused attempt");
    expect(failed.status).toBe("queued");
    expect(failed.lastError).toBe("Esa factura no existe o todavía no fue emitida");
    expect(received(queued.messageId)).toBeUndefined();
  });

  it("writes the attachment into the .eml file when no SMTP server is configured", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "rizoma-mail-"));
    try {
      const rendered = invoiceIssuedMail({
        siteUrl,
        invoice: {
          kind: "invoice",
          voucherType: 6,
          pointOfSale: 1,
          number: 14,
          environment: "sandbox",
          totalCents: 100,
          cae: "1",
          caeExpiry: null,
          issuedOn: null,
          reason: null,
        } as never,
        reference: "Pedido RZ-000124",
        downloadUrl: null,
      });
      const queued = await enqueueMail(db, {
        to: "ana@example.com",
        mail: rendered,
        siteUrl,
        attachments: [{ kind: "invoice", invoiceId: 14 }],
      });
      worker({ mailer: fileMailer(folder), attachments: knownPdf });
      // fileMailer's own naming: the Message-ID without its angle brackets.
      const file = path.join(folder, `${queued.messageId.replace(/[<>]/g, "")}.eml`);
      const raw = await until(() => readFile(file).catch(() => null), "the .eml file");
      const parsed = await simpleParser(raw);
      expect(parsed.subject).toBe("Tu factura del pedido RZ-000124 (de prueba)");
      expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
        ["Factura-B-00001-00000014.pdf", "application/pdf"],
      ]);
    } finally {
      // The worker first: running, it may still be writing into the folder (rm then fails with ENOTEMPTY).
      await Promise.all(workers.splice(0).map((running) => running.stop()));
      await rm(folder, { recursive: true, force: true });
    }
  });
});
