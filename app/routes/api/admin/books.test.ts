import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchBooks } from "~/domain/catalog/books.server";
import { auditLog, books, orderItems, uploads } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { insertOrder } from "../../../../tests/support/order-row";
import { routeArgs } from "../../../../tests/support/route-context";
import * as publicUpload from "../../uploads";
import * as bookRoute from "./book";
import * as booksRoute from "./books";
import * as uploadsRoute from "./uploads";

const { database, db, call } = await adminTestDatabase({
  catalogue: true,
  admin: { id: 7, email: "libreria@rizoma.com.ar", role: "owner" },
});

type Handler = (args: unknown) => Promise<Response> | Response;
const json = (method: string, body: unknown) => ({
  method,
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

// A 1x1 PNG.
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

describe("admin books API", () => {
  it("creates a book that the shop then finds, with money exact to the centavo", async () => {
    const created = await call(
      booksRoute.action as Handler,
      "/api/admin/books",
      json("POST", {
        title: "Cuentos del sur",
        author: "Ana Prueba",
        price: 18500.5,
        stock: 4,
        isbn: "978-987-00-0001-3",
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.book).toMatchObject({ title: "Cuentos del sur", price: 18500.5, stock: 4, published: true });
    const [row] = await db.select().from(books).where(eq(books.id, created.body.book.id));
    expect(row?.priceCents).toBe(1850050);
    expect((await searchBooks(db, { search: "cuentos del sur", limit: 5 }))[0]?.id).toBe(row?.id);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "book.create"));
    expect(audit.map((entry) => entry.summary)).toContain("Creó el libro «Cuentos del sur»");
  });

  it("updates only the fields sent, checking the whole book", async () => {
    const [facundo] = await db.select().from(books).where(eq(books.title, "Facundo"));
    const id = facundo?.id ?? 0;
    const ok = await call(bookRoute.action as Handler, `/api/admin/books/${id}`, {
      ...json("PUT", { stock: 12 }),
      params: { id: String(id) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.book).toMatchObject({ stock: 12, title: "Facundo", author: "Domingo Faustino Sarmiento" });
    // Facundo has a promotional price: a list price below it breaks the rule and changes nothing.
    const bad = await call(bookRoute.action as Handler, `/api/admin/books/${id}`, {
      ...json("PUT", { price: 1 }),
      params: { id: String(id) },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { success: false, error: "El precio promocional tiene que ser menor que el precio" },
    });
    const [after] = await db.select().from(books).where(eq(books.id, id));
    expect(after?.priceCents).toBe(facundo?.priceCents);
  });

  it.each([
    [{ author: "Sin título" }, "El título es requerido"],
    [{ title: "  ", author: "X" }, "El título es requerido"],
    [{ title: "X" }, "El autor es requerido"],
    [{ title: "X", author: "Y", price: -1 }, "El precio no puede ser negativo"],
    [{ title: "X", author: "Y", price: "caro" }, "El precio debe ser un número"],
    [{ title: "X", author: "Y", price: 10.555 }, "El precio admite hasta 2 decimales"],
    [{ title: "X", author: "Y", stock: 2.5 }, "El stock debe ser un número entero"],
    [{ title: "X", author: "Y", stock: -3 }, "El stock no puede ser negativo"],
    [{ title: "X", author: "Y", isbn: "9789870000015" }, "El ISBN no es válido (revisá el dígito verificador)"],
    [{ title: "X", author: "Y", preorderPrice: 100 }, "Indicá la fecha de salida de la preventa"],
    [{ title: "X", author: "Y", preorderReleaseDate: "2026-02-30" }, "La fecha de salida no es válida"],
    [
      { title: "X", author: "Y", preorderReleaseDate: "2030-01-01", preorderLimit: 5, preorderCount: 6 },
      "Las reservas no pueden superar el límite",
    ],
    [
      { title: "X", author: "Y", audiobookUrl: "javascript:alert(1)" },
      "El link al audiolibro debe empezar con https://",
    ],
    [
      { title: "X", author: "Y", coverUrl: "javascript:alert(1)" },
      "La tapa debe ser una ruta del sitio o una URL https",
    ],
    [{ title: "X", author: "Y", slug: "hack" }, "Campo no permitido: slug"],
  ])("refuses %o: %s", async (body, message) => {
    const before = (await db.select({ id: books.id }).from(books)).length;
    const result = await call(booksRoute.action as Handler, "/api/admin/books", json("POST", body));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ success: false, error: message });
    expect((await db.select({ id: books.id }).from(books)).length).toBe(before);
  });

  it("refuses __proto__, unknown ids and anonymous callers", async () => {
    expect(
      (
        await call(
          booksRoute.action as Handler,
          "/api/admin/books",
          json("POST", '{"title":"X","author":"Y","__proto__":{"a":1}}'),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await call(bookRoute.action as Handler, "/api/admin/books/999999", {
          ...json("PUT", { stock: 1 }),
          params: { id: "999999" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(bookRoute.action as Handler, "/api/admin/books/999999", {
          method: "DELETE",
          params: { id: "999999" },
        })
      ).status,
    ).toBe(404);
    const anonymous = await (booksRoute.loader as Handler)(routeArgs("/api/admin/books", database));
    expect(anonymous.status).toBe(401);
  });

  it("lists with search and state filters", async () => {
    const { body } = await call(booksRoute.loader as Handler, "/api/admin/books?filter=sin-stock");
    expect(body.books.length).toBeGreaterThan(0);
    expect(body.books.every((book: { stock: number }) => book.stock <= 0)).toBe(true);
    const preorders = await call(booksRoute.loader as Handler, "/api/admin/books?filter=preventa");
    expect(preorders.body.books.every((book: { isPreorder: boolean }) => book.isPreorder)).toBe(true);
    expect((await call(booksRoute.loader as Handler, "/api/admin/books?filter=raro")).status).toBe(400);
  });

  it("deletes a book", async () => {
    const [victim] = await db.select().from(books).where(eq(books.title, "Anaconda"));
    const id = String(victim?.id);
    expect(
      (await call(bookRoute.action as Handler, `/api/admin/books/${id}`, { method: "DELETE", params: { id } })).body,
    ).toEqual({ success: true });
    expect(
      await db
        .select()
        .from(books)
        .where(eq(books.id, Number(id))),
    ).toEqual([]);
  });
});

describe("deleting a book that orders reference", () => {
  it("unpublishes it instead (order lines keep it) and says so", async () => {
    const [kept] = await db
      .insert(books)
      .values({ title: "Con pedidos", slug: "con-pedidos", priceCents: 100_000, stock: 3 })
      .returning();
    const order = await insertOrder(db, { subtotalCents: 100_000, totalCents: 85_000 });
    await db.insert(orderItems).values({
      orderId: Number(order?.id),
      bookId: Number(kept?.id),
      title: "Con pedidos",
      unitPriceCents: 100_000,
      quantity: 1,
      lineTotalCents: 100_000,
      netCents: 100_000,
      taxCents: 0,
    });
    const id = String(kept?.id);
    const answer = await call(bookRoute.action as Handler, `/api/admin/books/${id}`, {
      method: "DELETE",
      params: { id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      unpublished: true,
      message:
        "El libro tiene pedidos: lo despublicamos en lugar de borrarlo (deja de verse en la tienda y los pedidos lo conservan).",
    });
    const [row] = await db
      .select()
      .from(books)
      .where(eq(books.id, Number(id)));
    expect(row?.published).toBe(false);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "book.unpublish"));
    expect(audit?.entityId).toBe(id);
  });
});

describe("covers", () => {
  const upload = (bytes: Buffer, name = "tapa.png") => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], name));
    return call(uploadsRoute.action as Handler, "/api/admin/uploads", {
      method: "POST",
      body: form as unknown as string,
    });
  };

  it("stores a real image and serves it as it came, cached for good", async () => {
    const stored = await upload(png);
    expect(stored.status).toBe(201);
    expect(stored.body.url).toMatch(/^\/uploads\/\d+\.png$/);
    const file = stored.body.url.split("/").pop();
    const served = await (publicUpload.loader as Handler)(routeArgs(stored.body.url, database, { params: { file } }));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const wrongExtension = await call(publicUpload.loader as Handler, "/x", {
      params: { file: file.replace(".png", ".jpg") },
    });
    expect(wrongExtension.status).toBe(404);
  });

  it("refuses what is not an image, whatever its name says", async () => {
    const before = (await db.select({ id: uploads.id }).from(uploads)).length;
    const fake = await upload(Buffer.from("<svg onload=alert(1)>"), "tapa.png");
    expect(fake).toMatchObject({
      status: 400,
      body: { success: false, error: "La tapa tiene que ser una imagen JPEG, PNG o WebP" },
    });
    const huge = await upload(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect((await db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
  });
});
