import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { ServerErrorPage } from "~/components/layout/server-error-page";
import { IconSprite } from "~/components/ui/icon-sprite";
import { Toaster } from "~/components/ui/toast";
import { CRITICAL_CSS_ID, criticalCss } from "~/lib/critical-css";
import { useNonce } from "~/lib/nonce";
import { seoMeta } from "~/lib/seo";
import { shopStylesheetHref } from "~/styles/stylesheets";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The admin's pages link their own stylesheet (their routes' `links`): none of the storefront's rules.
  const storefront = !useMatches().some((match) => match.id.startsWith("routes/admin/"));
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4d3a" />
        <Meta />
        {/* The rules this document's markup needs: it paints without waiting for a request (app/lib/critical-css.ts). */}
        {storefront ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rules of our own compiled stylesheet, not user input.
          <style id={CRITICAL_CSS_ID} dangerouslySetInnerHTML={{ __html: criticalCss }} />
        ) : null}
        {/* Fetched at once, applied where it is linked (the end of the body): it does not hold up the first paint. */}
        {storefront ? <link rel="preload" as="style" href={shopStylesheetHref} /> : null}
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col antialiased">
        {storefront ? <IconSprite /> : null}
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The whole storefront stylesheet, kept by the browser across pages: the rest of this page and the next ones. */}
        {storefront ? <link rel="stylesheet" href={shopStylesheetHref} /> : null}
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return seoMeta({ title: notFound ? "Página no encontrada" : "Algo salió mal", noIndex: true, matches });
  }
  return seoMeta({ matches });
};

export default function App() {
  return <Outlet />;
}

/** Last line of defence: errors outside the shop layout (the layout has its own boundary). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ServerErrorPage />;
}
