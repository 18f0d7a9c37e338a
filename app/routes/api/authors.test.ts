import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "~db/seed";
import { routeCaller } from "../../../tests/support/route-context";
import { testDatabase } from "../../../tests/support/test-database";
import { action, loader } from "./authors";

const database = await testDatabase();
beforeAll(() => seedDemoCatalogue(database.db));
afterAll(() => database.close());

const call = routeCaller(database);
const suggest = (q: string) => call(loader, `/api/autores?${new URLSearchParams({ q })}`);

describe("GET /api/autores", () => {
  it("suggests the authors whose name contains every word typed, those that start with it first", async () => {
    expect(await suggest("mansilla")).toEqual({
      status: 200,
      body: { success: true, authors: ["Eduarda Mansilla", "Lucio V. Mansilla"] },
    });
    expect((await suggest("jos")).body.authors).toEqual([
      "José Enrique Rodó",
      "José Hernández",
      "José Ingenieros",
      "José Martí",
    ]);
    // A name that starts with the text, then a word that starts with it, then the name that contains it.
    expect((await suggest("fried")).body.authors).toEqual(["Friedrich Nietzsche", "Karl Marx y Friedrich Engels"]);
    expect((await suggest("lorca  federico")).body.authors).toEqual(["Federico García Lorca"]);
    expect((await suggest("zzz")).body.authors).toEqual([]);
  });

  it("ignores accents and case, both ways", async () => {
    expect((await suggest("GARCIA")).body.authors).toEqual(["Federico García Lorca"]);
    expect((await suggest("rodó")).body.authors).toEqual(["Rodolphe Töpffer", "José Enrique Rodó"]);
    expect((await suggest("soren")).body.authors).toEqual(["Søren Kierkegaard"]);
  });

  it("answers at most 8", async () => {
    const { status, body } = await suggest("an");
    expect(status).toBe(200);
    expect(body.authors).toHaveLength(8);
  });

  it.each([
    ["/api/autores", "Falta el parámetro q"],
    ["/api/autores?q=", "al menos 2 caracteres"],
    ["/api/autores?q=%20%20a%20", "al menos 2 caracteres"],
    [`/api/autores?q=${"a".repeat(101)}`, "más de 100 caracteres"],
  ])("refuses %s with a Spanish 400", async (url, message) => {
    const { status, body } = await call(loader, url);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toContain(message);
  });

  it("answers POST with 405", async () => {
    const response = action();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
  });
});
