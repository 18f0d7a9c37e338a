import { describe, expect, it } from "vitest";
import { updateSection } from "~/domain/settings/settings.server";
import { adminTestDatabase } from "../../tests/support/admin-database";
import { routeArgs } from "../../tests/support/route-context";
import * as shopLayout from "./shop-layout";

const { database, db, admin } = await adminTestDatabase();

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
