import { Link, Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/lib/admin.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  return { email: requireAdmin(request, context).email };
}

export const meta = () => seoMeta({ title: "Panel de administración", noIndex: true });

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="bg-moss text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/admin" className="font-serif text-xl font-bold tracking-[0.2em]">
            RIZOMA <span className="font-sans text-sm font-normal tracking-normal text-white/80">· Panel</span>
          </Link>
          <p className="ml-auto truncate text-sm text-white/85">{loaderData.email}</p>
          {/* A plain form: signing out works without JavaScript. */}
          <form method="post" action="/api/auth/logout">
            <button type="submit" className="rounded-full border border-white/50 px-3 py-1 text-sm hover:bg-white/10">
              Cerrar sesión
            </button>
          </form>
        </div>
      </header>
      <AdminNav />
      <main id="contenido" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
