import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, updateBook } from "~/domain/catalog/admin-books.server";
import { Invalid } from "~/domain/errors";
import { DEFAULT_SETTINGS, taxesSchema } from "~/domain/settings/schema";
import { getSection, updateSection } from "~/domain/settings/settings.server";
import { taxesDraft, taxesFromForm } from "~/domain/settings/taxes-form";
import { auditLog, books } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { taxCategoryUsage } from "./table.server";

const { db, admin } = await adminTestDatabase();
const site = { siteUrl: "https://rizoma.test", configuredSecret: null };

const LIBROS = { key: "libros", label: "Libros", rate: "exento" } as const;
const MERCH = { key: "merchandising", label: "Merchandising", rate: "21" } as const;

async function product(taxCategory: string) {
  await db
    .insert(books)
    .values({ title: "Taza Rizoma", slug: `taza-${randomUUID()}`, priceCents: 1_210_000, taxCategory });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(Invalid);
      return error as Invalid;
    },
  );

describe("the taxes section's schema", () => {
  it("defaults to libros exento and otros at 21%", () => {
    expect(DEFAULT_SETTINGS.taxes.categories).toEqual([
      LIBROS,
      { key: "otros", label: "Otros productos (merchandising, papelería)", rate: "21" },
    ]);
  });

  it("keeps libros: a table without it is refused, whatever its rate", () => {
    const parsed = taxesSchema.safeParse({ categories: [MERCH] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("La categoría «libros» no se puede quitar: es la de los libros");
    expect(taxesSchema.parse({ categories: [{ ...LIBROS, rate: "10.5" }] }).categories[0]?.rate).toBe("10.5");
  });

  it("refuses a rate that is not ARCA's, a repeated key and a key that is not a slug", () => {
    const badRate = taxesSchema.safeParse({ categories: [LIBROS, { ...MERCH, rate: "19" }] });
    expect(badRate.error?.issues[0]).toMatchObject({
      path: ["categories", 1, "rate"],
      message: "Elegí una alícuota de IVA de la lista",
    });
    const repeated = taxesSchema.safeParse({ categories: [LIBROS, MERCH, { ...MERCH, label: "Otra" }] });
    expect(repeated.error?.issues[0]?.path).toEqual(["categories", 2, "key"]);
    const notSlug = taxesSchema.safeParse({ categories: [LIBROS, { ...MERCH, key: "Merch Rizoma" }] });
    expect(notSlug.error?.issues[0]?.message).toBe("La clave va en minúsculas, números y guiones (merchandising)");
  });
});

describe("saving the tax table", () => {
  it("adds a category, and refuses to remove it while a product uses it, saying how many", async () => {
    await updateSection(db, admin, "taxes", { categories: [LIBROS, MERCH] });
    expect((await getSection(db, "taxes")).categories).toEqual([LIBROS, MERCH]);
    await product("merchandising");
    await product("merchandising");
    expect((await taxCategoryUsage(db)).merchandising).toBe(2);

    const error = await refusal(updateSection(db, admin, "taxes", { categories: [LIBROS] }));
    expect(error.message).toBe(
      "No se puede quitar la categoría fiscal «Merchandising»: 2 productos la usan. Cambiales la categoría fiscal en Libros y después quitala.",
    );
    expect(error.details?.fields).toEqual({ categories: error.message });
    // Renaming the key is removing the old one: refused just the same.
    await refusal(updateSection(db, admin, "taxes", { categories: [LIBROS, { ...MERCH, key: "merch" }] }));
    expect((await getSection(db, "taxes")).categories).toEqual([LIBROS, MERCH]);

    await db.update(books).set({ taxCategory: "libros" }).where(eq(books.taxCategory, "merchandising"));
    await updateSection(db, admin, "taxes", { categories: [LIBROS] });
    expect((await getSection(db, "taxes")).categories).toEqual([LIBROS]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, "taxes"));
    expect(audits.map((row) => row.summary)).toEqual([
      "Actualizó la tabla de impuestos por categoría",
      "Actualizó la tabla de impuestos por categoría",
    ]);
  });
});

describe("a product's fiscal category", () => {
  it("must be a row of the table: the book editor saves it, an unknown one is refused on its field", async () => {
    await updateSection(db, admin, "taxes", { categories: [LIBROS, MERCH] });
    const book = await createBook(db, admin, { title: "Cuaderno", author: "Rizoma", price: 12_100 });
    expect(book.taxCategory).toBe("libros");
    expect((await updateBook(db, admin, book.id, { taxCategory: "merchandising" }, site)).taxCategory).toBe(
      "merchandising",
    );
    const error = await refusal(createBook(db, admin, { title: "Lápiz", author: "Rizoma", taxCategory: "lapices" }));
    expect(error.details).toEqual({ field: "taxCategory" });
    expect(error.message).toBe("Elegí una categoría fiscal de la tabla de Ajustes (Impuestos por categoría)");
    await db.delete(books).where(eq(books.id, book.id));
  });

  it("a product saved into a category while it is being removed: one of the two is refused, never neither", async () => {
    const STICKERS = { key: "stickers", label: "Stickers", rate: "21" } as const;
    await updateSection(db, admin, "taxes", { categories: [LIBROS, STICKERS] });
    const results = await Promise.allSettled([
      createBook(db, admin, { title: "Sticker", author: "Rizoma", taxCategory: "stickers" }),
      updateSection(db, admin, "taxes", { categories: [LIBROS] }),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    const keys = (await getSection(db, "taxes")).categories.map((category) => category.key);
    const used = Object.keys(await taxCategoryUsage(db));
    expect(used.every((key) => keys.includes(key))).toBe(true);
  });

  it("without JavaScript, «Agregar» and «Quitar» post a renumbered draft back, and empty rows are dropped on save", () => {
    const form = {
      "categories.0.key": "libros",
      "categories.0.label": "Libros",
      "categories.0.rate": "exento",
      "categories.1.key": "otros",
      "categories.1.label": "Otros",
      "categories.1.rate": "21",
    };
    const added = taxesDraft(form, { add: true });
    expect(added).toMatchObject({ "categories.2.key": "", "categories.2.label": "", "categories.2.rate": "21" });
    expect(taxesDraft(added, { dropEmpty: true })).toEqual(form);
    expect(taxesDraft(form, { remove: 1 })).toEqual({
      "categories.0.key": "libros",
      "categories.0.label": "Libros",
      "categories.0.rate": "exento",
    });
  });

  it("the settings form makes a missing key from the name", () => {
    expect(
      taxesFromForm({
        "categories.0.key": "libros",
        "categories.0.label": "Libros",
        "categories.0.rate": "exento",
        "categories.1.key": "",
        "categories.1.label": "Papelería y Diseño",
        "categories.1.rate": "21",
      }),
    ).toEqual({ categories: [LIBROS, { key: "papeleria-y-diseno", label: "Papelería y Diseño", rate: "21" }] });
  });
});
