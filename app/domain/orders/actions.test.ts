import { describe, expect, it } from "vitest";
import { booksLeftShop, orderActions, statusesAllowing, WITHDRAWAL_CANCELS_FROM } from "./actions";

describe("the admin's order actions", () => {
  it("offers, per status, the buttons of the detail page in its order", () => {
    expect(orderActions({ status: "pending_payment" })).toEqual(["confirm", "cancel"]);
    expect(orderActions({ status: "paid" })).toEqual(["ship", "cancel"]);
    expect(orderActions({ status: "shipped" })).toEqual(["deliver"]);
    expect(orderActions({ status: "delivered" })).toEqual([]);
    expect(orderActions({ status: "cancelled" })).toEqual([]);
  });

  it("gives the lifecycle the statuses each action moves an order from", () => {
    expect(statusesAllowing("confirm")).toEqual(["pending_payment"]);
    expect(statusesAllowing("ship")).toEqual(["paid"]);
    expect(statusesAllowing("deliver")).toEqual(["shipped"]);
    expect(statusesAllowing("cancel")).toEqual(["pending_payment", "paid"]);
  });

  it("lets a withdrawal cancel an order in any status but cancelled, shipped and delivered included", () => {
    expect(WITHDRAWAL_CANCELS_FROM).toEqual(["pending_payment", "paid", "shipped", "delivered"]);
    expect(booksLeftShop({ shippedAt: null, deliveredAt: null })).toBe(false);
    expect(booksLeftShop({ shippedAt: new Date(), deliveredAt: null })).toBe(true);
    expect(booksLeftShop({ shippedAt: null, deliveredAt: new Date() })).toBe(true);
  });
});
