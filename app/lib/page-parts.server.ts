import type { LoadContext } from "~/context";
import { isDatabaseUnavailable } from "~db/errors";

/** Sent with a page that left a part out: no cache (ours or a CDN's) may keep it for other visitors. */
export const PARTIAL_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/**
 * The parts of a page that may fail on their own (a home section, the shop's list of books). When a
 * part's query fails, the page still renders with the part's fallback in its place, and the failure is
 * logged with the request id; `failed` then says the page is partial. A database that does not answer
 * at all is no part's failure: that error goes on, so the page is the usual 503 (entry.server.tsx).
 */
export function pageParts(context: Pick<LoadContext, "log" | "requestId">) {
  let failed = false;
  return {
    async orFallback<T, F>(part: string, query: Promise<T>, fallback: F): Promise<T | F> {
      try {
        return await query;
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        failed = true;
        context.log.error({ err: error, requestId: context.requestId, part }, "page part failed, shown without it");
        return fallback;
      }
    },
    get failed() {
      return failed;
    },
  };
}

/** One part on its own (an admin list): its data, or null once the failure is logged; the page says so. */
export function loadSection<T>(
  context: Pick<LoadContext, "log" | "requestId">,
  section: string,
  load: () => Promise<T>,
): Promise<T | null> {
  return pageParts(context).orFallback(section, load(), null);
}
