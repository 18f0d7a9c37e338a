import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ReorderNotice } from "~/components/account/reorder-notice";
import { CartLines, CartTotal, cartNetCents, EmptyCart } from "~/components/cart/cart-lines";
import { cartStore, useCart } from "~/components/cart/use-cart";
import { useTransferDiscountPercent } from "~/components/layout/use-transfer-discount";
import { toast } from "~/components/ui/toast";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/carrito";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ title: "Carrito", noIndex: true, matches });

/** /carrito: the cart kept on this device (localStorage), with the whole-cart stock check before buying. */
export default function Carrito() {
  const cart = useCart();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const transferPercent = useTransferDiscountPercent();
  return (
    <main id="contenido" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <h1 className="font-serif text-4xl">Tu carrito</h1>
      <ReorderNotice />
      <noscript>
        <p className="mt-6 rounded-lg bg-white p-6">
          El carrito se guarda en este dispositivo y necesita JavaScript. Podés seguir recorriendo la{" "}
          <a href="/tienda" className="font-semibold text-moss underline">
            tienda
          </a>
          .
        </p>
      </noscript>
      {!cart.loaded ? (
        <p className="mt-6 text-ink/75">Cargando tu carrito…</p>
      ) : cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <div className="mt-6 rounded-lg bg-white px-5">
            <CartLines items={cart.items} busy={cart.isValidatingStock} />
          </div>
          <div className="mt-6 space-y-4 rounded-lg bg-white p-5">
            <CartTotal totalCents={cart.totalCents} itemCount={cart.itemCount} netCents={cartNetCents(cart.items)} />
            <p className="text-sm text-ink/75">
              {transferPercent > 0 ? `Pagando por transferencia tenés ${transferPercent}% de descuento. ` : null}
              Retiro y envío gratis en CABA.
            </p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                disabled={checking}
                onClick={async () => {
                  setChecking(true);
                  const ok = await cartStore().validateCartStock();
                  setChecking(false);
                  if (ok) navigate("/checkout");
                  else
                    toast({
                      title: "Stock insuficiente",
                      description: "Revisá los productos marcados en tu carrito antes de seguir.",
                      variant: "destructive",
                    });
                }}
                className="rounded-full bg-moss px-6 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:cursor-wait disabled:opacity-80"
              >
                {checking ? "Verificando stock..." : "Iniciar compra"}
              </button>
              <button
                type="button"
                onClick={() => cartStore().clearCart()}
                className="rounded-full border border-ink/25 px-6 py-2.5 font-semibold hover:bg-cream"
              >
                Vaciar carrito
              </button>
              <Link to="/tienda" className="self-center text-sm font-semibold text-moss underline">
                Seguir comprando
              </Link>
            </div>
          </div>
        </>
      )}
    </main>
  );
}
