import { Link } from "react-router";

/** The two ways on from a page that could not be shown: home and the shop. */
export function ShopWayOut() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link
        to="/"
        className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss hover:text-white"
      >
        Volver al inicio
      </Link>
      <Link to="/tienda" className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
        Ir a la tienda
      </Link>
    </div>
  );
}
