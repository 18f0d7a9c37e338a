import type { Logger } from "pino";
import { hit } from "~/domain/rate-limit/rate-limit.server";
import { getSection } from "~/domain/settings/settings.server";
import type { Mailer } from "~/integrations/mail/transport.server";
import type { Db } from "~db/index";
import { type AttachmentResolver, storedAttachments } from "./attachments.server";
import {
  claimDue,
  markAttemptFailed,
  markSent,
  type OutboxRow,
  outboxEvents,
  releaseClaimed,
  renewLease,
  retryDelayMs,
} from "./outbox.server";

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  from: string;
  log: Logger;
  /** How long a claimed message stays reserved for this worker (a crash frees it after that). */
  leaseSeconds?: number;
  /** How often to look for due messages when nothing wakes the worker. */
  pollMs?: number;
  maxAttempts?: number;
  /** First retry delay; doubles each attempt. */
  retryBaseMs?: number;
  /** Renders a row's attachment references at send time; the shop's own (an invoice's PDF) by default. */
  attachments?: AttachmentResolver;
}

export interface MailWorker {
  /** Finishes the message in hand, hands back the rest of the batch, and stops. */
  stop(): Promise<void>;
}

const sleep = (ms: number, signal: { wake?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });

/**
 * The outbox worker of one app instance. Claims due messages, sends them one by one, and marks each.
 * The sending pace (messages per second, a setting) is counted in the database, so it holds for the
 * SMTP account across every instance.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, log } = options;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const pollMs = options.pollMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const resolveAttachment = options.attachments ?? storedAttachments(db);
  let running = true;
  const idle: { wake?: () => void } = {};
  const wake = () => idle.wake?.();
  outboxEvents.on("queued", wake);

  async function waitForTurn(perSecond: number): Promise<void> {
    while (running) {
      const turn = await hit(db, "mail-send", "smtp", { max: perSecond, windowSeconds: 1 });
      if (turn.allowed) return;
      await sleep(1000 - (Date.now() % 1000) + 5, {});
    }
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (!(await renewLease(db, row.id, leaseSeconds))) {
      log.warn({ mailId: row.id }, "mail lease lost before sending; another worker has it");
      return;
    }
    try {
      // Rendered inside the attempt: a file that cannot be rendered now fails it, and it is retried.
      const attachments = [];
      for (const ref of row.attachments ?? []) attachments.push(await resolveAttachment(ref));
      await mailer.send({
        messageId: row.messageId,
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
        date: row.createdAt,
        attachments,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = await markAttemptFailed(db, row, message, {
        maxAttempts,
        delayMs: retryDelayMs(row.attempts, retryBaseMs),
      });
      log[status === "failed" ? "error" : "warn"](
        { mailId: row.id, attempts: row.attempts, err: message },
        status === "failed" ? "mail failed for good" : "mail attempt failed, will retry",
      );
      return;
    }
    await markSent(db, row.id);
    log.info({ mailId: row.id, template: row.template }, "mail sent");
  }

  const loop = (async () => {
    while (running) {
      let batch: OutboxRow[] = [];
      try {
        const { mailPerSecond } = await getSection(db, "rateLimits");
        batch = await claimDue(db, Math.max(1, mailPerSecond), leaseSeconds);
        while (running && batch.length > 0) {
          await waitForTurn(mailPerSecond);
          if (!running) break;
          const row = batch.shift() as OutboxRow;
          await deliver(row);
        }
        if (batch.length > 0)
          await releaseClaimed(
            db,
            batch.map((row) => row.id),
          );
        else if (running) await sleep(pollMs, idle);
      } catch (error) {
        // The database is down or restarting: try again a little later; claimed rows come back by lease.
        log.warn({ err: error instanceof Error ? error.message : error }, "mail worker could not reach the database");
        if (running) await sleep(pollMs * 5, idle);
      }
    }
  })();

  return {
    async stop() {
      running = false;
      outboxEvents.off("queued", wake);
      wake();
      await loop;
      mailer.close();
    },
  };
}
