import { describe, expect, it } from "vitest";
import { adminActionTo, subscriptionActions } from "./subscription-actions";

describe("the box subscription's actions", () => {
  it("lets the subscriber pause, reactivate and cancel as the status allows, in the page's order", () => {
    expect(subscriptionActions({ status: "active" }, "subscriber")).toEqual(["pause", "cancel"]);
    expect(subscriptionActions({ status: "paused" }, "subscriber")).toEqual(["reactivate", "cancel"]);
    expect(subscriptionActions({ status: "pending" }, "subscriber")).toEqual(["cancel"]);
    expect(subscriptionActions({ status: "cancelled" }, "subscriber")).toEqual([]);
  });

  it("lets the admin only pause an active one and reactivate a paused one", () => {
    expect(subscriptionActions({ status: "active" }, "admin")).toEqual(["pause"]);
    expect(subscriptionActions({ status: "paused" }, "admin")).toEqual(["reactivate"]);
    expect(subscriptionActions({ status: "pending" }, "admin")).toEqual([]);
    expect(subscriptionActions({ status: "cancelled" }, "admin")).toEqual([]);
    expect([adminActionTo("paused"), adminActionTo("active"), adminActionTo("cancelled")]).toEqual([
      "pause",
      "reactivate",
      null,
    ]);
  });
});
