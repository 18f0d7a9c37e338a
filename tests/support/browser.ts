import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

const require = createRequire(import.meta.url);
let axe: string | undefined;
const axeSource = () => {
  axe ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  return axe;
};

/**
 * Debian's Chromium, never a downloaded one; the flags keep it off the (closed) network. `extraArgs` adds
 * flags for one file's browser (say `fakeCameraArgs`), after the defaults.
 */
export function launchBrowser(options: { extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...(options.extraArgs ?? []),
    ],
  });
}

/**
 * Chromium's fake camera playing `videoFile` (a .y4m or .mjpeg, looped), with camera permission granted
 * without asking: what a test of the barcode scanner points the "phone" at.
 */
export const fakeCameraArgs = (videoFile: string) => [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  `--use-file-for-fake-video-capture=${videoFile}`,
];

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far: a test fails when there is any. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; javaScriptEnabled?: boolean; hasTouch?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    hasTouch: options.hasTouch ?? false,
    locale: "es-AR",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium logs the document's own 4xx status as an error; tests assert that status themselves.
    const ownStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
    if (!ownStatus) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * React has taken over `selector` (default: the page's <main>): its handlers are attached, so a click or a
 * key press runs the page's code instead of the browser's default (a native form post, a link followed,
 * nothing at all). `goto` and `waitForURL` return at the load event, which can come before hydration on a
 * busy machine. Parts hydrated lazily from their own chunk (the home's sections) take over later than
 * <main>: name an element inside them.
 */
export async function hydrated(page: Page, selector = "main"): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

/** Runs axe-core on the page and expects no violation (names them when there are some). */
export async function expectAccessible(page: Page): Promise<void> {
  // Entrance animations (shop cards fade in) must end first: mid-fade text would fail the contrast rule.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // Evaluated through the DevTools protocol, not added as a <script>: the page's Content-Security-Policy
  // (rightly) refuses inline scripts without its nonce.
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }
    ).axe.run();
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${(violation.nodes as { target: string[]; failureSummary?: string }[]).map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(" | ")}`,
    );
  });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** Signs in on the admin's login page that `path` redirects to, and waits to be back at `path`. */
export async function signInAsAdmin(
  page: Page,
  baseUrl: string,
  admin: { email: string; password: string },
  path: string,
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Contraseña").fill(admin.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`${baseUrl}${path}`);
  // A client-side navigation changes the URL before React renders the new page: wait for the login page's
  // heading to go before the test reads what the page shows.
  await page.getByRole("heading", { name: "Ingresar al panel" }).waitFor({ state: "detached" });
}
