import { Link } from "react-router";
import { WarningPanel } from "../warning-panel";

/**
 * While a required field of the seller's identity is empty (razón social, CUIT, condición frente al IVA,
 * domicilio legal), the shop is not showing what Res. 270/2020 asks for: the dashboard says so first.
 */
export function FiscalWarning({ missing }: { missing: string[] }) {
  if (missing.length === 0) return null;
  return (
    <WarningPanel id="fiscal-warning-title" title="Te faltan datos fiscales obligatorios" className="mt-6">
      <p className="mt-0.5 text-ink">
        Falta{missing.length === 1 ? "" : "n"}: {missing.join(", ")}. La tienda los muestra en el pie de cada página,
        como pide la ley.{" "}
        <Link to="/admin/ajustes#fiscal" className="font-semibold underline hover:text-moss">
          Completar los datos fiscales
        </Link>
      </p>
    </WarningPanel>
  );
}
