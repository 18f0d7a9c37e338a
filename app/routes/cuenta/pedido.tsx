import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { OrderTimeline } from "~/components/account/order-timeline";
import { cartStore } from "~/components/cart/use-cart";
import {
  ORDER_STATUS_TEXT,
  OrderDetails,
  OrderPaymentDue,
  OrderWithdrawalNote,
} from "~/components/checkout/order-details";
import { OrderVouchers } from "~/components/invoices/order-vouchers";
import { ShipmentTimeline } from "~/components/shipping/shipment-timeline";
import { accountOrder } from "~/domain/accounts/orders.server";
import { mergeReorder, type Reorder, reorderNotice } from "~/domain/accounts/reorder";
import { reorder } from "~/domain/accounts/reorder.server";
import { NotFound } from "~/domain/errors";
import { STATUS_BADGES } from "~/domain/orders/status";
import { requireCustomer } from "~/lib/customer.server";
import { longDate } from "~/lib/dates";
import { readForm } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/pedido";

export const meta: Route.MetaFunction = ({ params }) => seoMeta({ title: `Pedido ${params.number}`, noIndex: true });

/** One reader's order: never cached. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/** Another person's order, an unknown number and a malformed one are the shop's one 404 page. */
async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  return orNotFound(() => accountOrder(requestContext(context), email, params.number));
}

/**
 * "Repetir compra": answers which of the order's books can go in the cart now, and how many. The cart
 * lives in this device's storage, so the browser puts them there and goes on to /carrito; without
 * JavaScript the page says that the cart needs it.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { email } = requireCustomer(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "repeat") throw data("Acción desconocida", { status: 400 });
  return { reorder: await orNotFound(() => reorder(context.db, email, params.number)) };
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, bank, contact, timeline, invoicing, shipment } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData?.reorder ?? null;
  useFillCart(result);
  return (
    <section aria-labelledby="pedido-titulo">
      <p>
        <Link to="/cuenta" className="text-sm font-semibold text-moss underline">
          ← Mis pedidos
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 id="pedido-titulo" className="font-serif text-3xl text-ink sm:text-4xl">
            Pedido {order.number}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-ink/80">
            <span
              className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_BADGES[order.status]}`}
              data-testid="order-status"
            >
              {order.statusLabel}
            </span>
            <span>Hecho el {longDate(order.createdAt)}</span>
          </p>
          <p className="mt-2 text-ink/85">{ORDER_STATUS_TEXT[order.status]}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="repeat" />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-moss px-6 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:cursor-wait disabled:opacity-80"
          >
            Repetir compra
          </button>
        </Form>
      </div>
      {result ? <ReorderAnswer result={result} /> : null}
      <OrderTimeline steps={timeline} />
      <ShipmentTimeline shipment={shipment} />
      <OrderPaymentDue order={order} bank={bank} contact={contact} />
      <OrderDetails order={order} />
      <OrderVouchers {...invoicing} />
      <OrderWithdrawalNote order={order} />
    </section>
  );
}

/**
 * Once the action answers with books to add (in the browser): the cart takes them and the reader goes to
 * /carrito, which tells what was left out. Each answer is used once.
 */
function useFillCart(result: Reorder | null) {
  const navigate = useNavigate();
  const { state } = useNavigation();
  const used = useRef<Reorder | null>(null);
  useEffect(() => {
    // The answer shows while the page's loaders revalidate after the action; leaving then would abort
    // those requests (React Router reports each as an uncaught AbortError), so the move waits for them.
    if (state !== "idle") return;
    if (!result || result.lines.length === 0 || used.current === result) return;
    used.current = result;
    const store = cartStore();
    store.loadCart(mergeReorder(store.getState().items, result.lines));
    navigate("/carrito", { state: { reorder: reorderNotice(result) } });
  }, [result, navigate, state]);
}

/**
 * What the page says after "Repetir compra" when the browser cannot go on to the cart: none of the books
 * can be bought now (with or without JavaScript), or JavaScript is off (the cart needs it).
 */
function ReorderAnswer({ result }: { result: Reorder }) {
  const { problems } = reorderNotice(result);
  if (result.lines.length === 0) {
    return (
      <div className="mt-6 rounded-lg bg-white p-5 ring-1 ring-terracotta-dark/30" role="alert">
        <p className="font-semibold text-terracotta-dark">
          Ninguno de los libros de este pedido se puede comprar ahora:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink/85">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <noscript>
      <p className="mt-6 rounded-lg bg-white p-5 text-terracotta-dark ring-1 ring-terracotta-dark/30" role="alert">
        Tu carrito se guarda en este navegador y necesita JavaScript. Activalo y volvé a tocar «Repetir compra»: te
        llevamos al carrito con los libros de este pedido.
      </p>
    </noscript>
  );
}
