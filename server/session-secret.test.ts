import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { settings } from "~db/schema";
import { SHOP_MODE_KEY } from "~db/seed";
import { testDatabase } from "../tests/support/test-database";
import { EnvError } from "./env";
import { resolveSessionSecret, SESSION_SECRET_REQUIRED } from "./session-secret";

const database = await testDatabase();
const db = database.db;
afterAll(async () => {
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
    const secret = await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: "dada" });
    expect(secret).toBe("dada");
  });

  it("is required in production by a shop that is not a demo, with a Spanish message naming it", async () => {
    for (const state of ["live", null] as const) {
      await setMode(state);
      const refused = await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: null }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(EnvError);
      expect((refused as Error).message).toBe(SESSION_SECRET_REQUIRED);
      expect((refused as Error).message).toContain("SESSION_SECRET es obligatoria en producción");
    }
  });

  it("is not needed by a demo shop, which keeps using the key in its database (a restored backup keeps its links)", async () => {
    await setMode("demo");
    expect(await resolveSessionSecret(db, { nodeEnv: "production", sessionSecret: null })).toBeNull();
  });

  it("is not needed outside production (the key kept in the database)", async () => {
    await setMode(null);
    expect(await resolveSessionSecret(db, { nodeEnv: "test", sessionSecret: null })).toBeNull();
  });
});
