import { describe, expect, it } from "vitest";
import { layoutTransferDiscount, seoMeta, shopDescription } from "./seo";

const description = (meta: ReturnType<typeof seoMeta>) =>
  meta.find((tag) => "name" in tag && tag.name === "description") as { content: string } | undefined;

describe("the shop's default description", () => {
  it("is the same text as before with the default 15%, follows the setting, and drops the offer at 0", () => {
    expect(shopDescription(15)).toBe(
      "Librería y editorial independiente de Buenos Aires: literatura, filosofía, arte y novela gráfica. Retiro y envío gratis en CABA, 15% off por transferencia y la Caja Rizoma todos los meses.",
    );
    expect(shopDescription(10)).toContain("10% off por transferencia");
    for (const none of [0, null]) {
      expect(shopDescription(none)).toBe(
        "Librería y editorial independiente de Buenos Aires: literatura, filosofía, arte y novela gráfica. Retiro y envío gratis en CABA y la Caja Rizoma todos los meses.",
      );
    }
  });

  it("reads the percent from the shop layout's data in the route matches", () => {
    const matches = [
      { id: "root", data: {} },
      { id: "routes/shop-layout", data: { transferDiscountPercent: 12 } },
    ];
    expect(layoutTransferDiscount(matches)).toBe(12);
    expect(layoutTransferDiscount([{ id: "routes/admin/layout", data: {} }])).toBeNull();
    expect(description(seoMeta({ title: "Carrito", matches }))?.content).toContain("12% off por transferencia");
    expect(description(seoMeta({ title: "Panel" }))?.content).not.toMatch(/% off/);
  });
});
