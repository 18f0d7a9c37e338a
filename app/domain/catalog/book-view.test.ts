import { describe, expect, it } from "vitest";
import { externalStoreUrl } from "./book-view.server";

const STORE = "https://rizoma.mitiendanube.com";
const book = (fields: Partial<Parameters<typeof externalStoreUrl>[0]> = {}) => ({
  title: "Don Segundo Sombra",
  externalUrl: null,
  externalHandle: null,
  externalVariantId: null,
  ...fields,
});

describe("the store hand-off URL", () => {
  it("uses the synced URL and preselects the synced variant", () => {
    const synced = book({
      externalUrl: "https://rizoma.com.ar/productos/don-segundo-sombra/",
      externalHandle: "don-segundo-sombra",
      externalVariantId: "567890",
    });
    expect(externalStoreUrl(synced, STORE)).toBe("https://rizoma.com.ar/productos/don-segundo-sombra/?variant=567890");
    // Without a configured storefront too: the URL is the book's own.
    expect(externalStoreUrl(synced, null)).toBe("https://rizoma.com.ar/productos/don-segundo-sombra/?variant=567890");
  });

  it("keeps a variant the URL already names and any other query", () => {
    expect(
      externalStoreUrl(
        book({ externalUrl: "https://rizoma.com.ar/productos/x/?variant=1&utm_source=rizoma", externalVariantId: "2" }),
        STORE,
      ),
    ).toBe("https://rizoma.com.ar/productos/x/?variant=1&utm_source=rizoma");
    expect(externalStoreUrl(book({ externalUrl: "https://rizoma.com.ar/productos/x/" }), STORE)).toBe(
      "https://rizoma.com.ar/productos/x/",
    );
  });

  it("builds the storefront URL from the synced handle, else a slug of the title", () => {
    expect(externalStoreUrl(book({ externalHandle: "dss-edicion-2024", externalVariantId: "77" }), `${STORE}/`)).toBe(
      `${STORE}/productos/dss-edicion-2024/?variant=77`,
    );
    expect(externalStoreUrl(book({ title: "Ñandú: el libro del año" }), STORE)).toBe(
      `${STORE}/productos/nandu-el-libro-del-ano/`,
    );
  });

  it("without a store URL there is no hand-off (the buttons add to the cart)", () => {
    expect(externalStoreUrl(book(), null)).toBeNull();
    expect(externalStoreUrl(book({ externalHandle: "x", externalVariantId: "1" }), null)).toBeNull();
  });

  it("falls back to the store home when the URL cannot be made", () => {
    expect(externalStoreUrl(book({ title: "¿¡…!?" }), STORE)).toBe(`${STORE}/`);
    expect(externalStoreUrl(book({ externalUrl: "no es una url" }), STORE)).toBe(`${STORE}/`);
    expect(externalStoreUrl(book({ externalUrl: "javascript:alert(1)" }), STORE)).toBe(`${STORE}/`);
    expect(externalStoreUrl(book({ externalUrl: "no es una url" }), null)).toBeNull();
  });
});
