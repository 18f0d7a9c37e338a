import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  messageId: string;
  to: string;
  receivedAt: number;
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer every message with a temporary failure (451) until turned off. */
  setFailing(failing: boolean): void;
  /** Delay before accepting each message (to catch a sender mid-send). */
  setDelay(ms: number): void;
  /** Stop listening (connections are refused), keeping what was received. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (no TLS, no auth), recording each accepted message parsed. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let failing = false;
  let delayMs = 0;
  let server: SMTPServer;

  const create = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          if (failing) {
            const error = new Error("Servicio no disponible, probá más tarde") as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const raw = Buffer.concat(chunks).toString("utf8");
          const parsed = await simpleParser(raw);
          received.push({
            messageId: parsed.messageId ?? "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","),
            receivedAt: Date.now(),
            parsed,
            raw,
          });
          callback();
        });
      },
    });

  const listen = (onPort: number) =>
    new Promise<number>((resolve, reject) => {
      server = create();
      server.once("error", reject);
      server.listen(onPort, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const actualPort = await listen(port);
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    setFailing: (value) => {
      failing = value;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    stop: close,
    restart: async () => {
      await listen(actualPort);
    },
    close,
  };
}
