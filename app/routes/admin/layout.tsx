import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/lib/admin.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  return { email: requireAdmin(request, context).email };
}

export const meta = () => seoMeta({ title: "Panel de administración", noIndex: true });

function Shell({ children }: { children: React.ReactNode }) {
  // In the error boundary too: a page's error still has this layout's data (none if this loader failed).
  const email = useRouteLoaderData<typeof loader>("routes/admin/layout")?.email;
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="bg-moss text-white">
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
      <AdminNav />
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
      <div className="py-10 text-center">
        <h1 className="font-serif text-3xl">{notFound ? "404 — Página no encontrada" : "Algo salió mal"}</h1>
        <p role="alert" className="mt-3 text-ink/75">
          {notFound
            ? "Esta sección del panel no existe o todavía no está disponible."
            : "Tuvimos un problema para mostrar esta sección del panel. Probá de nuevo en unos minutos."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {notFound ? null : (
            // A full load, not a client navigation: it asks the server again for everything.
            <a
              href={`${pathname}${search}`}
              className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss hover:text-white"
            >
              Volver a intentar
            </a>
          )}
          <Link to="/admin" className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
            Volver al Panel Principal
          </Link>
        </div>
      </div>
    </Shell>
  );
}
