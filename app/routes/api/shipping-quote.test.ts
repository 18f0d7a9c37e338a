import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import { updateSection } from "~/domain/settings/settings.server";
import { books } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryCarrier, memoryCarriers } from "../../../tests/support/memory-carrier";
import { action, loader } from "./shipping-quote";

const { db, admin, call } = await adminTestDatabase();
const andreani = memoryCarrier("andreani");
let ip = 0;
const post = (body: unknown, clientIp = `10.77.0.${++ip}`) =>
  call(action, "/api/shipping/quote", {
    asAdmin: false,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    context: { clientIp, carriers: memoryCarriers(andreani) },
  });

async function book() {
  const [row] = await db
    .insert(books)
    .values({ title: "Zama", slug: `zama-${randomUUID()}`, priceCents: 1_850_050, stock: 5, weightGrams: 300 })
    .returning();
  if (!row) throw new Error("no book");
  return row;
}

describe("POST /api/shipping/quote", () => {
  it("answers the options with prices in pesos, days and the branches of a branch option", async () => {
    const zama = await book();
    const { status, body } = await post({ zipCode: "C1414ABC", items: [{ id: zama.id, quantity: 1 }] });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const byId = new Map(body.options.map((option: { id: string }) => [option.id, option]));
    expect(byId.get("pickup:0")).toEqual({
      id: "pickup:0",
      carrier: "rizoma",
      service: "Retiro en Librería Rizoma",
      kind: "pickup",
      price: 0,
      days: null,
      free: true,
    });
    expect(byId.get("table:fast")).toMatchObject({ carrier: "rizoma", kind: "home", days: { min: 1, max: 2 } });
    expect(byId.get("andreani:home:HOME")).toEqual({
      id: "andreani:home:HOME",
      carrier: "andreani",
      service: "Andreani a domicilio",
      kind: "home",
      price: 6500,
      days: { min: 3, max: 6 },
      free: false,
    });
    expect(byId.get("andreani:branch:BRANCH")).toMatchObject({
      kind: "branch",
      price: 4800,
      branches: [{ id: "andreani-suc-1", name: "Andreani Villa Crespo", address: "Av. Corrientes 5300" }],
    });
  });

  it("refuses bad input with a Spanish 400 and other methods with a 405", async () => {
    const zama = await book();
    expect(await post({ zipCode: "ABC", items: [{ id: zama.id, quantity: 1 }] })).toEqual({
      status: 400,
      body: { success: false, error: "Ingresá un código postal de 4 dígitos (1414) o un CPA (C1414ABC)" },
    });
    const empty = await post({ zipCode: "1414", items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Agregá al menos un libro para cotizar el envío");
    const extra = await post({ zipCode: "1414", items: [{ id: zama.id, quantity: 1 }], price: 0 });
    expect(extra.status).toBe(400);
    expect((await call(loader, "/api/shipping/quote", { asAdmin: false })).status).toBe(405);
  });

  it("limits each visitor to the setting's quotes per minute with a 429", async () => {
    const zama = await book();
    await updateSection(db, admin, "rateLimits", { ...DEFAULT_SETTINGS.rateLimits, shippingQuotesPerIpPerMinute: 2 });
    try {
      const body = { zipCode: "1414", items: [{ id: zama.id, quantity: 1 }] };
      expect((await post(body, "10.78.0.1")).status).toBe(200);
      expect((await post(body, "10.78.0.1")).status).toBe(200);
      const refused = await post(body, "10.78.0.1");
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/Demasiadas consultas de envío/);
      expect((await post(body, "10.78.0.2")).status).toBe(200);
    } finally {
      await updateSection(db, admin, "rateLimits", DEFAULT_SETTINGS.rateLimits);
    }
  });
});
