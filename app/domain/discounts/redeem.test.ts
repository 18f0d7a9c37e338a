import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions } from "~db/schema";
import { insertOrder } from "../../../tests/support/order-row";
import { testDatabase } from "../../../tests/support/test-database";
import { Conflict, Invalid } from "../errors";
import { quoteDiscount, redeemDiscount, releaseDiscount } from "./redeem.server";
import { DISCOUNT_MESSAGES, discountDisplayStatus } from "./rules";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

const order = () => insertOrder(db);

const codeNamed = async (code: string) => {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!row) throw new Error(`no code ${code}`);
  return row;
};

describe("quoting a code", () => {
  it("accepts an active code in any case and says what it takes off", async () => {
    await db.insert(discountCodes).values({ code: "LECTORES10", discountPercentage: 10, minimumAmountCents: 500_000 });
    const quote = await quoteDiscount(db, "  lectores10 ", 1_234_500);
    expect(quote).toMatchObject({ code: "LECTORES10", discountCents: 123_450 });
  });

  it("refuses unknown, inactive, expired, exhausted and below-minimum codes with the reason", async () => {
    const past = new Date(Date.now() - 60_000);
    await db.insert(discountCodes).values([
      { code: "APAGADO", discountPercentage: 5, active: false },
      { code: "VENCIDO", discountPercentage: 5, validUntil: past },
      { code: "AGOTADO", discountAmountCents: 100_000, maxUses: 1, usedCount: 1 },
    ]);
    await expect(quoteDiscount(db, "NOEXISTE", 1_000_000)).rejects.toThrow(new Invalid(DISCOUNT_MESSAGES.unknown));
    await expect(quoteDiscount(db, "AB", 1_000_000)).rejects.toThrow(new Invalid(DISCOUNT_MESSAGES.malformed));
    await expect(quoteDiscount(db, "apagado", 1_000_000)).rejects.toThrow(new Invalid(DISCOUNT_MESSAGES.inactive));
    await expect(quoteDiscount(db, "VENCIDO", 1_000_000)).rejects.toThrow(new Invalid(DISCOUNT_MESSAGES.expired));
    await expect(quoteDiscount(db, "AGOTADO", 1_000_000)).rejects.toThrow(new Invalid(DISCOUNT_MESSAGES.exhausted));
    await expect(quoteDiscount(db, "LECTORES10", 499_999)).rejects.toThrow(
      new Invalid(DISCOUNT_MESSAGES.minimum(500_000)),
    );
  });

  it("evaluates the display status in the spec's order", () => {
    const past = new Date(Date.now() - 1000);
    expect(discountDisplayStatus({ active: false, validUntil: past, maxUses: 1, usedCount: 1 })).toBe("inactive");
    expect(discountDisplayStatus({ active: true, validUntil: past, maxUses: 1, usedCount: 1 })).toBe("expired");
    expect(discountDisplayStatus({ active: true, validUntil: null, maxUses: 1, usedCount: 1 })).toBe("exhausted");
    expect(discountDisplayStatus({ active: true, validUntil: null, maxUses: null, usedCount: 90 })).toBe("active");
  });
});

describe("redeeming a code", () => {
  it("lets exactly maxUses of 50 concurrent orders use a code", async () => {
    await db.insert(discountCodes).values({ code: "TRESUSOS", discountAmountCents: 100_000, maxUses: 3 });
    const quote = await quoteDiscount(db, "TRESUSOS", 1_000_000);
    const placed = await Promise.all(Array.from({ length: 50 }, order));
    const results = await Promise.allSettled(
      placed.map((row) => db.transaction((tx) => redeemDiscount(tx, quote, row.id))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(Conflict);
    const code = await codeNamed("TRESUSOS");
    expect(code.usedCount).toBe(3);
    expect(await db.$count(discountRedemptions, eq(discountRedemptions.discountCodeId, code.id))).toBe(3);
  });

  it("gives a cancelled order's use back once", async () => {
    await db.insert(discountCodes).values({ code: "UNUSO", discountPercentage: 20, maxUses: 1 });
    const quote = await quoteDiscount(db, "UNUSO", 1_000_000);
    const first = await order();
    await db.transaction((tx) => redeemDiscount(tx, quote, first.id));
    await expect(quoteDiscount(db, "UNUSO", 1_000_000)).rejects.toThrow(DISCOUNT_MESSAGES.exhausted);
    await db.transaction((tx) => releaseDiscount(tx, first.id));
    await db.transaction((tx) => releaseDiscount(tx, first.id));
    expect((await codeNamed("UNUSO")).usedCount).toBe(0);
    expect((await quoteDiscount(db, "UNUSO", 1_000_000)).discountCents).toBe(200_000);
    expect(first.number).toMatch(/^RZ-\d{6}$/);
  });
});
