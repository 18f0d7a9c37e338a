import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { TooManyRequests } from "~/domain/errors";
import { rateLimits, settings } from "~db/schema";
import { testDatabase } from "../../../tests/support/test-database";
import { limitPerIp } from "./limit-per-ip.server";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

const hitsOf = async (bucket: string, key: string) =>
  (
    await db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)))
  ).reduce((sum, row) => sum + row.hits, 0);

describe("limitPerIp", () => {
  it("lets the setting's number through, then refuses with the caller's message and a Retry-After", async () => {
    await db.insert(settings).values({ key: "rateLimits", value: { newsletterPerIpPerHour: 2 } });
    const visitor = { db, clientIp: "10.200.0.1" };
    for (let i = 0; i < 2; i++) await limitPerIp(visitor, "newsletterPerIpPerHour", "Basta por ahora");
    const refused = await limitPerIp(visitor, "newsletterPerIpPerHour", "Basta por ahora").catch((error) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused.message).toBe("Basta por ahora");
    expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect(await hitsOf("newsletter-ip", "10.200.0.1")).toBe(3);
  });

  it("reads the maximum from the settings the caller passes, and counts nothing without a visitor", async () => {
    const limits = { ordersPerIpPerHour: 1 } as Parameters<typeof limitPerIp>[3];
    await limitPerIp({ db, clientIp: "10.200.0.2" }, "ordersPerIpPerHour", "Muchos pedidos", limits);
    await expect(
      limitPerIp({ db, clientIp: "10.200.0.2" }, "ordersPerIpPerHour", "Muchos pedidos", limits),
    ).rejects.toThrow(TooManyRequests);
    for (let i = 0; i < 3; i++) await limitPerIp({ db }, "ordersPerIpPerHour", "Muchos pedidos", limits);
    expect(await hitsOf("orders-ip", "10.200.0.2")).toBe(2);
  });
});
