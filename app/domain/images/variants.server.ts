import type { Logger } from "pino";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { isListedHost } from "~/integrations/images/remote-fetch.server";
import { COVER_VARIANT_WIDTHS, IMAGE_FORMATS, IMAGE_QUALITY, shouldOptimize } from "~/lib/images";
import { logger as rootLogger } from "~/lib/logger.server";
import { type OptimizerOptions, prepareVariants, type Variant } from "./optimize.server";

/**
 * Cover variants made ahead of time (DESIGN §7: "a sync never waits for image work"). When an admin
 * uploads a cover or a Tienda Nube sync changes one, its sources are queued here and every variant the
 * pages ask for (COVER_VARIANT_WIDTHS × AVIF/WebP at IMAGE_QUALITY) is written to this instance's disk
 * cache, one cover at a time, so the first visitor gets a cache hit. Whoever queues never waits, and a
 * failure is logged and forgotten: the image endpoint still makes any missing variant on request.
 */

const NOTICE_EVERY = 25;

/** Every variant a page requests for a cover. */
export const COVER_VARIANTS: Variant[] = COVER_VARIANT_WIDTHS.flatMap((width) =>
  IMAGE_FORMATS.map((format) => ({ format, quality: IMAGE_QUALITY, width })),
);

export interface CoverVariantWorker {
  /** Queues covers (page `src` values); returns at once. Unknown, local and refused sources are skipped. */
  schedule(sources: Iterable<string | null | undefined>): void;
  /** Resolves when the queue is empty and nothing is being made. */
  idle(): Promise<void>;
  /** Drops what is queued and waits for the cover in hand. */
  stop(): Promise<void>;
}

export function createCoverVariantWorker(
  options: OptimizerOptions & { log?: Logger; variants?: Variant[] },
): CoverVariantWorker {
  const log = options.log ?? rootLogger.child({ component: "images" });
  const variants = options.variants ?? COVER_VARIANTS;
  const queue: string[] = [];
  const queued = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;

  /** Uploads and remote images from hosts the pipeline may fetch; other sources have nothing to make ahead. */
  const wanted = (src: string) => {
    if (!shouldOptimize(src)) return false;
    if (/^\/uploads\//.test(src)) return true;
    if (!/^https?:\/\//i.test(src)) return false;
    try {
      return isListedHost(new URL(src), options.remote.allowedHosts);
    } catch {
      return false;
    }
  };

  /**
   * Remote covers whose hash was learnt since the last notice: cached pages still show their URLs
   * without it. Told once the queue runs dry, or every NOTICE_EVERY covers during a long sync.
   */
  let learnt = 0;
  const tellPages = async () => {
    if (learnt === 0) return;
    learnt = 0;
    await publicPagesChanged(options.db, "images.cover-hash").catch((error) =>
      log.warn({ err: error }, "could not tell the pages that covers have new image URLs"),
    );
  };

  async function drain(): Promise<void> {
    while (queue.length > 0 && !stopped) {
      const src = queue.shift() as string;
      queued.delete(src);
      try {
        const { made, learned } = await prepareVariants(src, variants, options);
        if (made > 0) log.debug({ src, made }, "cover variants made");
        if (learned) learnt++;
      } catch (error) {
        log.warn({ err: error, src }, "could not make cover variants; they will be made on request");
      }
      if (learnt >= NOTICE_EVERY) await tellPages();
      // Let requests waiting on the event loop in between two covers.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await tellPages();
  }

  /** Starts draining unless it already runs; a cover queued during the last moments of a run starts the next. */
  function kick(): void {
    if (running || stopped || queue.length === 0) return;
    running = drain().finally(() => {
      running = null;
      kick();
    });
  }

  return {
    schedule(sources) {
      if (stopped) return;
      for (const src of sources) {
        if (!src || queued.has(src) || !wanted(src)) continue;
        queued.add(src);
        queue.push(src);
      }
      kick();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      queued.clear();
      while (running) await running;
    },
  };
}

let installed: CoverVariantWorker | null = null;

/** The running server's worker (server/index.ts); none in command-line tasks and most tests. */
export function installCoverVariantWorker(worker: CoverVariantWorker | null): void {
  installed = worker;
}

/**
 * Queues covers for their variants on this process's worker, if it has one (a command-line sync has
 * none: its covers are made on the first request). Never waits, never throws.
 */
export function scheduleCoverVariants(sources: Iterable<string | null | undefined>): void {
  try {
    installed?.schedule(sources);
  } catch (error) {
    rootLogger.warn({ err: error }, "could not queue cover variants");
  }
}
