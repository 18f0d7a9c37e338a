import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors";

describe("isDatabaseUnavailable", () => {
  const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

  it("recognises a refused or cut connection and a server shutting down or starting up, through Drizzle's cause", () => {
    expect(isDatabaseUnavailable(coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailable(coded("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(coded("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(coded("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const wrapped = new Error("Failed query: select 1", { cause: coded("ECONNRESET") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("leaves every other error alone, including another service's network failure", () => {
    expect(isDatabaseUnavailable(coded("23505"))).toBe(false);
    expect(isUniqueViolation(coded("23505"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("fetch failed", { cause: coded("ECONNREFUSED") }))).toBe(false);
  });
});
