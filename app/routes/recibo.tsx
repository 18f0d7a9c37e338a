import { data, Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { OrderVouchers } from "~/components/invoices/order-vouchers";
import { DomainError } from "~/domain/errors";
import { saleVouchers } from "~/domain/invoices/buyer.server";
import { PAYMENT_NAMES } from "~/domain/sales/input";
import { signedSale } from "~/domain/sales/receipt.server";
import { getSettings } from "~/domain/settings/settings.server";
import { longDateTime } from "~/lib/dates";
import { formatMoney, sumCents } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/recibo";

export const meta: Route.MetaFunction = ({ params, matches }) =>
  seoMeta({ title: `Comprobante ${params.number}`, noIndex: true, matches });

/** One buyer's receipt: never cached, never indexed. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * /recibo/{number}?token= : the receipt of a sale made at the counter or at a fair, reached from the QR the
 * seller shows or from the receipt e-mail. It lists what was bought and, once ARCA authorises it, the
 * invoice to download. A wrong token and an unknown number are the same 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    const ctx = requestContext(context);
    const { sale, items, fairName, signer } = await signedSale(
      ctx,
      params.number,
      new URL(request.url).searchParams.get("token"),
    );
    const [invoicing, settings] = await Promise.all([saleVouchers(ctx, sale, signer), getSettings(ctx.db)]);
    return {
      number: sale.number,
      status: sale.status,
      soldAt: sale.soldAt.toISOString(),
      place: fairName ?? "Mostrador de la librería",
      payment: PAYMENT_NAMES[sale.paymentMethod],
      subtotalCents: sale.subtotalCents,
      discountPercent: sale.discountPercent,
      discountCents: sale.discountCents,
      totalCents: sale.totalCents,
      netCents: sumCents(items.map((item) => item.netCents)),
      cashReceivedCents: sale.cashReceivedCents,
      changeCents: sale.changeCents,
      items: items.map((item) => ({
        id: item.id,
        title: item.title,
        quantity: item.quantity,
        lineTotalCents: item.lineTotalCents,
        netCents: item.netCents,
      })),
      seller: {
        legalName: settings.fiscal.legalName,
        cuit: settings.fiscal.cuit,
        address: settings.fiscal.legalAddress,
      },
      invoicing,
    };
  } catch (error) {
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export default function Recibo({ loaderData }: Route.ComponentProps) {
  const sale = loaderData;
  return (
    <main id="contenido" className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
      <p className="text-sm font-semibold tracking-[0.2em] text-ink/70">TU COMPRA</p>
      <h1 className="font-serif text-3xl sm:text-4xl">
        Comprobante <span className="whitespace-nowrap">{sale.number}</span>
      </h1>
      <p className="mt-2 text-ink/85">
        {sale.place} · {longDateTime(sale.soldAt)}
      </p>
      {sale.status === "pending_payment" ? (
        <p className="mt-3 rounded bg-ochre-light/60 px-3 py-2 text-sm font-semibold" role="status">
          Esperando la confirmación del pago con Mercado Pago.
        </p>
      ) : sale.status === "cancelled" ? (
        <p className="mt-3 rounded bg-terracotta/15 px-3 py-2 text-sm font-semibold" role="status">
          Esta venta fue anulada.
        </p>
      ) : null}
      <section className="mt-6 rounded-lg bg-white p-6" aria-labelledby="recibo-detalle">
        <h2 id="recibo-detalle" className="font-serif text-xl">
          Detalle
        </h2>
        <ul className="mt-3 divide-y divide-ink/10" data-testid="receipt-items">
          {sale.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-2">
              <span>
                {item.quantity} × {item.title}
              </span>
              <span className="text-right tabular-nums">
                {formatMoney(item.lineTotalCents)}
                <NetPrice as="span" netCents={item.netCents} testId={null} className="block text-xs text-ink/75" />
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-ink/10 pt-3 text-sm">
          {sale.discountCents > 0 ? (
            <>
              <Row label="Subtotal" value={formatMoney(sale.subtotalCents)} />
              <Row label={`Descuento (${sale.discountPercent}%)`} value={`− ${formatMoney(sale.discountCents)}`} />
            </>
          ) : null}
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="receipt-total">{formatMoney(sale.totalCents)}</dd>
          </div>
          <Row label="Pago" value={sale.payment} />
          {sale.cashReceivedCents !== null ? (
            <>
              <Row label="Recibido" value={formatMoney(sale.cashReceivedCents)} />
              <Row label="Vuelto" value={formatMoney(sale.changeCents ?? 0)} />
            </>
          ) : null}
        </dl>
        <NetPrice netCents={sale.netCents} testId={null} className="text-right text-xs text-ink/75" />
      </section>
      <OrderVouchers {...sale.invoicing} />
      {sale.seller.legalName ? (
        <p className="mt-6 text-sm text-ink/75">
          {sale.seller.legalName}
          {sale.seller.cuit ? ` · CUIT ${sale.seller.cuit}` : ""}
          {sale.seller.address ? ` · ${sale.seller.address}` : ""}
        </p>
      ) : null}
      <p className="mt-8">
        <Link to="/tienda" className="font-semibold text-moss underline">
          Conocé la tienda
        </Link>
      </p>
    </main>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
