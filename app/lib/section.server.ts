import type { AppLoadContext } from "react-router";
import { isDatabaseUnavailable } from "~db/errors";

/**
 * One part of a page that can fail on its own (say the winners of /admin/qr): its data, or `null` once
 * the error is logged, so the rest of the page still shows and the part shows its own message instead.
 * A database that does not answer at all is not one part failing: it goes on to the page's 503.
 */
export async function loadSection<T>(
  context: AppLoadContext,
  section: string,
  load: () => Promise<T>,
): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    context.log.error({ err: error, requestId: context.requestId, section }, "page section failed to load");
    return null;
  }
}
