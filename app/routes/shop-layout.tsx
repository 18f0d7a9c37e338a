import { isRouteErrorResponse, Outlet } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { ServerErrorPage } from "~/components/layout/server-error-page";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { Route } from "./+types/shop-layout";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      {children}
      <SiteFooter />
    </>
  );
}

export default function ShopLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** Errors in any shop page keep the header and footer, so the visitor can always move on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <Frame>{notFound ? <NotFoundPage /> : <ServerErrorPage />}</Frame>;
}
