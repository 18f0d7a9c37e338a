import { useRouteLoaderData } from "react-router";

/**
 * The shop's transfer discount (bank.transferDiscountPercent in /admin/ajustes), from the shop layout's
 * loader, for every storefront text that names it. 0 when unknown (the layout's loader failed): the
 * shop then hides the offer rather than promise a percent it may not honour.
 */
export function useTransferDiscountPercent(): number {
  const layout = useRouteLoaderData("routes/shop-layout") as { transferDiscountPercent?: unknown } | undefined;
  const percent = layout?.transferDiscountPercent;
  return typeof percent === "number" ? percent : 0;
}
