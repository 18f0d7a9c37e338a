import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers } from "~db/schema";
import { seedDemoCatalogue } from "~db/seed";
import { testDatabase } from "../../../tests/support/test-database";
import { carouselState } from "./carousel.server";

const database = await testDatabase();
const db = database.db;
const admin = { id: 1, email: "libreria@rizoma.com.ar" };

beforeAll(async () => {
  await seedDemoCatalogue(db);
  await db.insert(adminUsers).values({ id: admin.id, email: admin.email, passwordHash: "no se usa en este test" });
});
afterAll(() => database.close());

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
