import { type OrderContext, orderSigner } from "~/domain/orders/shared.server";

/** The buyer-link signer of orders (`orderSigner`), made once and reused for many links. */
export type OrderLinkSigner = Awaited<ReturnType<typeof orderSigner>>;
type SignerSource = Pick<OrderContext, "db" | "configuredSecret" | "siteUrl">;

const isSigner = (source: SignerSource | OrderLinkSigner): source is OrderLinkSigner =>
  typeof (source as OrderLinkSigner).token === "function";

/**
 * The buyer's download link of one voucher of an order: `/pedido/{number}/factura/{invoiceId}?token=`, signed
 * with the order page's own token (docs/decisions/0029): whoever holds the order's link may download its
 * vouchers, and nobody else. Box-charge vouchers have no order page and no link (mail attachment only).
 * Pass a signer made before a transaction when calling inside one (orderSigner reads its key from the
 * database; on PGlite that read would wait for the open transaction).
 */
export async function invoiceDownloadUrl(
  source: SignerSource | OrderLinkSigner,
  orderNumber: string,
  invoiceId: number,
): Promise<string> {
  const signer = isSigner(source) ? source : await orderSigner(source);
  const url = new URL(signer.url(orderNumber));
  url.pathname = `${url.pathname.replace(/\/$/, "")}/factura/${invoiceId}`;
  return url.toString();
}
