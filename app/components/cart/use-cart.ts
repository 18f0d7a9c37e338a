import { useSyncExternalStore } from "react";
import { type CartState, type CartStore, createCartStore, emptyCart, fetchStock } from "~/domain/cart/cart";

/** Server render and hydration see an empty, not-yet-loaded cart; the browser then shows the saved one. */
export interface CartView extends CartState {
  loaded: boolean;
}

let store: CartStore | null = null;
let view: CartView = { ...emptyCart, loaded: false };
let viewOf: CartState | null = null;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The one cart of this tab, created (and read from localStorage) on first use in the browser. */
export function cartStore(): CartStore {
  if (!store) {
    store = createCartStore({
      storage: safeStorage(),
      checkStock: fetchStock,
      log: (message, error) => console.warn(message, error),
    });
  }
  return store;
}

const serverView: CartView = { ...emptyCart, loaded: false };

function snapshot(): CartView {
  const state = cartStore().getState();
  if (state !== viewOf) {
    viewOf = state;
    view = { ...state, loaded: true };
  }
  return view;
}

export function useCart(): CartView {
  return useSyncExternalStore(
    (listener) => cartStore().subscribe(listener),
    snapshot,
    () => serverView,
  );
}
