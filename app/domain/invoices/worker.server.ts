import type { DomainLog } from "~/domain/request-context";
import type { Arca } from "~/integrations/arca/types";
import type { Db } from "~db/index";
import { invoiceEvents } from "./enqueue.server";
import { DEFAULT_ISSUE_OPTIONS, type IssueContext, type IssueOptions, issueDueInvoices } from "./issue.server";

export interface InvoiceWorkerOptions extends Partial<IssueOptions> {
  db: Db;
  arca: Arca;
  log: DomainLog;
  onIssued?: IssueContext["onIssued"];
  /** How often to look for due vouchers when nothing wakes the worker. */
  pollMs?: number;
}

export interface InvoiceWorker {
  /** Finishes the voucher in hand and stops (claimed ones come back by lease or are handed back). */
  stop(): Promise<void>;
}

/**
 * The invoice worker of one app instance. Each pass asks for the ARCA link of the moment (off: nothing is
 * sent; the demo's sandbox; ARCA itself), claims due vouchers and issues them one by one. Several
 * instances run side by side: claims and numbering are settled in the database (issue.server.ts).
 */
export function startInvoiceWorker(options: InvoiceWorkerOptions): InvoiceWorker {
  const { db, arca, log } = options;
  const pollMs = options.pollMs ?? 5000;
  const issueOptions: IssueOptions = {
    leaseSeconds: options.leaseSeconds ?? DEFAULT_ISSUE_OPTIONS.leaseSeconds,
    sequenceLeaseSeconds: options.sequenceLeaseSeconds ?? DEFAULT_ISSUE_OPTIONS.sequenceLeaseSeconds,
    maxAttempts: options.maxAttempts ?? DEFAULT_ISSUE_OPTIONS.maxAttempts,
    retryBaseMs: options.retryBaseMs ?? DEFAULT_ISSUE_OPTIONS.retryBaseMs,
  };
  let running = true;
  let wakeUp: (() => void) | null = null;
  const wake = () => wakeUp?.();
  invoiceEvents.on("queued", wake);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    while (running) {
      try {
        const link = await arca.current();
        if (!link.api) {
          await sleep(pollMs * 6);
          continue;
        }
        const handled = await issueDueInvoices({ db, arca: link.api, log, onIssued: options.onIssued }, issueOptions);
        if (handled === 0 && running) await sleep(pollMs);
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : error }, "invoice worker pass failed");
        if (running) await sleep(pollMs * 2);
      }
    }
  })();

  return {
    async stop() {
      running = false;
      invoiceEvents.off("queued", wake);
      wake();
      await loop;
    },
  };
}
