import type { BuyerVouchers } from "~/domain/invoices/buyer.server";
import { longDate } from "~/lib/dates";

/**
 * The order page's "Factura" section (docs/decisions/0029): what the buyer asked the invoice to say, each
 * issued voucher with its download, and a word while one is on its way. Nothing at all when there is
 * nothing to say (an unpaid order of a final consumer).
 */
export function OrderVouchers({ request, vouchers, issuing }: BuyerVouchers) {
  if (!request && vouchers.length === 0 && !issuing) return null;
  return (
    <section
      className="mt-6 space-y-3 rounded-lg bg-white p-6"
      aria-labelledby="pedido-factura"
      data-testid="order-vouchers"
    >
      <h2 id="pedido-factura" className="font-serif text-xl">
        Factura
      </h2>
      {request ? (
        <p className="text-sm text-ink/85" data-testid="order-invoice-request">
          <span className="font-semibold">{request.label}:</span> {request.text}
        </p>
      ) : null}
      {vouchers.length > 0 ? (
        <ul className="divide-y divide-ink/10">
          {vouchers.map((voucher) => (
            <li key={voucher.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span>
                <span className="font-semibold">{voucher.title}</span>
                {voucher.issuedOn ? <span className="text-sm text-ink/75"> · {longDate(voucher.issuedOn)}</span> : null}
                {voucher.test ? (
                  <span className="ml-2 text-xs font-semibold text-terracotta-dark">
                    COMPROBANTE DE PRUEBA — sin validez fiscal
                  </span>
                ) : null}
              </span>
              <a href={voucher.url} className="text-sm font-semibold text-moss underline" download>
                Descargar PDF<span className="sr-only"> de la {voucher.title}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {issuing ? (
        <p className="text-sm text-ink/85" role="status">
          {issuing}
        </p>
      ) : null}
    </section>
  );
}
