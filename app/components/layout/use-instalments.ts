import { useRouteLoaderData } from "react-router";

/**
 * Whether Mercado Pago takes payments now (instalmentsOffered, from the shop layout's loader): only then
 * does a storefront text advertise it or its "Hasta 3 cuotas sin interés — CFTEA 0,00%" (decision 0052).
 * False when unknown (the layout's loader failed): the shop then promises nothing it may not give.
 */
export function useInstalmentsOffered(): boolean {
  const layout = useRouteLoaderData("routes/shop-layout") as { instalments?: unknown } | undefined;
  return layout?.instalments === true;
}
