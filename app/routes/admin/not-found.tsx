import { data, Link } from "react-router";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/not-found";

/** Unknown admin URLs answer 404 inside the admin shell (after the session check). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  return (
    <div className="py-10 text-center">
      <h1 className="font-serif text-3xl">404 — Página no encontrada</h1>
      <p className="mt-3 text-ink/75">Esta sección del panel no existe o todavía no está disponible.</p>
      <Link to="/admin" className="mt-6 inline-block rounded-full bg-moss px-5 py-2 font-semibold text-white">
        Volver al Panel Principal
      </Link>
    </div>
  );
}

export default function AdminNotFound() {
  return null;
}
