import { describe, expect, it } from "vitest";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { badCheckDigit, csvOf, isbn13, newBooksCsv } from "../../../../tests/support/catalog-files";
import { routeContext } from "../../../../tests/support/route-context";
import { loader as exportCatalogue } from "../../admin/libros/exportar";
import { action } from "./books-import";

const { database, admin, call } = await adminTestDatabase({ catalogue: true });

function post(form: FormData, asAdmin = true) {
  const url = "http://localhost:3000/api/admin/books/import";
  return action({
    request: new Request(url, { method: "POST", body: form }),
    params: {},
    context: routeContext(database, { admin: asAdmin ? admin : null }),
  } as never);
}

const upload = (text: string, mode: string, name = "catalogo.csv") => {
  const form = new FormData();
  form.set("mode", mode);
  form.set("file", new File([text], name, { type: "text/csv" }));
  return form;
};

describe("POST /api/admin/books/import", () => {
  const file = `${newBooksCsv(5, 40_000).trimEnd()}\r\n${badCheckDigit(isbn13(40_010))};Mal;Ana;Sur;1;1\r\n`;

  it("previews: counts and the errors with their lines, nothing written", async () => {
    const response = await post(upload(file, "preview"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      format: "csv",
      rows: 6,
      plan: { counts: { created: 5, updated: 0, unchanged: 0, errors: 1 }, errors: [{ line: 7 }] },
    });
    const again = await (await post(upload(file, "preview"))).json();
    expect(again.plan.counts.created).toBe(5);
  });

  it("applies with a streamed NDJSON answer: progress, then the result", async () => {
    const response = await post(upload(file, "apply"));
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { type: "progress", done: 0, total: 5 },
      { type: "progress", done: 5, total: 5 },
      { type: "result", created: 5, updated: 0, unchanged: 0, errors: 1 },
    ]);
    const exported = await call(exportCatalogue, "/admin/libros/exportar?formato=csv");
    expect(new TextDecoder().decode(exported.body)).toContain(`${isbn13(40_001)};;Libro importado 40001;`);
  });

  it("answers whole-file problems and bad requests with Spanish 4xx JSON", async () => {
    const garbage = await post(upload("\u0000\u0001\u0002binario", "preview"));
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error).toMatch(/no es un CSV/);
    const noMode = await post(upload(csvOf(["isbn"], [[isbn13(1)]]), "borrar"));
    expect((await noMode.json()).error).toBe("Indicá mode=preview o mode=apply");
    const noFile = new FormData();
    noFile.set("mode", "preview");
    expect((await (await post(noFile)).json()).error).toBe("Elegí un archivo CSV, Excel (.xlsx) u ONIX");
    expect((await post(upload(file, "apply"), false)).status).toBe(401);
  });
});

describe("GET /admin/libros/exportar", () => {
  it("downloads the catalogue as CSV and as Excel with dated names", async () => {
    const csv = await call(exportCatalogue, "/admin/libros/exportar");
    expect(csv.status).toBe(200);
    expect(new Uint8Array(csv.body).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const text = new TextDecoder().decode(csv.body);
    expect(text.split("\r\n")[0]).toBe(
      "isbn;sku;titulo;autor;editorial;genero;categorias;descripcion;precio;precio_promocional;stock;paginas;anio;idioma;peso_gramos;disponible;publicado;envio_gratis;categoria_fiscal;tapa_url",
    );
    const xlsx = await exportCatalogue({
      request: new Request("http://localhost:3000/admin/libros/exportar?formato=xlsx"),
      params: {},
      context: routeContext(database, { admin }),
    } as never);
    expect(xlsx.headers.get("content-disposition")).toMatch(/catalogo-rizoma-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});
