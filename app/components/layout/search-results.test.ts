import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import SearchResults, { toHits } from "./search-results";

describe("toHits", () => {
  it("keeps products with string fields, at most 5", () => {
    const good = (id: number) => ({
      id,
      title: `T${id}`,
      author: "A",
      price: 100,
      coverUrl: null,
      tiendaNubeUrl: null,
    });
    const hits = toHits([
      good(1),
      { id: 2, title: 3, author: "A" },
      { id: 3, title: "x" },
      ...[4, 5, 6, 7, 8].map(good),
    ]);
    expect(hits.map((hit) => hit.id)).toEqual([1, 4, 5, 6, 7]);
    expect(toHits(null)).toEqual([]);
    expect(toHits({ products: [] })).toEqual([]);
  });
});

describe("SearchResults", () => {
  it("starts in the searching state with a link to every result", () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(SearchResults, { query: "rubén darío", listId: "r", onChoose: () => {} }),
      ),
    );
    expect(html).toContain("Buscando…");
    expect(html).toContain('href="/tienda?search=rub%C3%A9n%20dar%C3%ADo"');
    expect(html).toContain("Ver todos los resultados");
  });
});
