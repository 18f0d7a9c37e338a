import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  type AppLoadContext,
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import * as adminLayout from "~/routes/admin/layout";

// biome-ignore lint/suspicious/noExplicitAny: route modules differ in their typed props; React Router checks them.
type AnyComponent = (props: any) => React.ReactNode;
interface RouteModule {
  loader?: (args: never) => unknown;
  default: AnyComponent;
  ErrorBoundary?: AnyComponent;
}

function route(id: string, path: string, module: RouteModule, children?: RouteObject[]): RouteObject {
  return {
    id,
    path,
    loader: module.loader as RouteObject["loader"],
    Component: withComponentProps(module.default),
    ErrorBoundary: module.ErrorBoundary ? withErrorBoundaryProps(module.ErrorBoundary) : undefined,
    children,
  } as RouteObject;
}

/**
 * Server-renders an admin page inside the admin layout, running both real loaders with `context` (say, a
 * database where one query fails), the way a full page load does: what the admin would see, as HTML.
 */
export async function renderAdminPage(
  url: string,
  page: { path: string; module: RouteModule },
  context: AppLoadContext,
): Promise<{ status: number; html: string }> {
  const routes = [
    route("routes/admin/layout", "/admin", adminLayout as unknown as RouteModule, [
      route("page", page.path, page.module),
    ]),
  ];
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(new URL(url, "http://localhost:3000")), { requestContext: context });
  if (result instanceof Response) throw new Error(`${url} answered ${result.status} without a page`);
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(createElement(StaticRouterProvider, { router, context: result, hydrate: false }));
  return { status: result.statusCode, html };
}
