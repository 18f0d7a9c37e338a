import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  type AppLoadContext,
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
} from "react-router";
import { describe, expect, it } from "vitest";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";
import { mercadoPagoWithoutCredentials } from "../../tests/support/mercadopago-link";
import { routeContext } from "../../tests/support/route-context";
import { testDatabase } from "../../tests/support/test-database";
import * as home from "./home";
import * as shopLayout from "./shop-layout";

// The storefront's general "Hasta 3 cuotas sin interés — CFTEA 0,00%" (footer, the home's payment badges
// and its card slide) only while Mercado Pago takes payments (decision 0052); the checkout and the book
// page read the same answer (useInstalmentsOffered).
const database = await testDatabase();

// biome-ignore lint/suspicious/noExplicitAny: route modules differ in their typed props; React Router checks them.
const component = (module: { default: (props: any) => React.ReactNode }) => withComponentProps(module.default);

/** The home inside the shop layout, both real loaders run with `mercadoPago`: the HTML a visitor gets. */
async function renderHome(mercadoPago: MercadoPago): Promise<string> {
  const routes = [
    {
      id: "routes/shop-layout",
      path: "/",
      loader: shopLayout.loader,
      Component: component(shopLayout),
      children: [{ id: "routes/home", index: true, loader: home.loader, Component: component(home) }],
    },
  ] as RouteObject[];
  const handler = createStaticHandler(routes);
  const context: AppLoadContext = routeContext(database, { mercadoPago });
  const result = await handler.query(new Request("http://localhost:3000/"), { requestContext: context });
  if (result instanceof Response) throw new Error(`the home answered ${result.status}`);
  const router = createStaticRouter(handler.dataRoutes, result);
  return renderToString(createElement(StaticRouterProvider, { router, context: result, hydrate: false }));
}

const OFFER = "Hasta 3 cuotas sin interés";

describe("the general instalments offer follows Mercado Pago", () => {
  it("Mercado Pago available (the sandbox): the payment badges and the card slide carry it with its CFTEA, the footer not", async () => {
    const html = await renderHome(mercadoPagoWithoutCredentials(database.db, { nodeEnv: "development" }));
    // The payment badges and the card slide, each with the CFTEA at five times the offer's type.
    expect(html.split(OFFER)).toHaveLength(3);
    expect(html.split(/<strong class="cftea [\w-]+">CFTEA 0,00%<\/strong>/)).toHaveLength(3);
    expect(html).toContain("Pagá tranquilo, con Mercado Pago");
    expect(html).toContain(">Mercado Pago</li>");
    expect(html).toMatch(/data-testid="footer-offers"[^>]*>15(<!-- -->)?% off pagando por transferencia<\/p>/);
  });

  it("Mercado Pago unavailable (production without credentials): no instalments, no CFTEA, no Mercado Pago claim", async () => {
    const html = await renderHome(mercadoPagoWithoutCredentials(database.db));
    expect(html).not.toContain(OFFER);
    expect(html).not.toContain("CFTEA");
    expect(html).not.toContain("Pagá tranquilo, con Mercado Pago");
    expect(html).not.toContain(">Mercado Pago</li>");
    expect(html).toContain("Pago 100% seguro");
    expect(html).toMatch(/data-testid="footer-offers"[^>]*>15(<!-- -->)?% off pagando por transferencia<\/p>/);
  });
});
