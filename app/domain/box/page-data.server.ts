import { referenceData } from "~/domain/cache/reference-data.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import type { Db } from "~db/index";
import type { BoxPlanView } from "./plans";
import { listPlans, monthlyPriceCents } from "./plans.server";
import type { ShippingRates } from "./shipping";

export interface BoxPageData {
  plans: BoxPlanView[];
  pickupPoints: { name: string; address: string; hours: string }[];
  /** Standard shipping per province (centavos), for the cost shown before paying. */
  rates: ShippingRates;
}

/**
 * What the landing and the no-JavaScript form need: plans on sale, pickup points, shipping table. All
 * reference data (app/domain/cache/reference-data.server.ts): updatePlan and the settings call
 * publicPagesChanged. Subscribing reads the plan again from the database (what is charged).
 */
export async function boxPageData(db: Db): Promise<BoxPageData> {
  const [plans, { pickup, shipping }] = await Promise.all([plansOnSale(db), publicSections(db)]);
  const rates: ShippingRates = Object.fromEntries(
    Object.entries(shipping.rates).map(([code, rate]) => [code, { standardCents: rate.standardCents }]),
  );
  return { plans, pickupPoints: pickup.points, rates };
}

const plansOnSale = (db: Db) => referenceData(db, "box.plans-on-sale", () => listPlans(db, { activeOnly: true }));

/** The monthly plan's price for the home's box slide (monthlyPriceCents, kept in memory between changes). */
export const boxMonthlyPrice = (db: Db): Promise<number> => referenceData(db, "box.monthly-price", monthlyPriceCents);
