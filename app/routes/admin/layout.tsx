import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { AdminNotFoundMessage, AdminRouteError } from "~/components/layout/route-error";
import { requireAdmin } from "~/lib/admin.server";
import { seoMeta } from "~/lib/seo";
import { adminStylesheet } from "~/styles/stylesheets";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return { email: admin.email, role: admin.role };
}

export const meta = () => seoMeta({ title: "Panel de administración", noIndex: true });

/** The admin's own stylesheet, render-blocking in the <head> (app/styles/admin.css). */
export const links: Route.LinksFunction = () => [adminStylesheet];

function Shell({ children }: { children: React.ReactNode }) {
  // In the error boundary too: a page's error still has this layout's data (none if this loader failed).
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const email = layout?.email;
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="bg-moss text-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/admin" className="font-serif text-xl font-bold tracking-[0.2em]">
            RIZOMA <span className="font-sans text-sm font-normal tracking-normal text-white/80">· Panel</span>
          </Link>
          {email ? <p className="ml-auto truncate text-sm text-white/85">{email}</p> : null}
          {/* A plain form: signing out works without JavaScript. */}
          <form method="post" action="/api/auth/logout" className={email ? undefined : "ml-auto"}>
            <button type="submit" className="rounded-full border border-white/50 px-3 py-1 text-sm hover:bg-white/10">
              Cerrar sesión
            </button>
          </form>
        </div>
      </header>
      {/* Without this layout's data (its loader failed), only what every role may open. */}
      <AdminNav role={layout?.role ?? "staff"} />
      <main id="contenido" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * An unexpected error in any admin page: the shell and its navigation stay, so the admin can retry or
 * go elsewhere; no stack trace (the server logs it).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      {notFound ? (
        <AdminNotFoundMessage />
      ) : (
        <AdminRouteError
          title="Algo salió mal"
          message="Tuvimos un problema para mostrar esta sección del panel. Probá de nuevo en unos minutos."
          retry={{ href: `${pathname}${search}`, label: "Volver a intentar" }}
          home
        />
      )}
    </Shell>
  );
}
