import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { settings } from "~db/schema";
import { SHOP_MODE_KEY } from "~db/seed";
import { testDatabase } from "../tests/support/test-database";
import { EnvError } from "./env";
import { demoSecretFile, resolveSessionSecret, SESSION_SECRET_REQUIRED } from "./session-secret";

const database = await testDatabase();
const db = database.db;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rizoma-secret-"));
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database.close();
});

const setMode = async (state: "demo" | "live" | null) => {
  await db.delete(settings).where(eqKey());
  if (state) await db.insert(settings).values({ key: SHOP_MODE_KEY, value: { state } });
};
const eqKey = () => eq(settings.key, SHOP_MODE_KEY);

describe("SESSION_SECRET", () => {
  it("is used as given, in any mode", async () => {
    await setMode("live");
    const secret = await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: "dada", dataDir });
    expect(secret).toBe("dada");
  });

  it("is required in production by a shop that is not a demo, with a Spanish message naming it", async () => {
    for (const state of ["live", null] as const) {
      await setMode(state);
      const refused = await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: null, dataDir }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(EnvError);
      expect((refused as Error).message).toBe(SESSION_SECRET_REQUIRED);
      expect((refused as Error).message).toContain("SESSION_SECRET es obligatoria en producción");
    }
  });

  it("is generated for a demo shop into DATA_DIR, readable only by the shop's user, and kept across restarts", async () => {
    await setMode("demo");
    const first = await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: null, dataDir });
    expect(first).toMatch(/^[\w-]{64}$/);
    expect(statSync(demoSecretFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(readFileSync(demoSecretFile(dataDir), "utf8").trim()).toBe(first);
    expect(await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: null, dataDir })).toBe(first);
  });

  it("is not needed outside production (the key kept in the database)", async () => {
    await setMode(null);
    expect(await resolveSessionSecret(db, { nodeEnv: "test", sessionSecret: null, dataDir })).toBeNull();
  });
});
