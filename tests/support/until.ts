/**
 * Polls `read` until it gives a truthy value and returns it, failing with `what` after `timeoutMs`.
 * For waits on things outside the page (SMTP deliveries, rows, files); pages use Playwright's own waits.
 */
export async function until<T>(
  read: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
