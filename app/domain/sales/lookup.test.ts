import { describe, expect, it } from "vitest";
import { type CatalogBook, findByCode, searchBooks, searchIndex } from "./lookup";

const book = (
  id: number,
  title: string,
  author: string,
  isbn: string | null,
  sku: string | null = null,
): CatalogBook => ({
  id,
  title,
  author,
  isbn,
  sku,
  price: 10_000,
  stock: 3,
  cover: "/images/default-book-cover.svg",
});

const catalogue = [
  book(1, "Ficciones", "Jorge Luis Borges", "9789500703000"),
  book(2, "El Aleph", "Jorge Luis Borges", "978-84-376-0494-7"),
  book(3, "Rayuela", "Julio Cortázar", "8437604575"),
  book(4, "Los siete locos", "Roberto Arlt", null, "RZ-0042"),
  book(5, "Canción de Ñandú", "Anónimo", "9791234567896"),
  book(6, "Ana Karenina", "León Tolstói", "0-8044-2957-x"),
];
const index = searchIndex(catalogue);
const titles = (query: string) => searchBooks(index, query).map((found) => found.title);

describe("a scanned or typed code", () => {
  it("finds the book by ISBN in either form, with or without hyphens, else by SKU", () => {
    expect(findByCode(catalogue, "9788437604572")?.id).toBe(3); // scanned EAN-13; stored as ISBN-10
    expect(findByCode(catalogue, "84-376-0457-5")?.id).toBe(3);
    expect(findByCode(catalogue, "8437604574")).toBeNull(); // a wrong check digit is another number
    expect(findByCode(catalogue, "978-84-376-0494-7")?.id).toBe(2);
    expect(findByCode(catalogue, "843760494x")?.id).toBe(2); // typed ISBN-10; stored as ISBN-13
    expect(findByCode(catalogue, "9780804429573")?.id).toBe(6);
    expect(findByCode(catalogue, "rz-0042")?.id).toBe(4);
    expect(findByCode(catalogue, "9780000000002")).toBeNull();
    expect(findByCode(catalogue, "   ")).toBeNull();
  });
});

describe("searching the snapshot", () => {
  it("ignores accents and case, in the title and the author", () => {
    expect(titles("cortazar")).toEqual(["Rayuela"]);
    expect(titles("CANCION nandu")).toEqual(["Canción de Ñandú"]);
    expect(titles("tolstoi")).toEqual(["Ana Karenina"]);
  });

  it("needs every word, in any order", () => {
    expect(titles("borges aleph")).toEqual(["El Aleph"]);
    expect(titles("borges")).toEqual(["Ficciones", "El Aleph"]);
  });

  it("finds by part of an ISBN typed with hyphens, and by SKU", () => {
    expect(titles("950-07")).toEqual(["Ficciones"]);
    expect(titles("84376")).toEqual(["El Aleph", "Rayuela"]);
    expect(titles("rz-0042")).toEqual(["Los siete locos"]);
  });

  it("puts the book a full code names first, then titles that start with the query", () => {
    expect(titles("9788437604572")[0]).toBe("Rayuela");
    const aleph = searchIndex([book(7, "Sobre El Aleph", "Otro", null), ...catalogue]);
    expect(searchBooks(aleph, "el aleph").map((found) => found.id)).toEqual([2, 7]);
  });

  it("answers nothing for an empty query, and at most `limit` books", () => {
    expect(titles("  ")).toEqual([]);
    expect(searchBooks(index, "o", 2)).toHaveLength(2);
  });
});
