import type { PGlite } from "@electric-sql/pglite";

/**
 * How long the embedded database may keep the event loop before letting it go round. Short enough that
 * a loop iteration stays in the tens of milliseconds under a full load; long enough that a page's few
 * queries run without a pause when the shop is quiet.
 */
const PGLITE_TURN_MS = 8;

/**
 * PGlite runs PostgreSQL on the server's own thread, and each query resolves as a promise. Under load,
 * one request's query let the next one run, and so on: hundreds of queries in one chain of microtasks
 * that held the event loop for up to a second. Node accepts one new connection per loop iteration
 * (libuv 1.45 and later), so 200 visitors arriving together waited up to 30 s just to be let in, while
 * the connections already open were served in under a second (tests/reliability/load.test.ts).
 *
 * Each query now starts by looking at how long the current turn has run: within `turnMs` it runs at
 * once; past it, it first lets the loop go round (`setImmediate`), where new connections are accepted and
 * waiting requests read. PostgreSQL proper needs none of this: its work happens in its own processes.
 */
export function shareEventLoop(client: PGlite, turnMs = PGLITE_TURN_MS): void {
  // Every query PGlite runs, inside a transaction or not, goes through this (its lock on the engine).
  const engine = client as unknown as { _runExclusiveQuery?: <T>(run: () => Promise<T>) => Promise<T> };
  const exclusive = engine._runExclusiveQuery?.bind(client);
  if (typeof exclusive !== "function")
    throw new Error("PGlite cambió: falta _runExclusiveQuery, del que depende el reparto del event loop");

  // Only the holder of PGlite's (first come, first served) lock gets here, one query at a time, so the
  // queries waiting behind a pause keep their order.
  let turnStarted = 0;
  let inTurn = false;
  const pauseIfLong = async () => {
    if (inTurn && performance.now() - turnStarted >= turnMs)
      await new Promise<void>((resolve) => setImmediate(resolve));
    if (inTurn) return;
    turnStarted = performance.now();
    inTurn = true;
    // The turn ends when the loop reaches its next check phase (before a paused query resumes there).
    setImmediate(() => {
      inTurn = false;
    });
  };
  engine._runExclusiveQuery = (run) =>
    exclusive(async () => {
      await pauseIfLong();
      return run();
    });
}
