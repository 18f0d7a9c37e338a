import { describe, expect, it } from "vitest";
import { getSection } from "~/domain/settings/settings.server";
import { adminUsers, arcaSandboxVouchers, invoices, newsletterSubscribers, orders } from "~db/schema";
import { countBooks, demoIsbns, seedDemoCatalogue } from "~db/seed";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { testDatabase } from "../../../tests/support/test-database";
import { leaveDemoMode, NOT_IN_DEMO, shopMode } from "./demo-mode.server";

const admin = { id: 1, email: "libreria@rizoma.com.ar", role: "owner" as const };

describe("leaving demo mode without deleting", () => {
  it("keeps every record and only stops the simulation", async () => {
    const fresh = await testDatabase();
    try {
      await fresh.db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "x" });
      await seedDemoCatalogue(fresh.db);
      await fresh.db.insert(newsletterSubscribers).values({ email: "lector@example.com", source: "shop" });
      // The sandbox's vouchers were never fiscal: they go, their orders stay; ARCA's own ones stay.
      const sandbox = await insertInvoice(fresh.db, { number: 1 });
      await insertInvoice(fresh.db, { kind: "credit_note", originalInvoiceId: sandbox.id, number: 1 });
      const real = await insertInvoice(fresh.db, { environment: "homologacion", number: 1 });
      await fresh.db.insert(arcaSandboxVouchers).values({
        cuit: "20000000001",
        pointOfSale: 1,
        voucherType: 6,
        number: 1,
        cae: "76451234567890",
        caeExpiry: "2026-11-20",
        data: {},
      });
      expect(await leaveDemoMode(fresh.db, admin, { deleteDemoData: false, confirmation: "produccion" })).toBeNull();
      expect(await shopMode(fresh.db)).toBe("live");
      expect(await countBooks(fresh.db)).toBe(demoIsbns().length);
      expect(await fresh.db.select().from(newsletterSubscribers)).toHaveLength(1);
      expect(await fresh.db.select({ id: invoices.id }).from(invoices)).toEqual([{ id: real.id }]);
      expect(await fresh.db.select().from(arcaSandboxVouchers)).toHaveLength(0);
      expect(await fresh.db.select().from(orders)).toHaveLength(2);
      expect(await getSection(fresh.db, "invoicing")).toEqual({
        enabled: false,
        pointOfSale: 1,
        identifyConsumerFrom: 10_000_000,
      });
      await expect(
        leaveDemoMode(fresh.db, admin, { deleteDemoData: true, confirmation: "produccion" }),
      ).rejects.toThrow(NOT_IN_DEMO);
      expect(await countBooks(fresh.db)).toBe(demoIsbns().length);
    } finally {
      await fresh.close();
    }
  });
});
