import { describe, expect, it, vi } from "vitest";
import {
  CART_STORAGE_KEY,
  type CartBook,
  type CartStorage,
  cartReducer,
  createCartStore,
  emptyCart,
  type StockAnswer,
} from "./cart";

const book = (id: number, priceCents: number | null = 10_050): CartBook => ({
  id,
  title: `Libro ${id}`,
  author: "Autora",
  coverUrl: null,
  priceCents,
});

function memoryStorage(initial: Record<string, string> = {}): CartStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

/** A stock server that allows up to `stock[id]` units. */
function stockServer(stock: Record<number, number>) {
  const calls: { id: number; quantity: number }[][] = [];
  const check = async (items: { id: number; quantity: number }[]): Promise<StockAnswer> => {
    calls.push(items);
    return {
      success: true,
      results: items.map(({ id, quantity }) => {
        const available = stock[id] ?? 0;
        return quantity <= available
          ? { id, valid: true, availableStock: available, error: null }
          : { id, valid: false, availableStock: available, error: "Stock insuficiente" };
      }),
    };
  };
  return { check, calls };
}

describe("cart reducer", () => {
  it("adds with quantity 1, then increments, and keeps totals in centavos", () => {
    let state = cartReducer(emptyCart, { type: "ADD_ITEM", book: book(1, 10) });
    state = cartReducer(state, { type: "ADD_ITEM", book: book(1, 10) });
    state = cartReducer(state, { type: "ADD_ITEM", book: book(2, 20) });
    expect(state.items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(state.totalCents).toBe(40);
    expect(state.itemCount).toBe(3);
  });

  it("removes on a quantity of 0 or less, and clears", () => {
    let state = cartReducer(emptyCart, { type: "ADD_ITEM", book: book(1) });
    state = cartReducer(state, { type: "ADD_ITEM", book: book(2) });
    state = cartReducer(state, { type: "UPDATE_QUANTITY", id: 1, quantity: -3 });
    expect(state.items.map((i) => i.id)).toEqual([2]);
    state = cartReducer(state, { type: "CLEAR_CART" });
    expect(state).toMatchObject({ items: [], totalCents: 0, itemCount: 0 });
  });

  it("records stock info per item and in stockErrors", () => {
    let state = cartReducer(emptyCart, { type: "ADD_ITEM", book: book(1) });
    state = cartReducer(state, { type: "UPDATE_STOCK_INFO", id: 1, availableStock: 2, error: "Stock insuficiente" });
    expect(state.items[0]).toMatchObject({ availableStock: 2, stockError: "Stock insuficiente" });
    expect(state.stockErrors).toEqual({ 1: "Stock insuficiente" });
  });

  it("a missing price counts as 0 in the total", () => {
    const state = cartReducer(emptyCart, { type: "ADD_ITEM", book: book(1, null) });
    expect(state.totalCents).toBe(0);
    expect(state.itemCount).toBe(1);
  });
});

describe("cart store", () => {
  it("adds only what the server approves, asking for quantity + 1", async () => {
    const server = stockServer({ 1: 2 });
    const cart = createCartStore({ storage: memoryStorage(), checkStock: server.check });
    expect((await cart.addItem(book(1))).ok).toBe(true);
    expect((await cart.addItem(book(1))).ok).toBe(true);
    const refused = await cart.addItem(book(1));
    expect(refused).toEqual({ ok: false, error: "Stock insuficiente", availableStock: 2 });
    expect(server.calls.map((c) => c[0]?.quantity)).toEqual([1, 2, 3]);
    expect(cart.getState().items[0]).toMatchObject({
      quantity: 2,
      availableStock: 2,
      stockError: "Stock insuficiente",
    });
    expect(cart.getState().stockErrors).toEqual({ 1: "Stock insuficiente" });
    expect(cart.getState().isValidatingStock).toBe(false);
  });

  it("validates a new quantity; refused changes keep the old one; 0 removes without asking", async () => {
    const server = stockServer({ 1: 3 });
    const cart = createCartStore({ storage: memoryStorage(), checkStock: server.check });
    await cart.addItem(book(1));
    expect((await cart.updateQuantity(1, 3)).ok).toBe(true);
    expect((await cart.updateQuantity(1, 4)).ok).toBe(false);
    expect(cart.getState().items[0]?.quantity).toBe(3);
    const before = server.calls.length;
    expect((await cart.updateQuantity(1, 0)).ok).toBe(true);
    expect(server.calls.length).toBe(before);
    expect(cart.getState().items).toEqual([]);
  });

  it("uses the defaults when the server gives no error or stock, and refuses on a failed request", async () => {
    const log = vi.fn();
    const cart = createCartStore({
      storage: null,
      checkStock: async () => ({ success: true, results: [{ id: 1, valid: false }] }),
      log,
    });
    expect(await cart.addItem(book(1))).toEqual({ ok: false, error: "Stock insuficiente", availableStock: 0 });
    const failing = createCartStore({
      storage: null,
      checkStock: async () => {
        throw new Error("500: boom");
      },
      log,
    });
    expect((await failing.addItem(book(1))).ok).toBe(false);
    expect(failing.getState().items).toEqual([]);
    expect(log).toHaveBeenCalled();
  });

  it("saves on every change and loads the saved cart at start", async () => {
    const storage = memoryStorage();
    const server = stockServer({ 1: 5, 2: 5 });
    const cart = createCartStore({ storage, checkStock: server.check });
    await cart.addItem(book(1));
    await cart.addItem(book(2));
    await cart.updateQuantity(2, 3);
    expect(JSON.parse(storage.data[CART_STORAGE_KEY] ?? "[]")).toHaveLength(2);
    cart.removeItem(1);
    const reopened = createCartStore({ storage, checkStock: server.check });
    expect(reopened.getState().items).toMatchObject([{ id: 2, quantity: 3 }]);
    expect(reopened.getState()).toMatchObject({ itemCount: 3, totalCents: 30_150 });
  });

  it("saves prices in pesos and reads a cart saved in pesos by earlier versions", async () => {
    const saved = JSON.stringify([
      { id: 3, title: "Facundo", author: "Sarmiento", coverUrl: null, price: 26900, isPreorder: true, quantity: 2 },
      { id: 4, title: "Ficciones", author: "Borges", coverUrl: null, price: 12345.5, quantity: 1 },
      { id: 5, title: "Sin precio", author: "", coverUrl: null, price: null, quantity: 1 },
    ]);
    const storage = memoryStorage({ [CART_STORAGE_KEY]: saved });
    const cart = createCartStore({ storage, checkStock: stockServer({ 4: 5 }).check });
    expect(cart.getState().items.map((item) => item.priceCents)).toEqual([2_690_000, 1_234_550, null]);
    expect(cart.getState()).toMatchObject({ totalCents: 6_614_550, itemCount: 4 });
    await cart.updateQuantity(4, 2);
    expect(JSON.parse(storage.data[CART_STORAGE_KEY] ?? "[]")).toMatchObject([
      { id: 3, price: 26900, isPreorder: true, quantity: 2 },
      { id: 4, price: 12345.5, isPreorder: false, quantity: 2 },
      { id: 5, price: null, quantity: 1 },
    ]);
  });

  it("logs and ignores a corrupt saved cart", () => {
    for (const saved of ["{not json", '{"a":1}', '[{"id":"x","quantity":1}]', '[{"id":1,"quantity":0,"title":"a"}]']) {
      const log = vi.fn();
      const cart = createCartStore({
        storage: memoryStorage({ [CART_STORAGE_KEY]: saved }),
        checkStock: stockServer({}).check,
        log,
      });
      expect(cart.getState().items).toEqual([]);
      expect(log).toHaveBeenCalledTimes(1);
    }
  });

  it("loadCart replaces the items and recomputes totals", () => {
    const cart = createCartStore({ storage: memoryStorage(), checkStock: stockServer({}).check });
    cart.loadCart([{ ...book(7, 1000), quantity: 4 }]);
    expect(cart.getState()).toMatchObject({ totalCents: 4000, itemCount: 4 });
  });

  it("the whole-cart check: true when empty, per-line errors, false on failure", async () => {
    const server = stockServer({ 1: 5, 2: 1 });
    const cart = createCartStore({ storage: null, checkStock: server.check });
    expect(await cart.validateCartStock()).toBe(true);
    expect(server.calls).toHaveLength(0);
    cart.loadCart([
      { ...book(1), quantity: 2 },
      { ...book(2), quantity: 2 },
    ]);
    expect(await cart.validateCartStock()).toBe(false);
    expect(cart.getState().stockErrors).toEqual({ 2: "Stock insuficiente" });
    expect(cart.getState().items[1]).toMatchObject({ availableStock: 1 });
    cart.loadCart([{ ...book(1), quantity: 2 }]);
    expect(await cart.validateCartStock()).toBe(true);
    const failing = createCartStore({
      storage: null,
      checkStock: async () => Promise.reject(new Error("offline")),
      log: () => {},
    });
    failing.loadCart([{ ...book(1), quantity: 1 }]);
    expect(await failing.validateCartStock()).toBe(false);
  });

  it("notifies subscribers", async () => {
    const cart = createCartStore({ storage: null, checkStock: stockServer({ 1: 1 }).check });
    const listener = vi.fn();
    const unsubscribe = cart.subscribe(listener);
    await cart.addItem(book(1));
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    cart.clearCart();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe("the tax rate of each line", () => {
  it("comes with the server's answer on add and on each check, and is saved with the cart", async () => {
    let rate = "21";
    const check = async (items: { id: number; quantity: number }[]): Promise<StockAnswer> => ({
      success: true,
      results: items.map(({ id }) => ({ id, valid: true, availableStock: 5, error: null, taxRate: rate })),
    });
    const storage = memoryStorage();
    const cart = createCartStore({ storage, checkStock: check });
    await cart.addItem(book(1));
    expect(cart.getState().items[0]?.taxRate).toBe("21");
    expect(createCartStore({ storage, checkStock: check }).getState().items[0]?.taxRate).toBe("21");
    rate = "10.5";
    expect(await cart.validateCartStock()).toBe(true);
    expect(cart.getState().items[0]?.taxRate).toBe("10.5");
    rate = "19";
    await cart.updateQuantity(1, 2);
    expect(cart.getState().items[0]?.taxRate).toBe("10.5");
  });
});
