import { Link } from "react-router";

/**
 * While a required field of the seller's identity is empty (razón social, CUIT, condición frente al IVA,
 * domicilio legal), the shop is not showing what Res. 270/2020 asks for: the dashboard says so first.
 */
export function FiscalWarning({ missing }: { missing: string[] }) {
  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="fiscal-warning-title"
      className="mt-6 rounded-lg border border-terracotta/40 border-l-4 border-l-terracotta bg-terracotta/10 px-4 py-3 text-sm"
    >
      <h2 id="fiscal-warning-title" className="font-semibold text-ink">
        Te faltan datos fiscales obligatorios
      </h2>
      <p className="mt-0.5 text-ink">
        Falta{missing.length === 1 ? "" : "n"}: {missing.join(", ")}. La tienda los muestra en el pie de cada página,
        como pide la ley.{" "}
        <Link to="/admin/ajustes#fiscal" className="font-semibold underline hover:text-moss">
          Completar los datos fiscales
        </Link>
      </p>
    </section>
  );
}
