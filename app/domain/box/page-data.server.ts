import { getSection } from "~/domain/settings/settings.server";
import type { Db } from "~db/index";
import type { BoxPlanView } from "./plans";
import { listPlans } from "./plans.server";
import type { ShippingRates } from "./shipping";

export interface BoxPageData {
  plans: BoxPlanView[];
  pickupPoints: { name: string; address: string; hours: string }[];
  /** Standard shipping per province (centavos), for the cost shown before paying. */
  rates: ShippingRates;
}

/** What the landing and the no-JavaScript form need: plans on sale, pickup points, shipping table. */
export async function boxPageData(db: Db): Promise<BoxPageData> {
  const [plans, pickup, shipping] = await Promise.all([
    listPlans(db, { activeOnly: true }),
    getSection(db, "pickup"),
    getSection(db, "shipping"),
  ]);
  const rates: ShippingRates = Object.fromEntries(
    Object.entries(shipping.rates).map(([code, rate]) => [code, { standardCents: rate.standardCents }]),
  );
  return { plans, pickupPoints: pickup.points, rates };
}
