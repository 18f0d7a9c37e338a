import { useSyncExternalStore } from "react";

/** Whether the cart drawer is open: one flag for the header button and whoever opens it. */
let open = false;
const listeners = new Set<() => void>();

export function setCartDrawerOpen(value: boolean): void {
  open = value;
  for (const listener of listeners) listener();
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
