// The embedded database's own thread (docs/decisions/0041-pglite-worker.md). It owns the one PGlite
// instance for `<dataDir>/pglite` and answers the requests of db/pglite-worker-client.ts, so PostgreSQL's
// work (WASM, run synchronously) never holds up the server's event loop.
//
// Plain JavaScript on purpose: a worker thread loads its script straight from disk, and the same file
// must start under vitest, under tsx (the scripts) and beside the bundled server, none of which would
// compile a TypeScript worker for it.
//
// Protocol (every request carries an `id`; the answer is `{ id, ok: true, value }` or
// `{ id, ok: false, error }`, where `error` holds the PostgreSQL fields of the failure):
//   query   { sql, params, options, tx? }  → { rows, fields: [{ name, dataTypeID }], affectedRows }
//   exec    { sql, tx? }                   → the same, one per statement
//   begin   {}                             → answered once BEGIN ran; the request's id names the transaction
//   end     { tx, commit }                 → answered once COMMIT (commit) or ROLLBACK (not) ran
//   rollback { tx }                        → the transaction's own rollback() (it stays open until `end`)
//   listen / unlisten { channel }          → notifications then arrive as `{ notify: channel, payload }`
//   dump    { compression }                → an ArrayBuffer (transferred) holding dumpDataDir's tarball
//   collect {}                             → answered once this thread's heap was collected and shrunk
//   close   {}                             → answered once PGlite closed; then this thread ends
// Requests are handled concurrently, as calls on one PGlite instance would be: PGlite's own locks keep
// one transaction at a time on the engine, and queries outside it wait for its end.
import { Session } from "node:inspector";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const BYTEA = 17;
const ERROR_FIELDS = [
  "code",
  "severity",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
  "query",
  "length",
];

/** @type {{ dir: string, sessionSetup: string, startParams?: string[], initialMemory?: number, loadDataDir?: Uint8Array }} */
const config = workerData;
/** @type {import("@electric-sql/pglite").PGlite} */
let pg;
/** Open transactions by id: PGlite's transaction object and how to end its callback. */
const transactions = new Map();
/** channel → the function that stops PGlite listening on it. */
const listening = new Map();

const identity = (value) => value;

/** An error as plain data: structured clone would drop PostgreSQL's fields (code, constraint, …). */
function errorData(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const data = { name: error.name, message: error.message, stack: error.stack };
  for (const field of ERROR_FIELDS) {
    const value = error[field];
    if (value !== undefined && (typeof value !== "object" || value === null)) data[field] = value;
  }
  if (Array.isArray(error.params)) data.params = error.params;
  return data;
}

/**
 * A result as the client needs it: rows already parsed here (the point of this thread), fields reduced
 * to what rows are read by. A bytea value that is a view on a larger buffer is copied out, since
 * structured clone would copy the whole buffer.
 */
function resultData(result) {
  const fields = result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
  if (fields.some((field) => field.dataTypeID === BYTEA)) {
    for (const row of result.rows) {
      for (const key of Object.keys(row)) {
        const value = row[key];
        if (value instanceof Uint8Array && value.byteLength !== value.buffer.byteLength) row[key] = value.slice();
      }
    }
  }
  return { rows: result.rows, fields, affectedRows: result.affectedRows };
}

/** The client cannot send functions: it names the types whose text it parses itself (Drizzle's dates). */
function queryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((type) => [type, identity])) };
}

function engineFor(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  return open.tx;
}

/** Starts PGlite's own transaction and keeps its callback waiting until the client sends `end`. */
function begin(id) {
  return new Promise((opened, failed) => {
    let isOpen = false;
    pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, endId: undefined });
          isOpen = true;
          opened(undefined);
        }),
    ).then(
      () => finish(id),
      (error) => (isOpen ? finish(id, error) : failed(error)),
    );
  });
}

/** The transaction ended: its `end` request gets COMMIT's or ROLLBACK's outcome. */
function finish(id, error) {
  const open = transactions.get(id);
  transactions.delete(id);
  if (!open || open.endId === undefined) return;
  if (error && error !== ENDED_BY_CLIENT) reply(open.endId, false, errorData(error));
  else reply(open.endId, true, undefined);
}

/** What `end` without commit throws into PGlite's transaction callback, so PGlite rolls back. */
const ENDED_BY_CLIENT = new Error("The caller's transaction callback threw");

function end(id, tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open`);
  open.endId = id;
  if (commit) open.commit(undefined);
  else open.rollback(ENDED_BY_CLIENT);
}

function reply(id, ok, value, transfer) {
  parentPort.postMessage(ok ? { id, ok, value } : { id, ok, error: value }, transfer ?? []);
}

async function handle(message) {
  switch (message.op) {
    case "query": {
      const result = await engineFor(message.tx).query(message.sql, message.params, queryOptions(message.options));
      return resultData(result);
    }
    case "exec":
      return (await engineFor(message.tx).exec(message.sql)).map(resultData);
    case "begin":
      return begin(message.id);
    case "end":
      // Answered by finish(), once PGlite's transaction settled.
      end(message.id, message.tx, message.commit);
      return NO_REPLY;
    case "rollback":
      return engineFor(message.tx).rollback();
    case "listen": {
      if (!listening.has(message.channel)) {
        const channel = message.channel;
        listening.set(
          channel,
          await pg.listen(channel, (payload) => parentPort.postMessage({ notify: channel, payload })),
        );
      }
      return undefined;
    }
    case "unlisten": {
      const unlisten = listening.get(message.channel);
      listening.delete(message.channel);
      await unlisten?.();
      return undefined;
    }
    case "dump": {
      const tarball = await pg.dumpDataDir(message.compression);
      return TRANSFER(await tarball.arrayBuffer());
    }
    case "collect":
      return collectGarbage();
    case "close":
      await pg.close();
      return undefined;
    default:
      throw new Error(`Unknown request ${message.op}`);
  }
}

let inspector = null;
/** A full collection that gives the freed pages back (server/idle-gc.ts), asked for when the server is idle. */
function collectGarbage() {
  if (!inspector) {
    inspector = new Session();
    inspector.connect();
  }
  return new Promise((resolve) => inspector.post("HeapProfiler.collectGarbage", () => resolve(undefined)));
}

const NO_REPLY = Symbol("no reply");
const TRANSFERRED = Symbol("transferred");
const TRANSFER = (buffer) => ({ [TRANSFERRED]: buffer });

async function onMessage(message) {
  try {
    const value = await handle(message);
    if (value === NO_REPLY) return;
    if (value && typeof value === "object" && TRANSFERRED in value) {
      const buffer = value[TRANSFERRED];
      reply(message.id, true, buffer, [buffer]);
    } else reply(message.id, true, value);
  } catch (error) {
    reply(message.id, false, errorData(error));
  }
  // Nothing else keeps this thread alive once PGlite is closed: the port closes and the thread ends.
  if (message.op === "close") parentPort.close();
}

try {
  pg = await PGlite.create(config.dir, {
    extensions: { pg_trgm, unaccent },
    startParams: config.startParams,
    initialMemory: config.initialMemory,
    // A new cluster's `dumpDataDir()` tarball (a backup), unpacked into `dir` instead of initdb.
    loadDataDir: config.loadDataDir && new Blob([config.loadDataDir]),
  });
  await pg.exec(config.sessionSetup);
  parentPort.on("message", (message) => void onMessage(message));
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: errorData(error) });
}
