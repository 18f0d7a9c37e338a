import { Link } from "react-router";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/eliminada";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ title: "Cuenta eliminada", noIndex: true, matches });

/** Where "Eliminar mi cuenta" lands, signed out (docs/decisions/0030-account-deletion.md). */
export default function AccountDeleted() {
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">
          <h1 className="font-serif text-3xl text-ink">Eliminamos tu cuenta</h1>
          <p className="mt-3 text-ink/80" role="status">
            Borramos tus datos y cerramos todas tus sesiones. Tus pedidos y facturas quedan guardados sin tu nombre ni
            tu email, como nos pide la ley.
          </p>
          <p className="mt-3 text-ink/80">Gracias por haber leído con nosotros. Si algún día volvés, acá estamos.</p>
          <Link
            to="/"
            className="mt-6 inline-flex rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark"
          >
            Ir al inicio
          </Link>
        </div>
      </div>
    </main>
  );
}
