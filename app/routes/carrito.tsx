import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { ReorderNotice } from "~/components/account/reorder-notice";
import { CartLines, CartTotal, cartNetCents, EmptyCart } from "~/components/cart/cart-lines";
import { cartStore, useCart } from "~/components/cart/use-cart";
import { useTransferDiscountPercent } from "~/components/layout/use-transfer-discount";
import { toast } from "~/components/ui/toast";
import { type RecoveredLine, recoverCart } from "~/domain/accounts/cart-reminders.server";
import { parseSavedCart } from "~/domain/cart/cart";
import { DomainError } from "~/domain/errors";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/carrito";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ title: "Carrito", noIndex: true, matches });

/**
 * `?recuperar={token}`: the "Volver a mi carrito" button of the "Recordame mi carrito" e-mail. The loader
 * answers the remembered books still for sale; the browser adds them to this device's cart (without
 * JavaScript the cart cannot exist, so the page lists them with links to each book instead).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("recuperar");
  if (token === null) return { recovered: null, recoverError: null };
  try {
    return { recovered: await recoverCart(requestContext(context), token), recoverError: null };
  } catch (error) {
    if (error instanceof DomainError) return data({ recovered: null, recoverError: error.message }, { status: 400 });
    throw error;
  }
}

/** The remembered lines put back: each book at least at its remembered quantity, the rest of the cart kept. */
function refill(lines: RecoveredLine[]) {
  const store = cartStore();
  const current = store.getState().items;
  const merged = [...current];
  for (const line of parseSavedCart(JSON.stringify(lines))) {
    const index = merged.findIndex((item) => item.id === line.id);
    const present = merged[index];
    if (present) merged[index] = { ...present, quantity: Math.max(present.quantity, line.quantity) };
    else merged.push(line);
  }
  store.loadCart(merged);
  void store.validateCartStock();
}

/** /carrito: the cart kept on this device (localStorage), with the whole-cart stock check before buying. */
export default function Carrito({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const transferPercent = useTransferDiscountPercent();
  const { recovered, recoverError } = loaderData;
  useEffect(() => {
    if (!recovered) return;
    if (recovered.length > 0) {
      refill(recovered);
      toast({ title: "Recuperamos tu carrito", description: "Revisalo y seguí la compra cuando quieras." });
    } else {
      toast({ title: "Esos libros ya no están a la venta", description: "Date una vuelta por la tienda." });
    }
    // Once in the cart, the link's work is done: a reload must not add the books again.
    navigate("/carrito", { replace: true });
  }, [recovered, navigate]);
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
        {recovered && recovered.length > 0 ? (
          <div className="mt-4 rounded-lg bg-white p-6">
            <h2 className="font-serif text-xl">Los libros que dejaste</h2>
            <ul className="mt-2 list-disc pl-5">
              {recovered.map((line) => (
                <li key={line.id}>
                  <a href={`/libro/${line.id}`} className="font-semibold text-moss underline">
                    {line.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </noscript>
      {recoverError ? (
        <p role="alert" className="mt-6 rounded-lg bg-terracotta/10 p-4 text-terracotta-dark">
          {recoverError}
        </p>
      ) : null}
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
