import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Conflict, Invalid } from "~/domain/errors";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import { updateSection } from "~/domain/settings/settings.server";
import { BRANCH_UNKNOWN } from "~/domain/shipping/options.server";
import { books, orderItems } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { memoryCarrier, memoryCarriers } from "../../../tests/support/memory-carrier";
import { placeOrder } from "./place.server";
import { deliveryLabel } from "./shared.server";

const { db, admin } = await adminTestDatabase();
const ip = clientIps("10.31");
const correo = memoryCarrier("correo_argentino");
const andreani = memoryCarrier("andreani");
andreani.rates = [
  { kind: "home", service: "Andreani Estándar", serviceCode: "STD", priceCents: 720_000, days: { min: 2, max: 4 } },
  { kind: "branch", service: "Andreani Estándar", serviceCode: "SUC", priceCents: 510_000, days: { min: 3, max: 5 } },
];
andreani.branchList = [
  {
    id: "AND-PAL",
    name: "Sucursal Palermo",
    address: "Av. Santa Fe 1234",
    city: "CABA",
    zip: "1425",
    province: "C",
    hours: null,
  },
];
const ctx = () => ({
  db,
  siteUrl: "http://localhost:3000",
  configuredSecret: "s".repeat(32),
  clientIp: ip(),
  carriers: memoryCarriers(correo, andreani),
});

async function book(stock = 10) {
  const [row] = await db
    .insert(books)
    .values({ title: "Los Sorias", slug: `sorias-${randomUUID()}`, priceCents: 3_000_000, stock, weightGrams: 900 })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const order = (bookId: number, delivery: Record<string, unknown>) => ({
  items: [{ id: bookId, quantity: 1 }],
  customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" },
  delivery,
  paymentMethod: "transfer",
});

const ordersOf = (bookId: number) =>
  db.select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.bookId, bookId));

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("placed");
    },
    (error: unknown) => error,
  );
}

describe("placing an order with a carrier's option", () => {
  it("stores the carrier, its choice with the branch, and the carrier's price as the server quotes it", async () => {
    const sorias = await book();
    // The checkout saw 5.100; the carrier charges 5.300 now: the order takes today's quote.
    andreani.rates = andreani.rates.map((rate) => (rate.kind === "branch" ? { ...rate, priceCents: 530_000 } : rate));
    const { order: placed, totals } = await placeOrder(
      ctx(),
      order(sorias.id, { method: "shipping", option: "andreani:branch:SUC", branchId: "AND-PAL", zipCode: "C1425ABC" }),
    );
    expect(totals.shippingCents).toBe(530_000);
    expect(placed).toMatchObject({
      deliveryMethod: "shipping",
      shippingSpeed: null,
      carrier: "andreani",
      carrierChoice: {
        kind: "branch",
        service: "Andreani Estándar",
        serviceCode: "SUC",
        days: { min: 3, max: 5 },
        branch: { id: "AND-PAL", name: "Sucursal Palermo", address: "Av. Santa Fe 1234", city: "CABA", zip: "1425" },
      },
      shippingCents: 530_000,
      zipCode: "C1425ABC",
      province: "C",
      address: null,
    });
    expect(deliveryLabel(placed)).toBe("Andreani Estándar a sucursal: Sucursal Palermo (Av. Santa Fe 1234)");
    const quote = andreani.calls.filter((call) => call.method === "quote").at(-1)?.args[0] as {
      destinationZip: string;
      parcel: { weightGrams: number };
    };
    expect(quote.destinationZip).toBe("1425");
    expect(quote.parcel.weightGrams).toBe(DEFAULT_SETTINGS.carriers.packaging.weightGrams + 900);
  });

  it("to the door: keeps the address as today and names the service with it", async () => {
    const sorias = await book();
    const { order: placed } = await placeOrder(
      ctx(),
      order(sorias.id, {
        method: "shipping",
        option: "correo_argentino:home:HOME",
        address: "Bv. San Juan 500",
        city: "Córdoba",
        province: "X",
        zipCode: "X5000ABC",
      }),
    );
    expect(placed).toMatchObject({ carrier: "correo_argentino", shippingCents: 650_000, province: "X" });
    expect(placed.carrierChoice?.branch).toBeNull();
    expect(deliveryLabel(placed)).toBe("Correo Argentino a domicilio: Bv. San Juan 500, Córdoba, Córdoba (X5000ABC)");
    const noAddress = await refusal(
      placeOrder(
        ctx(),
        order(sorias.id, { method: "shipping", option: "correo_argentino:home:HOME", zipCode: "X5000ABC" }),
      ),
    );
    expect(noAddress).toBeInstanceOf(Invalid);
  });

  it("requires one of the carrier's branches near the postal code for a branch option", async () => {
    const sorias = await book();
    const before = (await ordersOf(sorias.id)).length;
    const missing = await refusal(
      placeOrder(ctx(), order(sorias.id, { method: "shipping", option: "andreani:branch:SUC", zipCode: "1425" })),
    );
    expect(missing).toBeInstanceOf(Invalid);
    expect((missing as Invalid).message).toBe("Elegí la sucursal donde vas a retirar el pedido");
    const foreign = await refusal(
      placeOrder(
        ctx(),
        order(sorias.id, { method: "shipping", option: "andreani:branch:SUC", branchId: "X-999", zipCode: "1425" }),
      ),
    );
    expect(foreign).toBeInstanceOf(Invalid);
    expect((foreign as Invalid).message).toBe(BRANCH_UNKNOWN);
    expect((await ordersOf(sorias.id)).length).toBe(before);
  });

  it("answers 409 asking for another option when the carrier cannot confirm it, and writes nothing", async () => {
    const sorias = await book(3);
    const before = (await ordersOf(sorias.id)).length;
    andreani.failNext(2, "down");
    const down = await refusal(
      placeOrder(
        ctx(),
        order(sorias.id, { method: "shipping", option: "andreani:branch:SUC", branchId: "AND-PAL", zipCode: "1425" }),
      ),
    );
    expect(down).toBeInstanceOf(Conflict);
    expect((down as Conflict).message).toBe("No pudimos confirmar el envío con Andreani. Elegí otra opción de envío.");
    // A service the carrier no longer offers, and a carrier that is not configured, the same.
    const gone = await refusal(
      placeOrder(
        ctx(),
        order(sorias.id, {
          method: "shipping",
          option: "andreani:branch:EXPRESS",
          branchId: "AND-PAL",
          zipCode: "1425",
        }),
      ),
    );
    expect(gone).toBeInstanceOf(Conflict);
    const off = await refusal(
      placeOrder(
        { ...ctx(), carriers: memoryCarriers(correo) },
        order(sorias.id, { method: "shipping", option: "andreani:branch:SUC", branchId: "AND-PAL", zipCode: "1425" }),
      ),
    );
    expect(off).toBeInstanceOf(Conflict);
    expect((await ordersOf(sorias.id)).length).toBe(before);
    const [row] = await db.select({ stock: books.stock }).from(books).where(eq(books.id, sorias.id));
    expect(row?.stock).toBe(3);
    // The table still takes the order.
    const { order: placed } = await placeOrder(
      ctx(),
      order(sorias.id, {
        method: "shipping",
        option: "table:fast",
        address: "Calle 7 123",
        city: "La Plata",
        province: "B",
        zipCode: "1900",
      }),
    );
    expect(placed).toMatchObject({ carrier: null, carrierChoice: null, shippingSpeed: "fast" });
    expect(placed.shippingCents).toBe(DEFAULT_SETTINGS.shipping.rates.B.fastCents);
  });

  it("charges nothing for the options the free-shipping threshold covers", async () => {
    const sorias = await book();
    await updateSection(db, admin, "carriers", {
      ...DEFAULT_SETTINGS.carriers,
      freeShippingFrom: 30_000,
      freeShippingOptions: ["andreani:branch", "table"],
    });
    try {
      const branch = await placeOrder(
        ctx(),
        order(sorias.id, { method: "shipping", option: "andreani:branch:SUC", branchId: "AND-PAL", zipCode: "1425" }),
      );
      expect(branch.order).toMatchObject({ carrier: "andreani", shippingCents: 0 });
      const home = await placeOrder(
        ctx(),
        order(sorias.id, {
          method: "shipping",
          option: "andreani:home:STD",
          address: "Calle 7 123",
          city: "La Plata",
          province: "B",
          zipCode: "1900",
        }),
      );
      expect(home.order.shippingCents).toBe(720_000);
      // The older body (method and speed, no option) gets the threshold too.
      const table = await placeOrder(
        ctx(),
        order(sorias.id, {
          method: "shipping",
          speed: "standard",
          address: "Calle 7 123",
          city: "La Plata",
          province: "B",
          zipCode: "1900",
        }),
      );
      expect(table.order).toMatchObject({ carrier: null, shippingCents: 0, shippingSpeed: "standard" });
    } finally {
      await updateSection(db, admin, "carriers", DEFAULT_SETTINGS.carriers);
    }
  });

  it("refuses an option that does not match the delivery method", async () => {
    const sorias = await book();
    const mixed = await refusal(
      placeOrder(ctx(), order(sorias.id, { method: "pickup", option: "andreani:branch:SUC", branchId: "AND-PAL" })),
    );
    expect(mixed).toBeInstanceOf(Invalid);
  });
});

describe("the order's postal code and province", () => {
  it("refuse a CPA of another province, whose letter would price the shipping differently", async () => {
    const sorias = await book();
    const mismatch = await refusal(
      placeOrder(
        ctx(),
        order(sorias.id, {
          method: "shipping",
          speed: "standard",
          address: "Calle 7 123",
          city: "La Plata",
          province: "B",
          zipCode: "X5000ABC",
        }),
      ),
    );
    expect(mismatch).toBeInstanceOf(Invalid);
    expect((mismatch as Invalid).message).toBe(
      "El código postal es de otra provincia: revisá la provincia o el código",
    );
  });
});
