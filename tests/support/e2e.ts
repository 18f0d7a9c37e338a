import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type AppServer, appEnv, removeDataDir, startApp } from "./app-server";
import { launchBrowser, openPage, type WatchedPage } from "./browser";

export type PageOptions = Parameters<typeof openPage>[1];

/**
 * One e2e file's shop and browser, started before its tests and stopped after them. Every page opened
 * through it is watched: a console error on any of them fails the test that opened it (CONVENTIONS.md).
 */
export interface BrowserSuite {
  /** The running shop. A test that restarts the server (PGlite has one owner) assigns the new one here. */
  app: AppServer;
  browser: Browser;
  /** The environment the shop was started with (appEnv plus the file's overrides). */
  env: Record<string, string>;
  /** A new page in its own browser context (own cookies), watched for console errors. */
  open(options?: PageOptions): Promise<Page>;
  /** `open`, with the page's live list of console errors beside it. */
  watch(options?: PageOptions): Promise<WatchedPage>;
  /** `open`, then go to `path` on the shop; the document's HTTP status with it. */
  visit(path: string, options?: PageOptions): Promise<{ page: Page; status?: number }>;
  /** The console errors a watched page has logged so far (the live list the test's end checks). */
  errors(page: Page): string[];
  /** Drops the console errors matching `pattern` that a test provokes on purpose (a refused request). */
  acknowledge(page: Page, pattern: RegExp): void;
}

type Overrides = Record<string, string>;

/**
 * Registers the file's beforeAll/afterEach/afterAll hooks; call it at the top level of a test file.
 * `overrides` may be a function, called when the suite starts: after the file's own earlier beforeAll
 * hooks (a fake server they start can give its URL). `beforeStart` runs with the final environment before
 * the shop starts (e.g. a first start that loads the demo, then a row written straight into the database).
 */
export function browserSuite(
  overrides: Overrides | (() => Overrides | Promise<Overrides>) = {},
  options: { beforeStart?: (env: Overrides) => Promise<void> } = {},
): BrowserSuite {
  const opened: WatchedPage[] = [];
  const suite: BrowserSuite = {
    app: undefined as unknown as AppServer,
    browser: undefined as unknown as Browser,
    env: {},
    async watch(options = {}) {
      const watched = await openPage(suite.browser, options);
      opened.push(watched);
      return watched;
    },
    async open(options = {}) {
      return (await suite.watch(options)).page;
    },
    async visit(path, options = {}) {
      const page = await suite.open(options);
      const response = await page.goto(`${suite.app.baseUrl}${path}`);
      return { page, status: response?.status() };
    },
    errors(page) {
      const watched = opened.find((entry) => entry.page === page);
      if (!watched) throw new Error("a page opened by this suite");
      return watched.errors;
    },
    acknowledge(page, pattern) {
      const errors = suite.errors(page);
      errors.splice(0, errors.length, ...errors.filter((error) => !pattern.test(error)));
    },
  };

  beforeAll(async () => {
    suite.env = await appEnv(typeof overrides === "function" ? await overrides() : overrides);
    await options.beforeStart?.(suite.env);
    [suite.app, suite.browser] = await Promise.all([startApp(suite.env), launchBrowser()]);
  });
  afterEach(async () => {
    for (const watched of opened.splice(0)) {
      expect(watched.errors, `console errors on ${watched.page.url()}`).toEqual([]);
      await watched.page.context().close();
    }
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
    if (suite.app) removeDataDir(suite.app.dataDir);
  });
  return suite;
}
