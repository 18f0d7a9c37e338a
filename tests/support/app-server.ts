import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createDatabase } from "./postgres-server";

const root = path.resolve(import.meta.dirname, "../..");

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  /** Everything the process printed (stdout + stderr), for assertions and failure messages. */
  output: () => string;
  process: ChildProcess;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Every server a test started and did not stop yet. If a test file dies before its afterAll can stop
 * them (say the browser failed to launch in the same beforeAll), they are killed when the worker exits,
 * so no run leaves servers behind.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export function freshDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "rizoma-e2e-"));
}

/**
 * Environment for a new app server: a fresh DATA_DIR, and with TEST_POSTGRES=1 a fresh PostgreSQL
 * database (empty: the app migrates it and loads the demo, exactly as on a first start).
 */
export async function appEnv(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  // The demo's sales history (a fair, a day at the counter) stays out unless a test asks for it: the
  // e2e tests count sales, stock and mail of their own.
  const env: Record<string, string> = {
    DATA_DIR: freshDataDir(),
    LOG_LEVEL: "warn",
    DEMO_HISTORY: "off",
    ...overrides,
  };
  const adminUrl = inject("postgresAdminUrl");
  if (adminUrl && !("DATABASE_URL" in overrides)) {
    env.DATABASE_URL = await createDatabase(adminUrl, `e2e_${randomBytes(6).toString("hex")}`);
    env.DEMO_DATA ??= "on";
  }
  return env;
}

/** Starts the built app (`node server.js`) and waits until /healthz answers. */
export async function startApp(env: Record<string, string>, options: { waitReady?: boolean } = {}): Promise<AppServer> {
  const port = await freePort();
  // Production unless a test asks otherwise (the payments sandbox only runs outside production).
  const fullEnv = { ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: env.NODE_ENV ?? "production" };
  // Production requires SESSION_SECRET except in a demo shop (which generates its own into DATA_DIR, as the
  // quick start does): a test of a shop without the demo gets one unless it is testing that.
  if (fullEnv.NODE_ENV === "production" && env.DEMO_DATA === "off" && !("SESSION_SECRET" in env))
    Object.assign(fullEnv, { SESSION_SECRET: "secreto-de-las-pruebas-de-produccion-0123456789" });
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, ...fullEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: AppServer = {
    baseUrl,
    dataDir: env.DATA_DIR ?? "",
    env,
    output: () => output,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  if (options.waitReady === false) return server;
  // Readiness is /healthz answering; the deadline only stops a start that hangs. A first start (migrations,
  // the demo catalogue) takes seconds on a quiet machine, half a minute on a busy two-core one, and went past
  // 60 s while other suites ran beside this one. Below the 180 s hook timeout, so the failure shows the output.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await server.kill();
  throw new Error(`the app did not become healthy in 150 s:\n${output}`);
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Signs in through the API and answers the session cookie ("name=value") for the admin calls that follow. */
export async function adminCookie(app: Pick<AppServer, "baseUrl">, admin: { email: string; password: string }) {
  const response = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read several JSON answer shapes.
export type AppAnswer = Record<string, any>;
export type CallInit = { method?: string; body?: unknown; cookie?: string; timeoutMs?: number };

/**
 * One request to a test server: JSON in (POST when there is a body), and the answer as status, parsed JSON
 * (empty for a page), text and content type. For the reliability tests that drive the app over HTTP.
 */
export async function callApp(
  app: Pick<AppServer, "baseUrl">,
  path: string,
  init: CallInit = {},
): Promise<{ status: number; json: AppAnswer; text: string; type: string }> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
  });
  const text = await response.text();
  let json: AppAnswer = {};
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, json, text, type: response.headers.get("content-type") ?? "" };
}
