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
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 900_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
