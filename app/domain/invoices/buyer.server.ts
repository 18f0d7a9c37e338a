import { eq } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { type Order, type OrderContext, orderSigner } from "~/domain/orders/shared.server";
import { getSettings } from "~/domain/settings/settings.server";
import { orders } from "~db/schema";
import { voucherLabel, voucherNumberText } from "./codes";
import { type InvoiceRow, invoicePdf, vouchersOfOrder, vouchersOfSale } from "./document.server";
import { invoiceDownloadUrl } from "./links.server";
import { type InvoiceRequest, invoiceRequest } from "./request";

/*
 * The buyer's side of an order's vouchers (docs/decisions/0029): listed on the order page reached by its
 * signed link, and downloaded with that same signature. Every refusal (a wrong token, another order's
 * voucher, one not issued yet, a malformed id) is the same 404, so nothing can be probed.
 */

type BuyerContext = Pick<OrderContext, "db" | "configuredSecret" | "siteUrl">;

export const VOUCHER_NOT_FOUND = "No encontramos esa factura";

/** One issued voucher as the buyer's order page lists it. */
export interface BuyerVoucher {
  id: number;
  kind: "invoice" | "credit_note";
  /** "Factura B 00001-00000012". */
  title: string;
  /** The voucher's day, yyyy-mm-dd. */
  issuedOn: string | null;
  /** Authorised by the demo's sandbox or ARCA's homologación: it has no fiscal validity. */
  test: boolean;
  url: string;
}

export interface BuyerVouchers {
  /** What the buyer asked the invoice to say at checkout, if anything. */
  request: InvoiceRequest | null;
  vouchers: BuyerVoucher[];
  /** A voucher still on its way: "Estamos emitiendo tu factura; te la mandamos por email". */
  issuing: string | null;
}

const ORDER_NUMBER = /^RZ-\d{6,}$/;

/** The order behind a buyer's link, or the 404 every refusal shares. */
async function signedOrder(ctx: BuyerContext, number: string, token: string | null) {
  const normalised = number.toUpperCase();
  if (!ORDER_NUMBER.test(normalised) || !(await orderSigner(ctx)).valid(normalised, token)) {
    throw new NotFound(VOUCHER_NOT_FOUND);
  }
  const [order] = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      buyerCuit: orders.buyerCuit,
      buyerLegalName: orders.buyerLegalName,
      buyerTaxCondition: orders.buyerTaxCondition,
    })
    .from(orders)
    .where(eq(orders.number, normalised));
  if (!order) throw new NotFound(VOUCHER_NOT_FOUND);
  return order;
}

/**
 * The order page's invoice section for an order whose reader has shown it is theirs (its signed link, or
 * Mi cuenta): the requested data, the issued vouchers with their signed download links, what is on its way.
 */
export async function orderVouchers(
  ctx: BuyerContext,
  order: Pick<Order, "id" | "number" | "buyerCuit" | "buyerLegalName" | "buyerTaxCondition">,
): Promise<BuyerVouchers> {
  const [rows, settings, signer] = await Promise.all([
    vouchersOfOrder(ctx.db, order.id),
    getSettings(ctx.db),
    orderSigner(ctx),
  ]);
  const listed = buyerList(rows, (id) => invoiceDownloadUrl(signer, order.number, id));
  return { request: invoiceRequest(order, settings.fiscal.taxCondition), ...(await listed) };
}

/** The issued vouchers with their download links, and a word for what is still on its way. */
async function buyerList(
  rows: InvoiceRow[],
  urlOf: (id: number) => string | Promise<string>,
): Promise<Pick<BuyerVouchers, "vouchers" | "issuing">> {
  const vouchers = await Promise.all(
    rows
      .filter((row) => row.status === "issued")
      .map(
        async (row): Promise<BuyerVoucher> => ({
          id: row.id,
          kind: row.kind,
          title: `${voucherLabel(row.voucherType)} ${voucherNumberText(row.pointOfSale, row.number)}`,
          issuedOn: row.issuedOn,
          test: row.environment !== "produccion",
          url: await urlOf(row.id),
        }),
      ),
  );
  // A failed row is on its way too, from the buyer's side: the shop retries it from /admin/facturas.
  const waiting = rows.filter((row) => row.status === "pending" || row.status === "issuing" || row.status === "failed");
  const issuing = waiting.some((row) => row.kind === "invoice")
    ? "Estamos emitiendo tu factura; te la mandamos por email."
    : waiting.length > 0
      ? "Estamos emitiendo la nota de crédito; te la mandamos por email."
      : null;
  return { vouchers, issuing };
}

/**
 * A counter or fair sale's vouchers for its receipt page (`/recibo/{number}?token=`): each issued one with
 * a download link signed like the page. Without an e-mail the buyer is not written to: the page says so.
 */
export async function saleVouchers(
  ctx: BuyerContext,
  sale: { id: number; number: string; customerEmail: string | null },
  signer: { token: (number: string) => string },
): Promise<BuyerVouchers> {
  const rows = await vouchersOfSale(ctx.db, sale.id);
  const listed = await buyerList(
    rows,
    (id) => `${ctx.siteUrl}/recibo/${encodeURIComponent(sale.number)}/factura/${id}?token=${signer.token(sale.number)}`,
  );
  const issuing =
    listed.issuing && !sale.customerEmail
      ? "Estamos emitiendo la factura: aparece en esta página apenas ARCA la autoriza."
      : listed.issuing;
  return { request: null, vouchers: listed.vouchers, issuing };
}

/** The PDF of one issued voucher of a sale, for whoever holds its receipt link; every refusal the same 404. */
export async function saleVoucherPdf(ctx: BuyerContext, saleId: number, invoiceIdText: string) {
  if (!/^\d{1,9}$/.test(invoiceIdText)) throw new NotFound(VOUCHER_NOT_FOUND);
  const invoiceId = Number(invoiceIdText);
  const voucher = (await vouchersOfSale(ctx.db, saleId)).find((row) => row.id === invoiceId);
  if (voucher?.status !== "issued") throw new NotFound(VOUCHER_NOT_FOUND);
  return invoicePdf(ctx.db, voucher.id);
}

/**
 * The PDF of one issued voucher of the order the token signs, or a 404: the voucher must be the order's
 * invoice or a credit note of it, and issued.
 */
export async function buyerVoucherPdf(
  ctx: BuyerContext,
  number: string,
  invoiceIdText: string,
  token: string | null,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await signedOrder(ctx, number, token);
  if (!/^\d{1,9}$/.test(invoiceIdText)) throw new NotFound(VOUCHER_NOT_FOUND);
  const invoiceId = Number(invoiceIdText);
  const rows = await vouchersOfOrder(ctx.db, order.id);
  const voucher = rows.find((row) => row.id === invoiceId);
  if (voucher?.status !== "issued") throw new NotFound(VOUCHER_NOT_FOUND);
  return invoicePdf(ctx.db, voucher.id);
}
