import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blankPriceForm, type PriceFormValues } from "~/domain/catalog/price-rules";
import { books, priceUpdates } from "~db/schema";
import { seedTaxonomy } from "~db/seed";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { routeArgs } from "../../../../tests/support/route-context";
import * as page from "./precios";

const { database, db, admin } = await adminTestDatabase();
const publisher = `Editorial ${randomUUID()}`;
let bookId = 0;
beforeAll(async () => {
  await seedTaxonomy(db);
  const [book] = await db
    .insert(books)
    .values({ title: "Rayuela", slug: `rayuela-${randomUUID()}`, genre: "Novela", publisher, priceCents: 1_000_000 })
    .returning({ id: books.id });
  bookId = book?.id ?? 0;
});

type Failure = { data: { message: string; fields: Record<string, string> }; init: { status: number } };

const post = (fields: Record<string, string>) =>
  page.action(
    routeArgs("/admin/libros/precios", database, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: { admin },
    }) as never,
  );
const view = (query = "") =>
  page.loader(routeArgs(`/admin/libros/precios${query}`, database, { context: { admin } }) as never);
const form = (over: Partial<PriceFormValues>) => ({
  ...blankPriceForm,
  scope: "publisher",
  publisher,
  amount: "12",
  ...over,
});
const priceNow = async () => (await db.select().from(books).where(eq(books.id, bookId)))[0]?.priceCents;
const updates = async () => (await db.select({ n: count() }).from(priceUpdates))[0]?.n ?? 0;

describe("/admin/libros/precios without JavaScript", () => {
  it("previews, applies with a 303 and a notice, and undoes after the confirmation", async () => {
    const previewed = (await post({ ...form({}), intent: "preview" })) as {
      preview: { rows: { newPrice: number }[]; description: string };
    };
    expect(previewed.preview.rows.map((row) => row.newPrice)).toEqual([1_120_000]);
    expect(await priceNow()).toBe(1_000_000);

    const applied = (await post({ ...form({}), intent: "apply" })) as Response;
    expect(applied.status).toBe(303);
    const location = applied.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/libros\/precios\?aplicada=\d+$/);
    expect(await priceNow()).toBe(1_120_000);
    const shown = await view(location.slice(location.indexOf("?")));
    expect(shown.notice).toMatchObject({ tone: "success", title: "Precios actualizados" });
    const [last] = shown.history;
    expect(last).toMatchObject({ canUndo: true, bookCount: 1 });

    const confirm = await view(`?deshacer=${last?.id}`);
    expect(confirm.plan).toMatchObject({ restorable: 1, changedSince: 0 });
    const undone = (await post({ intent: "undo", id: String(last?.id) })) as { undone: { restored: number } };
    expect(undone.undone.restored).toBe(1);
    expect(await priceNow()).toBe(1_000_000);
    // Sent again (a reload): refused, nothing undone twice.
    const again = (await post({ intent: "undo", id: String(last?.id) })) as unknown as Failure;
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe("No hay actualización para deshacer");
    expect((await view(`?deshacer=${last?.id}`)).notice).toMatchObject({ tone: "error" });
  });

  it("answers hostile input with a Spanish 400 under the field, writing nothing", async () => {
    const before = await updates();
    const cases: [Record<string, string>, string, string][] = [
      [form({ amount: "NaN" }), "amount", "Escribí un porcentaje, por ejemplo 12 o 5,5"],
      [form({ amount: "99999999999" }), "amount", "Escribí un porcentaje, por ejemplo 12 o 5,5"],
      [form({ amount: "501" }), "amount", "El porcentaje tiene que estar entre -90% y +500%"],
      [form({ amount: "1e6", unit: "amount" }), "amount", "Escribí un monto en pesos, por ejemplo 1.500"],
      [form({ scope: "estante" }), "scope", "Elegí qué libros actualizar"],
      [form({ scope: "category", category: "no-existe" }), "category", "Esa categoría no existe"],
      [form({ rounding: "1000" }), "rounding", "Elegí un redondeo de la lista"],
      [form({ publisher: "Nadie" }), "", "No hay libros con precio en esa selección"],
    ];
    for (const [fields, field, message] of cases) {
      for (const intent of ["preview", "apply"]) {
        const refused = (await post({ ...fields, intent })) as unknown as Failure;
        expect(refused.init.status).toBe(400);
        expect(refused.data.message).toBe(message);
        if (field) expect(refused.data.fields[field]).toBe(message);
      }
    }
    const unknown = (await post({ ...form({}), intent: "borrar-todo" })) as unknown as Failure;
    expect(unknown.init.status).toBe(400);
    const noId = (await post({ intent: "undo", id: "abc" })) as unknown as Failure;
    expect(noId.init.status).toBe(400);
    expect(await updates()).toBe(before);
    expect(await priceNow()).toBe(1_000_000);
  });
});
