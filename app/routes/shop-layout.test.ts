import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateSection } from "~/domain/settings/settings.server";
import { adminUsers } from "~db/schema";
import { routeArgs } from "../../tests/support/route-context";
import { testDatabase } from "../../tests/support/test-database";
import * as shopLayout from "./shop-layout";

const database = await testDatabase();
const db = database.db;
const admin = { id: 1, email: "libreria@rizoma.com.ar" };

beforeAll(() =>
  db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "no se usa en este test" }),
);
afterAll(() => database.close());

type Args = Parameters<typeof shopLayout.loader>[0];
const storeUrl = async (envStoreUrl: string | null) => {
  const args = routeArgs("/", database) as Args;
  const loaded = await shopLayout.loader({
    ...args,
    context: { ...args.context, config: { ...args.context.config, storeUrl: envStoreUrl } },
  });
  return loaded.storeUrl;
};

describe("the header's IR A TIENDA", () => {
  it("has no store to open until one is set up", async () => {
    expect(await storeUrl(null)).toBeNull();
  });

  it("opens the store saved in /admin/ajustes, or TIENDANUBE_STORE_URL, which wins", async () => {
    await updateSection(db, admin, "store", { externalUrl: "https://guardada.mitiendanube.com" });
    expect(await storeUrl(null)).toBe("https://guardada.mitiendanube.com");
    expect(await storeUrl("https://rizoma.mitiendanube.com")).toBe("https://rizoma.mitiendanube.com");
  });
});
