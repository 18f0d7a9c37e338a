import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { ServerErrorPage } from "~/components/layout/server-error-page";
import { Toaster } from "~/components/ui/toast";
import { APP_CSS_ID, useAppCss } from "~/lib/app-css";
import { useNonce } from "~/lib/nonce";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const css = useAppCss();
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4d3a" />
        <Meta />
        {/* The whole stylesheet inline: no request before the first paint (app/lib/app-css.ts). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet, not user input. */}
        <style id={APP_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col antialiased">
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
