import { Link } from "react-router";
import { Notice } from "~/components/ui/notice";

/**
 * The top of /admin/ajustes: while the shop is a demo, the way to production; right after going live,
 * the confirmation of what happened.
 */
export function ShopModeSection({ demo, justWentLive }: { demo: boolean; justWentLive: boolean }) {
  if (justWentLive && !demo) {
    return (
      <Notice
        notice={{
          tone: "success",
          title: "La tienda pasó a producción",
          message: "Ya no hay pagos simulados ni aviso de demostración. El cambio quedó registrado.",
        }}
      />
    );
  }
  if (!demo) return null;
  return (
    <section
      id="produccion"
      aria-labelledby="produccion-titulo"
      className="rounded-lg border border-ochre/50 border-l-4 border-l-ochre bg-ochre-light/20 p-5"
    >
      <h2 id="produccion-titulo" className="font-serif text-xl">
        Modo demostración
      </h2>
      <p className="mt-1">
        La tienda muestra el catálogo de ejemplo y simula los pagos con Mercado Pago. Cuando estés por abrir, pasala a
        producción.
      </p>
      <Link
        to="/admin/ajustes/produccion"
        className="mt-3 inline-block rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark"
      >
        Pasar a producción
      </Link>
    </section>
  );
}
