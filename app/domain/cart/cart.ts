/**
 * The cart (storefront spec §4, issue 6 item 1), client-safe and DOM-free: a pure reducer plus a small
 * store that saves to a Storage and asks the server about stock. The UI binds it with `useCart()`
 * (app/components/cart/use-cart.ts); tests drive it with a fake storage and a fake stock check.
 */
import { isVatRate, type VatRate } from "~/domain/taxes/fiscal";
import { type Cents, centsToPesos, fromPesos, lineCents, sumCents } from "~/lib/money";

/**
 * The device-local key the cart is saved under ("product-specific": versioned with the item shape). The
 * saved lines carry `price` in pesos, like every JSON of the shop; in memory the cart counts centavos.
 * Keeping the saved shape means a returning visitor's cart (saved by any earlier version) reads as it was.
 */
export const CART_STORAGE_KEY = "rizoma.cart.v1";
export const DEFAULT_STOCK_ERROR = "Stock insuficiente";

/** The book's display fields a cart line keeps (enough to draw it without asking the server). */
export interface CartBook {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  /** Per unit (the pre-order price for a pre-order); null = no published price. */
  priceCents: Cents | null;
  isPreorder?: boolean;
  /**
   * The IVA rate of the book's fiscal category, as the server's stock answer last said (every add and
   * check brings it): the cart shows each price without national taxes with it. Absent only in a cart
   * saved before rates existed, until the next check.
   */
  taxRate?: VatRate;
}

export interface CartItem extends CartBook {
  quantity: number;
  /** What the server said can be ordered, after a refused change. */
  availableStock?: number;
  stockError?: string | null;
}

export interface CartState {
  items: CartItem[];
  /** Sum of price x quantity (a missing price counts as 0). */
  totalCents: Cents;
  /** Sum of quantities. */
  itemCount: number;
  isValidatingStock: boolean;
  /** Last refusal per book id. */
  stockErrors: Record<number, string>;
}

export type CartAction =
  | { type: "ADD_ITEM"; book: CartBook }
  | { type: "REMOVE_ITEM"; id: number }
  | { type: "UPDATE_QUANTITY"; id: number; quantity: number }
  | { type: "CLEAR_CART" }
  | { type: "LOAD_CART"; items: CartItem[] }
  | { type: "SET_VALIDATING_STOCK"; value: boolean }
  | { type: "UPDATE_STOCK_INFO"; id: number; availableStock: number; error: string | null }
  | { type: "SET_TAX_RATES"; rates: ReadonlyMap<number, VatRate> };

export const emptyCart: CartState = {
  items: [],
  totalCents: 0,
  itemCount: 0,
  isValidatingStock: false,
  stockErrors: {},
};

function withTotals(state: Omit<CartState, "totalCents" | "itemCount">): CartState {
  return {
    ...state,
    totalCents: sumCents(state.items.map((item) => lineCents(item.priceCents, item.quantity))),
    itemCount: state.items.reduce((count, item) => count + item.quantity, 0),
  };
}

function withoutError(errors: Record<number, string>, id: number): Record<number, string> {
  if (!(id in errors)) return errors;
  const { [id]: _dropped, ...rest } = errors;
  return rest;
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "ADD_ITEM": {
      const present = state.items.some((item) => item.id === action.book.id);
      const items = present
        ? state.items.map((item) =>
            item.id === action.book.id ? { ...item, quantity: item.quantity + 1, stockError: null } : item,
          )
        : [...state.items, { ...action.book, quantity: 1 }];
      return withTotals({ ...state, items, stockErrors: withoutError(state.stockErrors, action.book.id) });
    }
    case "REMOVE_ITEM":
      return withTotals({
        ...state,
        items: state.items.filter((item) => item.id !== action.id),
        stockErrors: withoutError(state.stockErrors, action.id),
      });
    case "UPDATE_QUANTITY": {
      if (action.quantity <= 0) return cartReducer(state, { type: "REMOVE_ITEM", id: action.id });
      const items = state.items.map((item) =>
        item.id === action.id ? { ...item, quantity: Math.floor(action.quantity), stockError: null } : item,
      );
      return withTotals({ ...state, items, stockErrors: withoutError(state.stockErrors, action.id) });
    }
    case "CLEAR_CART":
      return { ...emptyCart, isValidatingStock: state.isValidatingStock };
    case "LOAD_CART":
      return withTotals({ ...state, items: action.items, stockErrors: {} });
    case "SET_VALIDATING_STOCK":
      return { ...state, isValidatingStock: action.value };
    case "UPDATE_STOCK_INFO": {
      const items = state.items.map((item) =>
        item.id === action.id ? { ...item, availableStock: action.availableStock, stockError: action.error } : item,
      );
      const stockErrors = action.error
        ? { ...state.stockErrors, [action.id]: action.error }
        : withoutError(state.stockErrors, action.id);
      return { ...state, items, stockErrors };
    }
    case "SET_TAX_RATES": {
      const changed = state.items.some((item) => {
        const rate = action.rates.get(item.id);
        return rate !== undefined && rate !== item.taxRate;
      });
      if (!changed) return state;
      const items = state.items.map((item) => ({ ...item, taxRate: action.rates.get(item.id) ?? item.taxRate }));
      return { ...state, items };
    }
  }
}

/** A saved cart is untrusted text: keep only well-formed lines, or throw so the caller can log it. */
export function parseSavedCart(text: string | null): CartItem[] {
  if (text === null) return [];
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error("el carrito guardado no es una lista");
  const items: CartItem[] = [];
  const seen = new Set<number>();
  for (const raw of value) {
    if (typeof raw !== "object" || raw === null) throw new Error("línea de carrito inválida");
    const line = raw as Record<string, unknown>;
    const { id, quantity, title, author, coverUrl, price } = line;
    if (
      typeof id !== "number" ||
      !Number.isInteger(id) ||
      id <= 0 ||
      typeof quantity !== "number" ||
      !Number.isInteger(quantity) ||
      quantity <= 0 ||
      typeof title !== "string" ||
      (price !== null && (typeof price !== "number" || !Number.isFinite(price) || price < 0))
    ) {
      throw new Error("línea de carrito inválida");
    }
    if (seen.has(id)) continue;
    seen.add(id);
    items.push({
      id,
      quantity: Math.min(quantity, 999),
      title,
      author: typeof author === "string" ? author : "",
      coverUrl: typeof coverUrl === "string" ? coverUrl : null,
      priceCents: fromPesos(price as number | null),
      isPreorder: line.isPreorder === true,
      ...(isVatRate(line.taxRate) ? { taxRate: line.taxRate } : {}),
    });
  }
  return items;
}

/** What is saved: the lines only, without the last stock answer (prices in pesos, see CART_STORAGE_KEY). */
export function serializeCart(items: CartItem[]): string {
  return JSON.stringify(
    items.map(({ id, title, author, coverUrl, priceCents, isPreorder, taxRate, quantity }) => ({
      id,
      title,
      author,
      coverUrl,
      price: centsToPesos(priceCents),
      isPreorder: isPreorder === true,
      taxRate,
      quantity,
    })),
  );
}

export interface StockAnswer {
  success: boolean;
  results?: { id: number; valid: boolean; availableStock?: number; error?: string | null; taxRate?: string }[];
}

/** The rates an answer carries, by book id (unknown rate texts are ignored). */
function ratesOf(answer: StockAnswer): Map<number, VatRate> {
  const rates = new Map<number, VatRate>();
  for (const result of answer.results ?? []) if (isVatRate(result.taxRate)) rates.set(result.id, result.taxRate);
  return rates;
}

/** POST /api/validate-cart-stock; throws on a network failure or a non-OK answer (spec §7 error text). */
export type StockCheck = (items: { id: number; quantity: number }[]) => Promise<StockAnswer>;

export interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CartDeps {
  storage: CartStorage | null;
  checkStock: StockCheck;
  log?: (message: string, error: unknown) => void;
}

/** The outcome of a change the server had to approve. */
export type CartChange = { ok: true } | { ok: false; error: string; availableStock: number };

export interface CartStore {
  getState(): CartState;
  subscribe(listener: () => void): () => void;
  addItem(book: CartBook): Promise<CartChange>;
  removeItem(id: number): void;
  updateQuantity(id: number, quantity: number): Promise<CartChange>;
  clearCart(): void;
  loadCart(items: CartItem[]): void;
  /** The whole-cart check: true when empty, false when any line is refused or the request fails. */
  validateCartStock(): Promise<boolean>;
}

export function createCartStore(deps: CartDeps): CartStore {
  const log = deps.log ?? ((message, error) => console.warn(message, error));
  let state = emptyCart;
  const listeners = new Set<() => void>();

  function dispatch(action: CartAction) {
    const before = state.items;
    state = cartReducer(state, action);
    if (state.items !== before && deps.storage) {
      try {
        deps.storage.setItem(CART_STORAGE_KEY, serializeCart(state.items));
      } catch (error) {
        log("No se pudo guardar el carrito", error);
      }
    }
    for (const listener of listeners) listener();
  }

  if (deps.storage) {
    try {
      const items = parseSavedCart(deps.storage.getItem(CART_STORAGE_KEY));
      state = cartReducer(state, { type: "LOAD_CART", items });
    } catch (error) {
      log("Carrito guardado inválido: se descarta", error);
    }
  }

  /** Asks about one line; records a refusal on the item (when present) and in stockErrors. */
  async function approve(id: number, quantity: number): Promise<CartChange & { taxRate?: VatRate }> {
    dispatch({ type: "SET_VALIDATING_STOCK", value: true });
    try {
      const answer = await deps.checkStock([{ id, quantity }]);
      const result = answer.results?.find((r) => r.id === id);
      const rates = ratesOf(answer);
      dispatch({ type: "SET_TAX_RATES", rates });
      const taxRate = rates.get(id);
      if (answer.success && result?.valid) return taxRate ? { ok: true, taxRate } : { ok: true };
      const refusal = {
        ok: false as const,
        error: result?.error || DEFAULT_STOCK_ERROR,
        availableStock: result?.availableStock ?? 0,
      };
      dispatch({ type: "UPDATE_STOCK_INFO", id, availableStock: refusal.availableStock, error: refusal.error });
      return refusal;
    } catch (error) {
      log("No se pudo validar el stock", error);
      return { ok: false, error: DEFAULT_STOCK_ERROR, availableStock: 0 };
    } finally {
      dispatch({ type: "SET_VALIDATING_STOCK", value: false });
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async addItem(book) {
      const current = state.items.find((item) => item.id === book.id)?.quantity ?? 0;
      const { taxRate, ...change } = await approve(book.id, current + 1);
      if (change.ok) dispatch({ type: "ADD_ITEM", book: { ...book, ...(taxRate ? { taxRate } : {}) } });
      return change;
    },
    removeItem: (id) => dispatch({ type: "REMOVE_ITEM", id }),
    async updateQuantity(id, quantity) {
      if (quantity <= 0) {
        dispatch({ type: "UPDATE_QUANTITY", id, quantity });
        return { ok: true };
      }
      const { taxRate: _rate, ...change } = await approve(id, Math.floor(quantity));
      if (change.ok) dispatch({ type: "UPDATE_QUANTITY", id, quantity });
      return change;
    },
    clearCart: () => dispatch({ type: "CLEAR_CART" }),
    loadCart: (items) => dispatch({ type: "LOAD_CART", items }),
    async validateCartStock() {
      if (state.items.length === 0) return true;
      dispatch({ type: "SET_VALIDATING_STOCK", value: true });
      try {
        const answer = await deps.checkStock(state.items.map(({ id, quantity }) => ({ id, quantity })));
        if (!answer.success || !answer.results) return false;
        dispatch({ type: "SET_TAX_RATES", rates: ratesOf(answer) });
        let allValid = true;
        for (const item of state.items) {
          const result = answer.results.find((r) => r.id === item.id);
          const valid = result?.valid === true;
          if (!valid) allValid = false;
          dispatch({
            type: "UPDATE_STOCK_INFO",
            id: item.id,
            availableStock: result?.availableStock ?? 0,
            error: valid ? null : result?.error || DEFAULT_STOCK_ERROR,
          });
        }
        return allValid;
      } catch (error) {
        log("No se pudo validar el stock del carrito", error);
        return false;
      } finally {
        dispatch({ type: "SET_VALIDATING_STOCK", value: false });
      }
    },
  };
}

/** The spec's fetch rule (§7): JSON, credentials, and a non-OK answer becomes "status: body". */
export async function fetchStock(items: { id: number; quantity: number }[]): Promise<StockAnswer> {
  const response = await fetch("/api/validate-cart-stock", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ items }),
  });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new Error(`${response.status}: ${body || response.statusText}`);
  }
  return (await response.json()) as StockAnswer;
}
