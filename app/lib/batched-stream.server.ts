import { Transform, type TransformCallback } from "node:stream";

/**
 * The HTML stream between React and the response, passing on what React writes in one batch as one chunk.
 * React's server renderer writes 4 KB pieces and, at the end of each batch (the shell, then each Suspense
 * boundary that resolves), calls its destination's `flush()` if it has one (react-dom/server's
 * `flushBuffered`). Each piece otherwise travelled alone through the web stream React Router makes of it,
 * the compression middleware and the socket: a 100 KB page cost some 25 writes of each kind. Here a batch is
 * held until React says it is complete, so a page rendered at once leaves as one chunk, and a streamed page
 * as one chunk per boundary, as early as before (issue 23: "SSR output written in few large writes").
 */
export class BatchedStream extends Transform {
  #pending: Buffer[] = [];
  readonly #onEnd: () => void;
  #first: ((batch: string) => string) | undefined;

  /**
   * `onEnd` runs when React ends the stream, before the last batch is passed on. `first`, when given, may
   * rewrite the first batch (the shell: the <head> and what React had ready with it) before it leaves.
   */
  constructor(onEnd: () => void = () => {}, first?: (batch: string) => string) {
    super();
    this.#onEnd = onEnd;
    this.#first = first;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#pending.push(chunk);
    callback();
  }

  /** Called by React after each batch it wrote: passes the batch on as one chunk. */
  flush(): void {
    if (this.#pending.length === 0) return;
    let batch = this.#pending.length === 1 ? (this.#pending[0] as Buffer) : Buffer.concat(this.#pending);
    this.#pending = [];
    if (this.#first) {
      batch = Buffer.from(this.#first(batch.toString("utf8")), "utf8");
      this.#first = undefined;
    }
    this.push(batch);
  }

  override _flush(callback: TransformCallback): void {
    this.#onEnd();
    this.flush();
    callback();
  }
}
