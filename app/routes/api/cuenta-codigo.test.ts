import { describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "~/domain/accounts/sign-in.server";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as route from "./cuenta-codigo";

const { database } = await adminTestDatabase();
const freshIp = clientIps("10.42");

const post = (email: string) =>
  route.action(
    routeArgs("/api/cuenta/codigo", database, {
      method: "POST",
      body: JSON.stringify({ email }),
      headers: { "content-type": "application/json" },
      context: { clientIp: freshIp() },
    }) as never,
  );

describe("POST /api/cuenta/codigo", () => {
  it("answers any address alike, and the 6th code an hour for one address with 429, Spanish and Retry-After", async () => {
    const first = await post("api-rafaga@example.com");
    const unknown = await post("api-otra@example.com");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: SIGN_IN_MESSAGES.codeSent });
    expect(await unknown.json()).toEqual({ success: true, message: SIGN_IN_MESSAGES.codeSent });
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await post("api-rafaga@example.com")).status);
    expect(more).toEqual([200, 200, 200, 200]);
    const refused = await post("api-rafaga@example.com");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, error: SIGN_IN_MESSAGES.tooManyCodes });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
  });

  it("refuses a malformed email with 400 in Spanish", async () => {
    const refused = await post("sin-arroba");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, error: SIGN_IN_MESSAGES.email });
  });
});
