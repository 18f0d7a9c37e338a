import { describe, expect, it } from "vitest";
import { kilogramsToGrams, toBookFields, UNMANAGED_STOCK } from "./to-book.server";
import { tiendanubeProductSchema } from "./types";

const mapping = {
  entries: [
    { tiendanube: "filosofia", categoryKey: "filosofia-pensamiento" },
    { tiendanube: "77", categoryKey: "arte-diseno" },
    { tiendanube: "Fantasmas", categoryKey: "no-existe" },
  ],
  siteCategories: new Map([
    ["filosofia-pensamiento", "Filosofía y Pensamiento"],
    ["arte-diseno", "Arte y Diseño"],
  ]),
};

const raw = {
  id: 1948209,
  name: { es: "El Aleph", pt: "O Aleph" },
  description: { es: '<p onclick="x()">Cuentos <script>alert(1)</script><strong>fantásticos</strong></p>' },
  handle: { es: "el-aleph" },
  brand: "Emecé",
  published: true,
  free_shipping: true,
  canonical_url: "https://rizoma.com.ar/productos/el-aleph/",
  updated_at: "2025-03-01T10:00:00-03:00",
  categories: [
    { id: 5, name: { es: "Filosofía" }, handle: { es: "filosofia" }, parent: null },
    { id: 77, name: { es: "Grabados" }, handle: { es: "grabados" }, parent: 5 },
    { id: 9, name: { es: "Fantasmas" }, handle: { es: "fantasmas" }, parent: null },
    { id: 10, name: { es: "Filosofía " }, handle: { es: "filo-2" }, parent: null },
  ],
  variants: [
    {
      id: 555,
      product_id: 1948209,
      price: "25000.50",
      promotional_price: "19999.00",
      stock_management: true,
      stock: 7,
      weight: "0.350",
      sku: "ALEPH-1",
      barcode: "9789500000001",
      values: [],
    },
    { id: 556, price: "1.00", stock_management: true, stock: 1, weight: "9", sku: "X", barcode: null },
  ],
  images: [
    { id: 3, src: "https://cdn.example/back.jpg", position: 2, alt: [] },
    { id: 2, src: "https://cdn.example/front.jpg", position: 1, alt: [] },
  ],
  tags: "borges, cuentos",
};

describe("toBookFields", () => {
  it("maps every field from the product and its first variant", () => {
    const fields = toBookFields(tiendanubeProductSchema.parse(raw), mapping);
    expect(fields).toEqual({
      title: "El Aleph",
      description: "<p>Cuentos <strong>fantásticos</strong></p>",
      category: "Filosofía y Pensamiento, Arte y Diseño, Fantasmas",
      publisher: "Emecé",
      priceCents: 2_500_050,
      promotionalPriceCents: 1_999_900,
      stock: 7,
      sku: "ALEPH-1",
      isbn: "9789500000001",
      weightGrams: 350,
      coverUrl: "https://cdn.example/front.jpg",
      images: [
        { id: 2, src: "https://cdn.example/front.jpg" },
        { id: 3, src: "https://cdn.example/back.jpg" },
      ],
      freeShipping: true,
      published: true,
      externalProductId: "1948209",
      externalVariantId: "555",
      externalHandle: "el-aleph",
      externalUrl: "https://rizoma.com.ar/productos/el-aleph/",
    });
  });

  it("reads 'consultar' prices, unmanaged stock and a promotion that is not cheaper", () => {
    const product = tiendanubeProductSchema.parse({
      ...raw,
      variants: [{ id: 1, price: null, promotional_price: "10.00", stock_management: false, stock: null }],
    });
    const fields = toBookFields(product, mapping);
    expect(fields.priceCents).toBeNull();
    expect(fields.promotionalPriceCents).toBe(1000);
    expect(fields.stock).toBe(UNMANAGED_STOCK);
    const dearer = toBookFields(
      tiendanubeProductSchema.parse({
        ...raw,
        variants: [{ id: 1, price: "10.00", promotional_price: "12.00", stock_management: true, stock: null }],
      }),
      mapping,
    );
    expect(dearer.promotionalPriceCents).toBeNull();
    expect(dearer.stock).toBe(0);
  });

  it("copes with a bare product: no variants, images, categories, brand or URL", () => {
    const fields = toBookFields(
      tiendanubeProductSchema.parse({ id: "12", name: { pt: "Só português" }, published: false }),
      mapping,
    );
    expect(fields).toMatchObject({
      title: "Só português",
      description: "",
      category: "",
      publisher: null,
      priceCents: null,
      stock: 0,
      coverUrl: null,
      images: [],
      published: false,
      externalVariantId: null,
      externalUrl: null,
      externalHandle: null,
    });
  });

  it("turns kilograms into grams", () => {
    expect(kilogramsToGrams("1.2")).toBe(1200);
    expect(kilogramsToGrams("0.0005")).toBe(1);
    expect(kilogramsToGrams("0")).toBeNull();
    expect(kilogramsToGrams("pesado")).toBeNull();
    expect(kilogramsToGrams(null)).toBeNull();
  });
});
