import { afterEach, describe, expect, it } from "vitest";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";
import { onPostgres } from "../support/test-database";

const started: AppServer[] = [];
afterEach(async () => {
  for (const app of started.splice(0)) await app.kill();
});

async function start(env: Record<string, string>, options?: Parameters<typeof startApp>[1]) {
  const app = await startApp(env, options);
  started.push(app);
  return app;
}

const total = async (app: AppServer) =>
  (await fetch(`${app.baseUrl}/api/books?limit=1`).then((r) => r.json())).pagination.total as number;

describe("durability", () => {
  it("keeps its data through kill -9 and a restart, without loading the demo twice", async () => {
    const env = await appEnv();
    const first = await start(env);
    const before = await total(first);
    expect(before).toBeGreaterThanOrEqual(80);
    await first.kill();

    const second = await start(env);
    expect(await total(second)).toBe(before);
    await second.stop();
    removeDataDir(env.DATA_DIR ?? "");
    // Each test here starts the app two to five times: half a minute a start on a busy two-core machine.
  }, 240_000);

  it("recovers when killed while it is loading the demo catalogue", async () => {
    const env = await appEnv();
    const reference = await start(await appEnv());
    const expected = await total(reference);
    await reference.stop();
    for (const delayMs of [400, 1200, 2500]) {
      const victim = await start(env, { waitReady: false });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await victim.kill();
    }
    const survivor = await start(env);
    expect(await total(survivor)).toBe(expected);
    await survivor.stop();
    removeDataDir(env.DATA_DIR ?? "");
  }, 240_000);

  it.skipIf(onPostgres())(
    "refuses a second server on the same embedded DATA_DIR",
    async () => {
      // Only the embedded database has this rule: PostgreSQL takes any number of instances.
      const env = await appEnv();
      await start(env);
      const intruder = await start(env, { waitReady: false });
      const code = await new Promise<number | null>((resolve) => intruder.process.once("exit", resolve));
      expect(code).not.toBe(0);
      expect(intruder.output()).toContain("El directorio de datos ya está en uso por otro proceso");
    },
    240_000,
  );
});
