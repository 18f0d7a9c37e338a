import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "~/domain/orders/input";
import { customerAddresses } from "~db/schema";
import { insertOrder } from "../../../tests/support/order-row";
import { testDatabase } from "../../../tests/support/test-database";
import {
  addAddress,
  checkoutProfile,
  customerProfile,
  deleteAddress,
  latestOrderDetails,
  MAX_ADDRESSES,
  PROFILE_MESSAGES,
  saveDetails,
  setDefaultAddress,
  updateAddress,
} from "./profile.server";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

const home = { label: "Casa", address: "Av. Corrientes 1234", city: "CABA", province: "C", zipCode: "C1043AAZ" };
const work = { label: "Trabajo", address: "San Martín 50", city: "Córdoba", province: "x", zipCode: "5000" };

const defaults = async (email: string) =>
  (await db.select().from(customerAddresses).where(eq(customerAddresses.email, email)))
    .filter((a) => a.isDefault)
    .map((a) => a.id);

async function refusal(work: Promise<unknown>) {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as { status: number; message: string; details?: { fields?: Record<string, string> } } | null;
  if (!error) throw new Error("expected a refusal");
  return error;
}

describe("Mis datos: name and phone", () => {
  it("saves name and phone (phone optional, with the checkout's rule) and refuses blanks in Spanish", async () => {
    expect(await saveDetails(db, "datos@example.com", { firstName: " Ana ", lastName: "Pérez", phone: "" })).toBe(
      PROFILE_MESSAGES.detailsSaved,
    );
    expect(await customerProfile(db, "datos@example.com")).toMatchObject({ firstName: "Ana", phone: null });
    await saveDetails(db, "datos@example.com", { firstName: "Ana", lastName: "Pérez", phone: "+54 9 11 5555-1234" });
    expect((await customerProfile(db, "datos@example.com")).phone).toBe("+54 9 11 5555-1234");

    const bad = await refusal(saveDetails(db, "datos@example.com", { firstName: "", lastName: "", phone: "12" }));
    expect(bad.status).toBe(400);
    expect(bad.details?.fields).toEqual({
      firstName: ORDER_MESSAGES.firstName,
      lastName: ORDER_MESSAGES.lastName,
      phone: "Teléfono inválido",
    });
  });
});

describe("Mis datos: addresses", () => {
  it("makes the first address the default and keeps exactly one through add, default, edit and delete", async () => {
    const email = "direcciones@example.com";
    const first = await addAddress(db, email, home);
    const second = await addAddress(db, email, work);
    expect(await defaults(email)).toEqual([first.id]);
    // Normalised like the checkout: the province code and the postal code upper-cased.
    const saved = await customerProfile(db, email);
    expect(saved.addresses.map((a) => [a.label, a.province, a.zipCode, a.isDefault])).toEqual([
      ["Casa", "C", "C1043AAZ", true],
      ["Trabajo", "X", "5000", false],
    ]);

    expect(await setDefaultAddress(db, email, second.id)).toBe(PROFILE_MESSAGES.defaultSet);
    expect(await defaults(email)).toEqual([second.id]);
    const third = await addAddress(db, email, { ...home, label: "Lo de mamá", makeDefault: true });
    expect(await defaults(email)).toEqual([third.id]);

    await updateAddress(db, email, first.id, { ...home, city: "Palermo", makeDefault: true });
    expect(await defaults(email)).toEqual([first.id]);
    expect((await customerProfile(db, email)).addresses[0]).toMatchObject({ id: first.id, city: "Palermo" });

    // Deleting the default hands the role to the oldest address left.
    await deleteAddress(db, email, first.id);
    expect(await defaults(email)).toEqual([second.id]);
    await deleteAddress(db, email, second.id);
    await deleteAddress(db, email, third.id);
    expect((await customerProfile(db, email)).addresses).toEqual([]);
  });

  it("refuses bad fields with the checkout's messages, per field", async () => {
    const bad = await refusal(
      addAddress(db, "campos@example.com", { label: " ", address: "", city: "", province: "ZZ", zipCode: "12" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.details?.fields).toEqual({
      label: PROFILE_MESSAGES.label,
      address: ORDER_MESSAGES.address,
      city: ORDER_MESSAGES.city,
      province: ORDER_MESSAGES.province,
      zipCode: ORDER_MESSAGES.zipCode,
    });
    expect((await customerProfile(db, "campos@example.com")).addresses).toEqual([]);
  });

  it("never touches another email's address (404) and caps the list", async () => {
    const mine = await addAddress(db, "duena@example.com", home);
    const other = "otra@example.com";
    for (const change of [
      () => updateAddress(db, other, mine.id, work),
      () => setDefaultAddress(db, other, mine.id),
      () => deleteAddress(db, other, mine.id),
    ]) {
      expect((await refusal(change())).status).toBe(404);
    }
    expect((await customerProfile(db, "duena@example.com")).addresses).toMatchObject([{ id: mine.id, city: "CABA" }]);

    const many = "muchas@example.com";
    for (let i = 0; i < MAX_ADDRESSES; i++) await addAddress(db, many, { ...home, label: `Casa ${i}` });
    const full = await refusal(addAddress(db, many, home));
    expect([full.status, full.message]).toEqual([409, PROFILE_MESSAGES.tooMany]);
  });

  it("keeps one default when the reader sets several at once (concurrent requests)", async () => {
    const email = "carrera@example.com";
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await addAddress(db, email, { ...home, label: `Casa ${i}` })).id);
    const results = await Promise.allSettled(ids.map((id) => setDefaultAddress(db, email, id)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect(await defaults(email)).toHaveLength(1);
  });

  it("keeps one default when a new reader adds addresses at once, each asked to be the default", async () => {
    const email = "simultaneas@example.com";
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map((i) => addAddress(db, email, { ...home, label: `Casa ${i}`, makeDefault: true })),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect((await customerProfile(db, email)).addresses).toHaveLength(4);
    expect(await defaults(email)).toHaveLength(1);
  });
});

describe("what the account reuses", () => {
  it("offers the latest order's contact and address (CABA orders in province C; pickups without address)", async () => {
    const email = "ultimo@example.com";
    expect(await latestOrderDetails(db, email)).toBeNull();
    await insertOrder(db, { email, firstName: "Viejo", createdAt: new Date("2026-01-01") });
    const latest = await insertOrder(db, {
      email,
      firstName: "Lucía",
      lastName: "Gómez",
      phone: "+54 11 4444-3333",
      deliveryMethod: "caba",
      address: "Thames 100",
      city: "Palermo",
      zipCode: "C1414AAA",
    });
    expect(await latestOrderDetails(db, email)).toEqual({
      number: latest.number,
      firstName: "Lucía",
      lastName: "Gómez",
      phone: "+54 11 4444-3333",
      address: { address: "Thames 100", city: "Palermo", province: "C", zipCode: "C1414AAA" },
    });
    await insertOrder(db, { email, createdAt: new Date(Date.now() + 60_000) });
    expect((await latestOrderDetails(db, email))?.address).toBeNull();
  });

  it("gives the checkout the saved details and the default address first", async () => {
    const email = "checkout@example.com";
    await saveDetails(db, email, { firstName: "Ana", lastName: "Pérez", phone: "+54 9 11 5555-1234" });
    await addAddress(db, email, home);
    const second = await addAddress(db, email, { ...work, makeDefault: true });
    const saved = await checkoutProfile(db, email);
    expect(saved).toMatchObject({ email, firstName: "Ana", lastName: "Pérez", phone: "+54 9 11 5555-1234" });
    expect(saved.addresses.map((a) => a.id)).toEqual([second.id, expect.any(Number)]);
  });
});
