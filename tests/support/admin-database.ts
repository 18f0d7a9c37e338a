import { afterAll, beforeAll } from "vitest";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import type { Db } from "~db/index";
import { adminUsers } from "~db/schema";
import { seedDemoCatalogue } from "~db/seed";
import { routeCaller } from "./route-context";
import { testDatabase } from "./test-database";

/** The admin domain and route tests act as. */
export const TEST_ADMIN: AdminIdentity = { id: 1, email: "libreria@rizoma.com.ar", role: "owner" };

/** The admin's row, so what it does can be audited; tests that sign in with a password use `createAdmin`. */
export async function addAdmin(db: Db, admin: AdminIdentity = TEST_ADMIN): Promise<void> {
  await db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "no se usa en este test" });
}

/**
 * A test file's own database (closed after the file) with `admin` in it and, with `catalogue`, the demo
 * books. `call` runs a resource route signed in as `admin` (see `routeCaller`).
 */
export async function adminTestDatabase({ catalogue = false, admin = TEST_ADMIN } = {}) {
  const database = await testDatabase();
  beforeAll(async () => {
    if (catalogue) await seedDemoCatalogue(database.db);
    await addAdmin(database.db, admin);
  });
  afterAll(() => database.close());
  return { database, db: database.db, admin, call: routeCaller(database, admin) };
}

/**
 * A new client address at every call (`prefix` is the first two parts), so a per-IP limit only bites
 * where a test sends from one address on purpose.
 */
export function clientIps(prefix: string): () => string {
  let counter = 0;
  return () => `${prefix}.${Math.floor(counter / 250)}.${counter++ % 250}`;
}
