import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { messages, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/**
 * The part of PGlite the project and `drizzle-orm/pglite` use, offered by the in-thread engine (tests'
 * copies) and by the worker thread (the server's file database) alike.
 */
export interface EmbeddedEngine {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<File | Blob>;
  close(): Promise<void>;
}

export interface PgliteWorkerOptions {
  /** The data directory PGlite opens (`<DATA_DIR>/pglite`); created by PGlite's initdb when empty. */
  dir: string;
  /** SQL run once after start: the session settings every connection needs. */
  sessionSetup: string;
  /** PostgreSQL's start parameters (PGlite's `startParams`); PGlite's defaults when absent. */
  startParams?: string[];
  /** WASM memory at start, in bytes (PGlite's `initialMemory`). */
  initialMemory?: number;
  /** A `dumpDataDir()` tarball PGlite unpacks into the empty `dir` instead of running initdb (`loadDataDir`). */
  loadDataDir?: Uint8Array;
}

/** How long answers may keep this thread's event loop before it goes round (see #receive). */
const TURN_MS = 8;

/** SQLSTATE admin_shutdown: isDatabaseUnavailable() answers it 503, as a PostgreSQL restart would be. */
const UNAVAILABLE = "57P01";

type ErrorData = { name: string; message: string; stack?: string; [field: string]: unknown };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };
type Notice = { notify: string; payload: string };
type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type WireResult = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

/**
 * The worker script sits in db/ beside this module's source; the bundled server (build/server) finds
 * it by walking up to the project root, where db/ is deployed with its migrations.
 */
function workerScript(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [path.join(dir, "pglite-worker.mjs"), path.join(dir, "db", "pglite-worker.mjs")])
      if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("No se encontró db/pglite-worker.mjs");
    dir = parent;
  }
}

/**
 * A PostgreSQL error rebuilt on this side of the thread boundary: PGlite's own DatabaseError class with
 * every field (code, constraint, detail, …), so db/errors.ts and Drizzle read it as they read PGlite's.
 * The stack is the worker's (where PostgreSQL failed); Drizzle's wrapper names the query and its call
 * site. Capturing this thread's stack on every call would cost each query for the few that fail.
 */
function rebuildError(data: ErrorData): Error {
  const { name, message, stack, ...fields } = data;
  const error =
    typeof fields.code === "string"
      ? new messages.DatabaseError(message, Number(fields.length ?? 0), "error")
      : new Error(message);
  Object.assign(error, fields);
  if (name !== "error") Object.defineProperty(error, "name", { value: name, configurable: true, writable: true });
  if (stack) error.stack = stack;
  return error;
}

function unavailable(reason: string): Error {
  return Object.assign(new Error(`La base embebida no está disponible: ${reason}`), { code: UNAVAILABLE });
}

/**
 * PGlite in a worker thread: the main-thread side of db/pglite-worker.mjs (protocol described there).
 * Contracts: results and errors are those PGlite would give in this thread (rows parsed in the worker;
 * `parsers` given in options are applied here, to the columns of those types, which the worker left as
 * text); `serializers`, `blob` and `onNotice` cannot cross the thread and are refused. If the worker
 * dies, every call in flight and every later call fails with code 57P01 instead of waiting forever.
 */
export class PgliteWorkerClient implements EmbeddedEngine {
  #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #gone: Error | null = null;
  #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once("exit", () => resolve()));
    worker.on("message", (message: Answer | Notice) => this.#receive(message));
    worker.on("error", (error) => this.#fail(unavailable(`el hilo terminó con un error (${error.message})`)));
    worker.on("exit", (code) => this.#fail(unavailable(`el hilo terminó (código ${code})`)));
    // Idle, the worker must not keep a process alive that is otherwise done (as PGlite in-thread would
    // not); while a call waits for it, it must (#call refs it).
    worker.unref();
  }

  /** Starts the worker and resolves once PGlite opened the data directory and the session is set up. */
  static async start(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const worker = new Worker(workerScript(), { workerData: options });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(unavailable(`el hilo terminó al arrancar (código ${code})`));
      worker.once("exit", onExit);
      worker.once("error", reject);
      worker.once("message", (message: { ready: boolean; error?: ErrorData }) => {
        worker.off("exit", onExit);
        worker.off("error", reject);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(rebuildError(message.error ?? { name: "Error", message: "PGlite no arrancó" }));
        }
      });
    });
    return new PgliteWorkerClient(worker);
  }

  #receive(message: Answer | Notice) {
    if ("notify" in message) {
      for (const callback of this.#listeners.get(message.notify) ?? []) callback(message.payload);
      return;
    }
    if (this.#backlog.length === 0 && !this.#turnIsOver()) this.#deliver(message);
    else {
      this.#backlog.push(message);
      setImmediate(this.#deliverNext);
    }
  }

  /**
   * Node hands this thread every answer the worker queued in one go, and each answer's caller goes on
   * at once (a page renders with its rows): under load, tens of pages in one turn of the event loop,
   * which then accepted nothing for hundreds of milliseconds. As with PGlite in this thread
   * (db/pglite-turns.ts), answers are handed over while the current turn has run under TURN_MS; the
   * rest wait, in order, for the next turns (one per setImmediate, so each caller's synchronous work
   * counts against the turn before the next answer is handed over).
   */
  #backlog: Answer[] = [];
  #turnStarted = 0;
  #inTurn = false;

  #turnIsOver(): boolean {
    if (this.#inTurn) return performance.now() - this.#turnStarted >= TURN_MS;
    this.#turnStarted = performance.now();
    this.#inTurn = true;
    // The turn ends when the loop reaches its next check phase (before the backlog's immediates run).
    setImmediate(() => {
      this.#inTurn = false;
    });
    return false;
  }

  #deliverNext = () => {
    if (this.#backlog.length === 0) return;
    if (this.#turnIsOver()) setImmediate(this.#deliverNext);
    else this.#deliver(this.#backlog.shift() as Answer);
  };

  #deliver(message: Answer) {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(rebuildError(message.error));
  }

  #fail(error: Error) {
    this.#gone ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#gone);
    this.#pending.clear();
  }

  /** Sends one request; `id` defaults to the next one (a transaction's id is its `begin` request's). */
  #call<T>(request: { op: string; [field: string]: unknown }, id = this.#nextId++): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const { parsers, serializers, blob, onNotice, ...rest } = options ?? {};
    if (serializers || blob || onNotice)
      throw new Error("El hilo de PGlite no acepta serializers, blob ni onNotice en una consulta");
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await this.#call<WireResult>({ op: "query", sql, params, options: { ...rest, rawTypes }, tx });
    if (parsers) applyParsers(result, parsers);
    return result as Results<T>;
  }

  async exec(sql: string, _options?: unknown, tx?: number): Promise<Array<Results>> {
    return this.#call<Array<Results>>({ op: "exec", sql, tx });
  }

  /**
   * PGlite's transaction, held open in the worker while `callback` runs here. As with PGlite: the
   * callback's result commits, its error rolls back and is rethrown; one transaction holds the engine at a
   * time, and queries made outside it wait for its end (so the callback must use `tx`, never the client).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextId++;
    await this.#call<void>({ op: "begin" }, id);
    let closed = false;
    const open = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.query<R>(sql, params, options, id);
      },
      exec: async (sql: string) => {
        open();
        return this.exec(sql, undefined, id);
      },
      sql: async () => {
        throw new Error("tx.sql no está disponible en el hilo de PGlite: usá tx.query");
      },
      rollback: async () => {
        open();
        await this.#call<void>({ op: "rollback", tx: id });
        closed = true;
      },
      listen: async () => {
        throw new Error("tx.listen no está disponible en el hilo de PGlite: usá listen fuera de la transacción");
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call<void>({ op: "end", tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#call<void>({ op: "end", tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#call<void>({ op: "listen", channel });
    }
    callbacks.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#gone) await this.#call<void>({ op: "unlisten", channel });
    };
  }

  async dumpDataDir(compression: "none" | "gzip" | "auto" = "auto"): Promise<Blob> {
    const tarball = await this.#call<ArrayBuffer>({ op: "dump", compression });
    return new Blob([tarball], { type: compression === "none" ? "application/x-tar" : "application/x-gzip" });
  }

  /** The thread collects its garbage and gives the freed memory back (server/idle-gc.ts). */
  async collectGarbage(): Promise<void> {
    await this.#call<void>({ op: "collect" });
  }

  /** Closes PGlite (its data written out) and waits for the thread to end. Closing twice is harmless. */
  async close(): Promise<void> {
    if (!this.#gone) {
      await this.#call<void>({ op: "close" });
      this.#gone = unavailable("se cerró");
    }
    // The thread's end is what this waits for, so it must keep the process alive until then.
    this.#worker.ref();
    await this.#exited;
  }
}

/** Applies the caller's parsers to the columns of their types, which the worker left as text. */
function applyParsers(result: WireResult, parsers: NonNullable<QueryOptions["parsers"]>) {
  const columns = result.fields
    .map((field, index) => ({
      index,
      name: field.name,
      type: field.dataTypeID,
      // PGlite calls a parser with the column's type too (parseType); the declared type omits it.
      parse: parsers[field.dataTypeID] as ((value: string, type: number) => unknown) | undefined,
    }))
    .filter((column) => column.parse);
  if (columns.length === 0) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    const isArray = Array.isArray(row);
    for (const column of columns) {
      const key = isArray ? column.index : column.name;
      const value = row[key];
      if (typeof value === "string") row[key] = column.parse?.(value, column.type);
    }
  }
}
