import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/*
 * The mail adapter: the only module that speaks SMTP (through nodemailer). The outbox worker
 * (app/domain/mail/worker.server.ts) decides what to send and when; a `Mailer` only delivers.
 */

/** A file sent with a message, already rendered (the outbox keeps only a reference; the worker renders it). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  /** e.g. "application/pdf". */
  contentType: string;
}

/** One message as it leaves the shop (the outbox row, plus the sender). */
export interface OutgoingMessage {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  date: Date;
  attachments?: MailAttachment[];
}

/** Where messages go: an SMTP server, or .eml files when no SMTP server is configured. */
export interface Mailer {
  readonly kind: "smtp" | "file";
  /** Resolves once the message is accepted (by the SMTP server, or written to disk). */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

const options = (message: OutgoingMessage) => ({
  messageId: message.messageId,
  from: message.from,
  to: message.to,
  subject: message.subject,
  html: message.html,
  text: message.text,
  headers: message.headers,
  date: message.date,
  attachments: (message.attachments ?? []).map(({ filename, content, contentType }) => ({
    filename,
    content,
    contentType,
  })),
});

/** SMTP through nodemailer; TLS as the URL says (smtps:// or STARTTLS offered by smtp://). */
export function smtpMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    tls: url.searchParams.get("tls") === "insecure" ? { rejectUnauthorized: false } : undefined,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail(options(message));
    },
    close: () => transport.close(),
  };
}

/** The raw RFC 5322 text of a message (for .eml files and the admin's download). */
export async function buildRawMessage(message: OutgoingMessage): Promise<Buffer> {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await builder.sendMail(options(message));
  return info.message as Buffer;
}

/** Writes each message as `DATA_DIR/mail/<Message-ID>.eml` (a re-send overwrites the same file). */
export function fileMailer(folder: string): Mailer {
  return {
    kind: "file",
    async send(message) {
      await mkdir(folder, { recursive: true });
      const name = message.messageId.replace(/[<>]/g, "").replace(/[^\w.@-]/g, "_");
      const target = path.join(folder, `${name}.eml`);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, await buildRawMessage(message));
      await rename(temporary, target);
    },
    close: () => {},
  };
}
