import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Invalid } from "~/domain/errors";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import { updateSection } from "~/domain/settings/settings.server";
import type { QuoteRequest } from "~/integrations/carriers/types";
import { books } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryCarrier, memoryCarriers } from "../../../tests/support/memory-carrier";
import { isCabaZip, provinceOfZip, zipDigits } from "./options";
import { shippingOptions } from "./options.server";

const { db, admin } = await adminTestDatabase();
const warnings: { obj: object; msg: string }[] = [];
const log = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }), info: () => {} };

async function book(priceCents: number, weightGrams: number | null = null, published = true) {
  const [row] = await db
    .insert(books)
    .values({ title: "Libro", slug: `l-${randomUUID()}`, priceCents, stock: 10, weightGrams, published })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

function carriers() {
  const correo = memoryCarrier("correo_argentino");
  const andreani = memoryCarrier("andreani");
  return { correo, andreani, ctx: { db, log, carriers: memoryCarriers(correo, andreani) } };
}

describe("postal codes", () => {
  it("reads the 4 digits, CABA and the province of a CPA or a number", () => {
    expect(zipDigits("c1414abc")).toBe("1414");
    expect(zipDigits("5000")).toBe("5000");
    expect(zipDigits("14140")).toBeNull();
    expect(isCabaZip("1414")).toBe(true);
    expect(isCabaZip("B1642ABC")).toBe(false);
    expect(provinceOfZip("X5000ABC", "B")).toBe("X");
    expect(provinceOfZip("1425")).toBe("C");
    expect(provinceOfZip("5000", "x")).toBe("X");
    expect(provinceOfZip("5000")).toBeNull();
  });
});

describe("shippingOptions", () => {
  it("lists the shop's options and every carrier's home and branch rates with the branches", async () => {
    const novel = await book(2_000_000, 350);
    const { correo, andreani, ctx } = carriers();
    andreani.rates = [
      { kind: "home", service: "Andreani Estándar", serviceCode: "STD", priceCents: 700_000, days: { min: 2, max: 4 } },
    ];
    const options = await shippingOptions(ctx, { zipCode: "C1414ABC", items: [{ id: novel.id, quantity: 2 }] });
    expect(options.map((option) => option.id)).toEqual([
      "pickup:0",
      "pickup:1",
      "caba",
      "table:standard",
      "table:fast",
      "correo_argentino:branch:BRANCH",
      "correo_argentino:home:HOME",
      "andreani:home:STD",
    ]);
    const branch = options.find((option) => option.id === "correo_argentino:branch:BRANCH");
    expect(branch).toMatchObject({ carrier: "correo_argentino", kind: "branch", priceCents: 480_000, free: false });
    expect(branch?.branches?.[0]).toMatchObject({ name: "Correo Argentino Villa Crespo", zip: "1414" });
    expect(options.find((option) => option.id === "andreani:home:STD")?.branches).toBeUndefined();
    // The parcel: the packaging plus two books of 350 g; the carriers get the 4 digits.
    const request = correo.calls.find((call) => call.method === "quote")?.args[0] as QuoteRequest;
    expect(request).toMatchObject({ originZip: "1414", destinationZip: "1414" });
    expect(request.parcel.weightGrams).toBe(DEFAULT_SETTINGS.carriers.packaging.weightGrams + 700);
    expect(request.parcel.declaredValueCents).toBe(4_000_000);
    expect(correo.calls.find((call) => call.method === "branches")?.args).toEqual(["1414"]);
  });

  it("drops a carrier that is down or too slow and answers the rest", async () => {
    const novel = await book(1_000_000);
    const { correo, andreani, ctx } = carriers();
    correo.failNext(2, "down");
    warnings.length = 0;
    const options = await shippingOptions(ctx, { zipCode: "X5000ABC", items: [{ id: novel.id, quantity: 1 }] });
    expect(options.some((option) => option.carrier === "correo_argentino")).toBe(false);
    expect(options.filter((option) => option.carrier === "andreani")).toHaveLength(2);
    expect(warnings.some((warning) => warning.msg.includes("left out"))).toBe(true);

    andreani.delayMs = 300;
    const late = await shippingOptions(
      ctx,
      { zipCode: "X5000ABC", items: [{ id: novel.id, quantity: 1 }] },
      { budgetMs: 50 },
    );
    expect(late.some((option) => option.carrier === "andreani")).toBe(false);
    expect(late.filter((option) => option.carrier === "correo_argentino")).toHaveLength(2);
    // Both down: the province table remains.
    correo.failNext(2, "reject");
    const alone = await shippingOptions(
      ctx,
      { zipCode: "X5000ABC", items: [{ id: novel.id, quantity: 1 }] },
      { budgetMs: 50 },
    );
    expect(alone.map((option) => option.id)).toEqual(["pickup:0", "pickup:1", "table:standard", "table:fast"]);
  });

  it("takes the province from the CPA's letter over the form's, and lists no table without one", async () => {
    const novel = await book(1_000_000);
    const ctx = { db, log };
    const cordoba = await shippingOptions(ctx, {
      zipCode: "X5000ABC",
      province: "B",
      items: [{ id: novel.id, quantity: 1 }],
    });
    const table = DEFAULT_SETTINGS.shipping.rates.X;
    expect(cordoba.find((option) => option.id === "table:standard")?.priceCents).toBe(table.standardCents);
    expect(cordoba.find((option) => option.id === "table:fast")?.priceCents).toBe(table.fastCents);
    expect(cordoba.some((option) => option.id === "caba")).toBe(false);
    const unknown = await shippingOptions(ctx, { zipCode: "5000", items: [{ id: novel.id, quantity: 1 }] });
    expect(unknown.some((option) => option.id.startsWith("table:"))).toBe(false);
    const chosen = await shippingOptions(ctx, {
      zipCode: "5000",
      province: "x",
      items: [{ id: novel.id, quantity: 1 }],
    });
    expect(chosen.find((option) => option.id === "table:standard")?.priceCents).toBe(table.standardCents);
  });

  it("makes the marked options free once the books' subtotal reaches the threshold", async () => {
    const novel = await book(2_500_000);
    await updateSection(db, admin, "carriers", {
      ...DEFAULT_SETTINGS.carriers,
      freeShippingFrom: 50_000,
      freeShippingOptions: ["table", "andreani:branch"],
    });
    try {
      const { ctx } = carriers();
      const below = await shippingOptions(ctx, { zipCode: "X5000ABC", items: [{ id: novel.id, quantity: 1 }] });
      expect(below.filter((option) => option.free && option.carrier !== "rizoma")).toEqual([]);
      const reached = await shippingOptions(ctx, { zipCode: "X5000ABC", items: [{ id: novel.id, quantity: 2 }] });
      const byId = new Map(reached.map((option) => [option.id, option]));
      expect(byId.get("table:standard")).toMatchObject({ priceCents: 0, free: true });
      expect(byId.get("table:fast")).toMatchObject({ priceCents: 0, free: true });
      expect(byId.get("andreani:branch:BRANCH")).toMatchObject({ priceCents: 0, free: true });
      expect(byId.get("andreani:home:HOME")).toMatchObject({ priceCents: 650_000, free: false });
      expect(byId.get("correo_argentino:branch:BRANCH")).toMatchObject({ priceCents: 480_000, free: false });
    } finally {
      await updateSection(db, admin, "carriers", DEFAULT_SETTINGS.carriers);
    }
  });

  it("refuses a bad postal code, an empty or oversized cart, bad quantities and unknown books in Spanish", async () => {
    const novel = await book(1_000_000);
    const hidden = await book(1_000_000, null, false);
    const refused = async (body: unknown) => {
      const error = await shippingOptions({ db, log }, body).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Invalid);
      return (error as Invalid).message;
    };
    const item = [{ id: novel.id, quantity: 1 }];
    expect(await refused({ zipCode: "14", items: item })).toMatch(/código postal/);
    expect(await refused({ zipCode: "I1414ABC", items: item })).toMatch(/código postal/);
    expect(await refused({ zipCode: "1414", items: [] })).toMatch(/al menos un libro/);
    expect(
      await refused({ zipCode: "1414", items: Array.from({ length: 51 }, (_, id) => ({ id: id + 1, quantity: 1 })) }),
    ).toMatch(/hasta 50/);
    expect(await refused({ zipCode: "1414", items: [{ id: novel.id, quantity: 100 }] })).toMatch(/entre 1 y 99/);
    expect(await refused({ zipCode: "1414", items: [{ id: novel.id, quantity: 0 }] })).toMatch(/entre 1 y 99/);
    expect(await refused({ zipCode: "1414", items: [{ id: hidden.id, quantity: 1 }] })).toMatch(/no existe/);
    expect(await refused({ zipCode: "1414", province: "Ñ", items: item })).toMatch(/provincia/);
  });
});
