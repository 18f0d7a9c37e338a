import type { DomainLog } from "~/domain/request-context";

export interface PeriodicJob {
  /** Stops the timer and waits for a pass that is running, so a shutdown never cuts one in half. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` in this server process now and then every `intervalMs`, never two passes at once (a slow
 * pass skips the ticks it overlaps). A failed pass is logged and the next tick tries again. Safe with
 * several instances only when the pass itself is (each caller settles that in the database).
 */
export function startPeriodicJob(
  log: DomainLog | undefined,
  failure: string,
  pass: () => Promise<unknown>,
  intervalMs: number,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error) => log?.warn({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
