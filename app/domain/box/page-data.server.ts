import { referenceData } from "~/domain/cache/reference-data.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { rateFor, type VatRate } from "~/domain/taxes/fiscal";
import type { Db } from "~db/index";
import type { BoxPlanView } from "./plans";
import { listPlans, monthlyPriceCents } from "./plans.server";
import type { ShippingRates } from "./shipping";

export interface BoxPageData {
  plans: BoxPlanView[];
  pickupPoints: { name: string; address: string; hours: string }[];
  /** Standard shipping per province (centavos), for the cost shown before paying. */
  rates: ShippingRates;
  /**
   * The IVA rate of the box's prices: the tax table's `libros` row (the box is two books a month), for the
   * price without national taxes beside each plan's price (docs/decisions/0025).
   */
  taxRate: VatRate;
}

/**
 * What the landing and the no-JavaScript form need: plans on sale, pickup points, shipping table. All
 * reference data (app/domain/cache/reference-data.server.ts): updatePlan and the settings call
 * publicPagesChanged. Subscribing reads the plan again from the database (what is charged).
 */
export async function boxPageData(db: Db): Promise<BoxPageData> {
  const [plans, { pickup, shipping, taxes }] = await Promise.all([plansOnSale(db), publicSections(db)]);
  const rates: ShippingRates = Object.fromEntries(
    Object.entries(shipping.rates).map(([code, rate]) => [code, { standardCents: rate.standardCents }]),
  );
  return { plans, pickupPoints: pickup.points, rates, taxRate: boxTaxRate(taxes.categories) };
}

const plansOnSale = (db: Db) => referenceData(db, "box.plans-on-sale", () => listPlans(db, { activeOnly: true }));

/** The monthly plan's price for the home's box slide (monthlyPriceCents, kept in memory between changes). */
export const boxMonthlyPrice = (db: Db): Promise<number> => referenceData(db, "box.monthly-price", monthlyPriceCents);

/** The box's IVA rate: the `libros` category's (always in the table), since what the box sells is books. */
export function boxTaxRate(categories: Parameters<typeof rateFor>[0]): VatRate {
  return rateFor(categories, "libros");
}
