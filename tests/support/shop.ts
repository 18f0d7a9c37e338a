import { expect } from "vitest";
import type { AppServer } from "./app-server";

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
