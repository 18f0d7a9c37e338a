import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

// Not built on vite.config.ts: the React Router plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { alias: { "~": at("./app"), "~db": at("./db") } },
  test: {
    env: { NODE_ENV: "test" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.ts",
            "db/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Vitest's default leaves one core to its main thread: one worker on a two-core machine. A file
          // waits on its database often enough (PostgreSQL's own processes, PGlite's worker thread) that two
          // workers there ran the same 14 API files in 118 s instead of 151 s.
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for what the page shows; its 1 s default is shorter than one server round
          // trip on a busy two-core machine. A poll still returns as soon as the state is there.
          expect: { poll: { timeout: 15_000 } },
          // Each file starts its own server and browser; two at a time fit two cores.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          // The load test measures the server's memory and throughput: alone, in its own project.
          exclude: ["tests/reliability/load.test.ts"],
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 900_000,
          hookTimeout: 180_000,
          // Each file has its own database (faults.test.ts its own PostgreSQL, which it stops), servers on
          // their own ports and its own fakes; most of their time is spent waiting (restarts, leases, retries).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "load",
          include: ["tests/reliability/load.test.ts"],
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 900_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
