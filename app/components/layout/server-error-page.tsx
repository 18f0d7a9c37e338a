import { RouteError } from "./route-error";
import { ShopWayOut } from "./shop-way-out";

/** Shown for unexpected errors: no stack trace, a Spanish apology and a way forward. */
export function ServerErrorPage() {
  return (
    <RouteError
      title="Algo salió mal"
      message="Tuvimos un problema para mostrar esta página. Probá de nuevo en unos minutos o volvé a la tienda."
    >
      <ShopWayOut />
    </RouteError>
  );
}
