import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AppServer } from "./app-server";

/** A complete, valid Caja Rizoma subscription (monthly, delivered in CABA), as /api/caja/subscribe takes it. */
export const boxSubscription = {
  firstName: "Lucía",
  lastName: "Pérez",
  email: "lucia@example.com",
  whatsapp: "+54 9 11 5555-1234",
  address: "Av. Corrientes 1234",
  city: "CABA",
  state: "C",
  zipCode: "C1043AAZ",
  deliveryMethod: "delivery",
  pickupLocation: "",
  acceptTerms: true,
  planType: "monthly",
};

/**
 * A visitor subscribes to the monthly box on /caja-rizoma/suscribirme (with or without JavaScript) and
 * approves the payment in the built-in Mercado Pago sandbox, ending on the thank-you page.
 */
export async function subscribeInSandbox(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/caja-rizoma/suscribirme?plan=monthly`);
  const form = page.locator("main form");
  await form.getByLabel("Nombre", { exact: true }).fill(boxSubscription.firstName);
  await form.getByLabel("Apellido").fill(boxSubscription.lastName);
  await form.getByLabel("Email").fill(boxSubscription.email);
  await form.getByLabel("WhatsApp").fill(boxSubscription.whatsapp);
  await form.getByLabel("Dirección").fill(boxSubscription.address);
  await form.getByLabel("Ciudad o partido").fill(boxSubscription.city);
  await form.getByLabel(/Acepto los/).check();
  await form.getByRole("button", { name: "Pagar Suscripción" }).click();
  await page.waitForURL(/\/pagos\/sandbox\//);
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  await page.waitForURL(/\/caja-rizoma\/gracias\?preapproval_id=/);
  await expect
    .poll(() => page.getByRole("heading", { level: 1 }).textContent())
    .toBe("¡Ya sos parte de la Caja Rizoma!");
}

/** Published books with a plain sale price (no pre-order), for orders whose stock the test controls. */
export async function saleBooks(app: AppServer, count: number): Promise<{ id: number; title: string }[]> {
  const response = await fetch(`${app.baseUrl}/api/books?limit=100`);
  const { books } = (await response.json()) as {
    books: { id: number; title: string; price: number | null; isPreorder: boolean; available: boolean }[];
  };
  const found = books.filter((book) => !book.isPreorder && (book.price ?? 0) > 0 && book.available);
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count).map((book) => ({ id: book.id, title: book.title }));
}

/** Sets a book's stock through the admin API (`cookie`: a signed-in admin's session). */
export async function setStock(app: AppServer, cookie: string, id: number, stock: number): Promise<void> {
  const saved = await fetch(`${app.baseUrl}/api/admin/books/${id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
    body: JSON.stringify({ stock }),
  });
  expect(saved.status, await saved.text()).toBe(200);
}
