import { ShopWayOut } from "./shop-way-out";

/** Shown for unexpected errors: no stack trace, a Spanish apology and a way forward. */
export function ServerErrorPage() {
  return (
    <main id="contenido" className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">Algo salió mal</h1>
      <p className="mt-4 text-ink/75">
        Tuvimos un problema para mostrar esta página. Probá de nuevo en unos minutos o volvé a la tienda.
      </p>
      <ShopWayOut />
    </main>
  );
}
