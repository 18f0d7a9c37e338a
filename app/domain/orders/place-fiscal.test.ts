import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { updateSection } from "~/domain/settings/settings.server";
import { splitTax } from "~/domain/taxes/fiscal";
import { orderNet } from "~/domain/taxes/net-prices";
import { sumCents } from "~/lib/money";
import { books, discountCodes, orderItems } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { placeOrder } from "./place.server";

const { db, admin } = await adminTestDatabase();
const ip = clientIps("10.25");
const ctx = () => ({ db, siteUrl: "http://localhost:3000", configuredSecret: "s".repeat(32), clientIp: ip() });

async function book(priceCents: number, taxCategory: string) {
  const [row] = await db
    .insert(books)
    .values({ title: `Producto ${taxCategory}`, slug: `p-${randomUUID()}`, priceCents, stock: 20, taxCategory })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const order = (items: { id: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  items,
  customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" },
  delivery: { method: "pickup" },
  paymentMethod: "transfer",
  ...extra,
});

const linesOf = (orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);

describe("placing an order stores each line's net and IVA from the settings' tax table", () => {
  it("a book (exento) and a 21% product, with a discount code and the transfer discount", async () => {
    await updateSection(db, admin, "taxes", {
      categories: [
        { key: "libros", label: "Libros", rate: "exento" },
        { key: "merchandising", label: "Merchandising", rate: "21" },
      ],
    });
    const novel = await book(2_350_050, "libros");
    const mug = await book(1_210_000, "merchandising");
    await db.insert(discountCodes).values({ code: "FISCAL10", discountPercentage: 10 });

    const { order: placed, totals } = await placeOrder(
      ctx(),
      order(
        [
          { id: novel.id, quantity: 2 },
          { id: mug.id, quantity: 1 },
        ],
        { discountCode: "FISCAL10" },
      ),
    );
    expect(totals.codeDiscountCents).toBeGreaterThan(0);
    expect(totals.transferDiscountCents).toBeGreaterThan(0);

    const lines = await linesOf(placed.id);
    expect(lines.map((line) => [line.taxCategory, line.taxRate])).toEqual([
      ["libros", "exento"],
      ["merchandising", "21"],
    ]);
    // The line totals are what the buyer pays for the goods: subtotal minus both discounts, to the centavo.
    expect(sumCents(lines.map((line) => line.lineTotalCents))).toBe(
      placed.subtotalCents - placed.codeDiscountCents - placed.transferDiscountCents,
    );
    for (const line of lines) expect(line.netCents + line.taxCents).toBe(line.lineTotalCents);
    const [bookLine, mugLine] = lines;
    expect(bookLine?.taxCents).toBe(0);
    expect(mugLine?.netCents).toBe(splitTax(mugLine?.lineTotalCents ?? 0, "21").netCents);
    expect(mugLine?.taxCents).toBeGreaterThan(0);

    // What the checkout shows is computed by the same function on the same totals: it agrees with the rows.
    const shown = orderNet(
      [
        { grossCents: 2 * 2_350_050, taxCategory: "libros", rate: "exento" },
        { grossCents: 1_210_000, taxCategory: "merchandising", rate: "21" },
      ],
      totals.discountCents,
      totals.shippingCents,
    );
    expect(shown.lines.map((line) => [line.lineTotalCents, line.netCents, line.taxCents])).toEqual(
      lines.map((line) => [line.lineTotalCents, line.netCents, line.taxCents]),
    );
    expect(shown.totalNetCents).toBe(sumCents(lines.map((line) => line.netCents)));
  });

  it("takes the rate the table has when the order is placed", async () => {
    await updateSection(db, admin, "taxes", {
      categories: [
        { key: "libros", label: "Libros", rate: "exento" },
        { key: "merchandising", label: "Merchandising", rate: "10.5" },
      ],
    });
    const mug = await book(1_105_000, "merchandising");
    const { order: placed } = await placeOrder(ctx(), order([{ id: mug.id, quantity: 1 }]));
    const [line] = await linesOf(placed.id);
    expect(line).toMatchObject({ taxRate: "10.5", lineTotalCents: placed.totalCents - placed.shippingCents });
    expect(line?.netCents).toBe(splitTax(line?.lineTotalCents ?? 0, "10.5").netCents);
  });
});
