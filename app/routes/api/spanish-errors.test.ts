import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_INVALID } from "~/domain/newsletter/subscribe-schema";
import { seedDemoCatalogue } from "~db/seed";
import { routeArgs } from "../../../tests/support/route-context";
import { testDatabase } from "../../../tests/support/test-database";
import * as adminBooks from "./admin/books";
import * as adminExpenses from "./admin/expenses";
import * as settingsSection from "./admin/settings-section";
import * as login from "./auth-login";
import * as cajaSubscribe from "./caja/subscribe";
import * as validateDiscount from "./discount-codes/validate";
import * as newsletter from "./newsletter-subscribe";
import * as orders from "./orders";
import * as claim from "./qr/claim";
import * as specialOrders from "./special-orders";
import * as cartStock from "./validate-cart-stock";

// Hostile bodies (fields the API does not know, wrong types, missing fields) get a Spanish 4xx: never
// zod's English defaults, whichever API is asked.
const database = await testDatabase();
const admin = { id: 1, email: "libreria@rizoma.com.ar", role: "owner" as const };
beforeAll(() => seedDemoCatalogue(database.db));
afterAll(() => database.close());

type Handler = (args: ReturnType<typeof routeArgs>) => Response | Promise<Response>;
async function send(handler: unknown, url: string, body: unknown, method = "POST", params?: Record<string, string>) {
  const response = await (handler as Handler)(
    routeArgs(url, database, {
      method,
      params,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      context: { admin, clientIp: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    }),
  );
  return { status: response.status, error: String(((await response.json()) as { error?: unknown }).error) };
}

const english = /Unrecognized|Expected|Invalid input|Required|received|Too (small|big)|must/i;

const subscriber = {
  firstName: "Lucía",
  lastName: "Pérez",
  email: "lucia@example.com",
  whatsapp: "11 5555 5555",
  address: "Av. Corrientes 1234",
  city: "CABA",
  state: "Buenos Aires",
  zipCode: "1043",
  acceptTerms: true,
  planType: "monthly",
};

const specialOrder = {
  bookTitle: "Los detectives salvajes",
  bookAuthor: "Roberto Bolaño",
  name: "Mariana López",
  email: "mariana@example.com",
  phone: "011 15 5555-1234",
  scope: "national",
};

describe("unknown fields, in Spanish, on every API", () => {
  it.each([
    ["/api/caja/subscribe", cajaSubscribe.action, { ...subscriber, nombre: "x" }, "POST", undefined, "nombre"],
    [
      "/api/newsletter/subscribe",
      newsletter.action,
      { email: "a@example.com", color: "rojo" },
      "POST",
      undefined,
      "color",
    ],
    ["/api/special-orders", specialOrders.action, { title: "Rayuela", admin: true }, "POST", undefined, "admin"],
    ["/api/qr/claim/ABC123", claim.action, { name: "Ana", prize: "todo" }, "POST", { code: "ABC123" }, "prize"],
    ["/api/orders", orders.action, { items: [], isAdmin: true }, "POST", undefined, "isAdmin"],
    [
      "/api/discount-codes/validate",
      validateDiscount.action,
      { code: "HOLA10", subtotal: 1, extra: 1 },
      "POST",
      undefined,
      "extra",
    ],
    ["/api/validate-cart-stock", cartStock.action, { items: [], role: "admin" }, "POST", undefined, "role"],
    [
      "/api/auth/login",
      login.action,
      { email: "a@b.co", password: "x", remember: true },
      "POST",
      undefined,
      "remember",
    ],
    [
      "/api/admin/expenses",
      adminExpenses.action,
      { concept: "Luz", amount: 1, payee: "x" },
      "POST",
      undefined,
      "payee",
    ],
    [
      "/api/admin/settings/contact",
      settingsSection.action,
      { whatsapp: "x", hacker: 1 },
      "PUT",
      { section: "contact" },
      "hacker",
    ],
  ])("%s names the unknown field", async (url, handler, body, method, params, key) => {
    const { status, error } = await send(handler, url, body, method, params);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(error).not.toMatch(english);
    // A body may have other problems the API reports first; an unknown field alone is named.
    const alone = await send(handler, url, { [key]: 1 }, method, params);
    expect(alone.error).not.toMatch(english);
  });

  it.each([
    ["/api/caja/subscribe", cajaSubscribe.action, subscriber, "name"],
    ["/api/newsletter/subscribe", newsletter.action, { email: "lector@example.com" }, "nombre"],
    ["/api/special-orders", specialOrders.action, specialOrder, "isAdmin"],
    ["/api/discount-codes/validate", validateDiscount.action, { code: "HOLA10", subtotal: 1000 }, "extra"],
    ["/api/validate-cart-stock", cartStock.action, { items: [] }, "role"],
    ["/api/auth/login", login.action, { email: "a@rizoma.com.ar", password: "x" }, "remember"],
  ])("%s answers an otherwise right body with an extra field by naming it", async (url, handler, body, key) => {
    const { status, error } = await send(handler, url, { ...body, [key]: "x" });
    expect(status).toBe(400);
    expect(error).toBe(`Campo no permitido: ${key}`);
  });

  it("says which field is missing or of the wrong type, in Spanish", async () => {
    const missing = await send(adminBooks.action, "/api/admin/books", {});
    expect(missing.status).toBe(400);
    expect(missing.error).not.toMatch(english);
    const wrongType = await send(cartStock.action, "/api/validate-cart-stock", { items: "todos" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.error).not.toMatch(english);
    const notAnObject = await send(newsletter.action, "/api/newsletter/subscribe", ["a@example.com"]);
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.error).not.toMatch(english);
  });

  it("keeps the spec's own messages as they are", async () => {
    const { error } = await send(newsletter.action, "/api/newsletter/subscribe", { email: "no-es-un-email" });
    expect(error).toBe(EMAIL_INVALID);
  });
});
