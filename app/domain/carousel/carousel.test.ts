import { describe, expect, it } from "vitest";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { carouselState } from "./carousel.server";

const { db } = await adminTestDatabase({ catalogue: true });

describe("carousel", () => {
  it("lists the featured books by order and the available ones to add", async () => {
    const state = await carouselState(db);
    expect(state.featured.map((book) => book.featuredOrder)).toEqual([1, 2, 3, 4]);
    expect(state.candidates.every((book) => book.available && !book.featured)).toBe(true);
    const searched = await carouselState(db, "quiroga");
    expect(searched.candidates.length).toBeGreaterThan(0);
    expect(searched.candidates.every((book) => book.author === "Horacio Quiroga")).toBe(true);
  });
});
