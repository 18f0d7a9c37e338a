import { Session } from "node:inspector";

/**
 * A full collection that also gives the freed pages back to the system: the inspector's
 * `HeapProfiler.collectGarbage`, through an in-process session (no port is opened). Plain `gc()` (under
 * `--expose-gc`) frees the objects but keeps the heap's pages: measured on a demo after a load, heap total
 * 232 → 190 MB and RSS 534 → 491 MB with `gc()`, heap total 199 → 65 MB and RSS 473 → 329 MB with this.
 */
export function memoryReducingCollection(): () => Promise<void> {
  let session: Session | null = null;
  return () =>
    new Promise<void>((resolve) => {
      if (!session) {
        session = new Session();
        session.connect();
      }
      session.post("HeapProfiler.collectGarbage", () => resolve());
    });
}

export interface IdleCollectorOptions {
  /** Runs a full collection (see `memoryReducingCollection`). */
  collect: () => Promise<void>;
  /** How long no request may be in flight or have ended before collecting. */
  idleMs?: number;
  /** Collect only when the heap grew this much (16 MB by default) since the last collection or the start. */
  minGrowthBytes?: number;
  heapTotal?: () => number;
  now?: () => number;
  /** Told each collection: how long it took and the heap before and after. */
  onCollected?: (report: { ms: number; heapBeforeBytes: number; heapAfterBytes: number }) => void;
}

export interface IdleCollector {
  requestStarted(): void;
  requestEnded(): void;
  stop(): void;
}

/**
 * Gives memory back once the server is idle after serving (issue 36, decision 0056). V8 sizes its heap from
 * the machine's memory and, with plenty of it, keeps a load's garbage for minutes: after the bench's load the
 * main thread's heap was 222-247 MB, of which 60-66 MB live. A heap cap would make it collect sooner but costs
 * 30-65% CPU on every page; a collection when no request is waiting costs nobody a thing, and the process's
 * RSS drops with it (506 → 327 MB measured on a fresh demo after a load). A collection runs only after
 * `idleMs` without requests and when the heap grew by `minGrowthBytes` since the last one, so an idle server
 * never collects twice in a row and a busy one never collects in between its requests.
 */
export function idleCollector({
  collect,
  idleMs = 5_000,
  minGrowthBytes = 16 * 1024 * 1024,
  heapTotal = () => process.memoryUsage().heapTotal,
  now = () => performance.now(),
  onCollected,
}: IdleCollectorOptions): IdleCollector {
  let inFlight = 0;
  let lastActivity = now();
  let baseline = heapTotal();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let collecting = false;

  const schedule = (ms: number) => {
    if (timer || stopped) return;
    timer = setTimeout(() => void check(), Math.max(0, ms));
    timer.unref();
  };

  async function check() {
    timer = undefined;
    if (stopped || inFlight > 0 || collecting) return;
    const idleFor = now() - lastActivity;
    if (idleFor < idleMs) return schedule(idleMs - idleFor);
    const heapBeforeBytes = heapTotal();
    if (heapBeforeBytes - baseline < minGrowthBytes) return;
    const started = now();
    collecting = true;
    try {
      await collect();
    } catch {
      // A database thread that ended (shutting down) has nothing left to collect; the next idle moment tries again.
      return;
    } finally {
      collecting = false;
    }
    baseline = heapTotal();
    onCollected?.({ ms: now() - started, heapBeforeBytes, heapAfterBytes: baseline });
  }

  return {
    requestStarted() {
      inFlight += 1;
      lastActivity = now();
    },
    requestEnded() {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = now();
      if (inFlight === 0) schedule(idleMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
