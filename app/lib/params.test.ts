import { describe, expect, it } from "vitest";
import { ownEntry, parseId } from "./params";

describe("parseId", () => {
  it("reads a positive whole id and nothing else", () => {
    expect(parseId("42")).toBe(42);
    for (const bad of [null, "", "0", "-1", "1.5", "4e2", "12abc"]) expect(parseId(bad), String(bad)).toBeNull();
  });
});

describe("ownEntry", () => {
  const runs = { cancel: "cancelar", refund: "reembolsar" };
  it("finds a record's own keys", () => {
    expect(ownEntry(runs, "cancel")).toBe("cancelar");
  });
  it("never answers an inherited property for a name that came from outside", () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "", null, undefined]) {
      expect(ownEntry(runs, key), String(key)).toBeUndefined();
    }
  });
});
