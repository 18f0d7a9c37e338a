import { describe, expect, it } from "vitest";
import { adminUsers, newsletterSubscribers } from "~db/schema";
import { countBooks, demoIsbns, seedDemoCatalogue } from "~db/seed";
import { testDatabase } from "../../../tests/support/test-database";
import { leaveDemoMode, NOT_IN_DEMO, shopMode } from "./demo-mode.server";

const admin = { id: 1, email: "libreria@rizoma.com.ar" };

describe("leaving demo mode without deleting", () => {
  it("keeps every record and only stops the simulation", async () => {
    const fresh = await testDatabase();
    try {
      await fresh.db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "x" });
      await seedDemoCatalogue(fresh.db);
      await fresh.db.insert(newsletterSubscribers).values({ email: "lector@example.com", source: "shop" });
      expect(await leaveDemoMode(fresh.db, admin, { deleteDemoData: false, confirmation: "produccion" })).toBeNull();
      expect(await shopMode(fresh.db)).toBe("live");
      expect(await countBooks(fresh.db)).toBe(demoIsbns().length);
      expect(await fresh.db.select().from(newsletterSubscribers)).toHaveLength(1);
      await expect(
        leaveDemoMode(fresh.db, admin, { deleteDemoData: true, confirmation: "produccion" }),
      ).rejects.toThrow(NOT_IN_DEMO);
      expect(await countBooks(fresh.db)).toBe(demoIsbns().length);
    } finally {
      await fresh.close();
    }
  });
});
