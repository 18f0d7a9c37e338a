import type { AppLoadContext } from "react-router";

/**
 * One part of a page that can fail on its own (say the winners of /admin/qr): its data, or `null` once
 * the error is logged, so the rest of the page still shows and the part shows its own message instead.
 */
export async function loadSection<T>(
  context: AppLoadContext,
  section: string,
  load: () => Promise<T>,
): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    context.log.error({ err: error, requestId: context.requestId, section }, "page section failed to load");
    return null;
  }
}
