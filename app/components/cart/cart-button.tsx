import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { ShoppingBag } from "~/components/ui/icons/shopping-bag";
import { setCartDrawerOpen, useCartDrawerOpen } from "./cart-ui";
import { useCart } from "./use-cart";

// The drawer's code loads the first time it opens, so it never weighs on a page's first load.
const CartDrawer = lazy(() => import("./cart-drawer"));

/**
 * The header's cart button with the item count. A link to /carrito (so it works without JavaScript);
 * with JavaScript it opens the cart drawer.
 */
export function CartButton({ className = "" }: { className?: string }) {
  const { itemCount } = useCart();
  const open = useCartDrawerOpen();
  const [wanted, setWanted] = useState(false);
  const label = itemCount === 1 ? "Carrito, 1 producto" : `Carrito, ${itemCount} productos`;
  return (
    <>
      <Link
        to="/carrito"
        aria-label={label}
        data-testid="cart-button"
        className={`relative inline-flex items-center rounded p-2 hover:bg-white/10 ${className}`}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setWanted(true);
          setCartDrawerOpen(true);
        }}
      >
        <ShoppingBag aria-hidden="true" className="size-6" />
        {itemCount > 0 ? (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-ochre-light px-1 text-center text-xs font-bold leading-5 text-ink"
          >
            {itemCount > 99 ? "99+" : itemCount}
          </span>
        ) : null}
      </Link>
      {wanted || open ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onClose={() => setCartDrawerOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
