import { afterAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../tests/support/test-database";
import { discountPercent } from "./plans";
import { listPlans } from "./plans.server";
import { boxDateFor } from "./schedule";
import { boxShippingCents } from "./shipping";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

describe("plans", () => {
  it("are seeded with the public prices: monthly 54.000, semiannual 270.000 (was 324.000, 17% off)", async () => {
    const plans = await listPlans(db, { activeOnly: true });
    expect(plans.map((p) => [p.id, p.priceCents, p.originalPriceCents])).toEqual([
      ["monthly", 5_400_000, null],
      ["semiannual", 27_000_000, 32_400_000],
    ]);
    expect(discountPercent(plans[1] as never)).toBe(17);
    expect((await listPlans(db)).find((p) => p.id === "quarterly")?.active).toBe(false);
  });
});

describe("rules", () => {
  it("boxes: paid on days 1-9 (Buenos Aires) -> this month's, else next month's", () => {
    expect(boxDateFor(new Date("2026-03-09T12:00:00-03:00"))).toBe("2026-03-15");
    expect(boxDateFor(new Date("2026-03-10T00:30:00-03:00"))).toBe("2026-04-15");
    // 02:00 UTC on the 10th is still the 9th in Buenos Aires
    expect(boxDateFor(new Date("2026-03-10T02:00:00Z"))).toBe("2026-03-15");
    expect(boxDateFor(new Date("2026-12-20T12:00:00-03:00"))).toBe("2027-01-15");
  });

  it("shipping: pickup, CABA and GBA free; elsewhere the province's standard rate", () => {
    const rates = { B: { standardCents: 500_000 }, X: { standardCents: 800_000 } };
    expect(boxShippingCents(rates, { deliveryMethod: "pickup", state: "X", city: "Córdoba" })).toBe(0);
    expect(boxShippingCents(rates, { deliveryMethod: "delivery", state: "C", city: "CABA" })).toBe(0);
    expect(boxShippingCents(rates, { deliveryMethod: "delivery", state: "Buenos Aires", city: "lanus" })).toBe(0);
    expect(boxShippingCents(rates, { deliveryMethod: "delivery", state: "B", city: "Mar del Plata" })).toBe(500_000);
    expect(boxShippingCents(rates, { deliveryMethod: "delivery", state: "Córdoba", city: "Córdoba" })).toBe(800_000);
  });
});
