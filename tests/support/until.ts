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

/**
 * Like `until`, for work done in steps (messages delivered one by one): waits as long as `progress()`
 * keeps changing, and fails once it has stood still for `stallMs`. A busy machine only takes longer;
 * a worker that stopped still fails the test.
 */
export async function untilDone<T>(
  read: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  progress: () => number,
  what: string,
  stallMs = 30_000,
): Promise<T> {
  let seen = progress();
  let movedAt = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    const now = progress();
    if (now !== seen) {
      seen = now;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > stallMs) {
      throw new Error(`timed out waiting for ${what}: nothing moved for ${stallMs / 1000} s (at ${now})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
