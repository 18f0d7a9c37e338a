import { Link } from "react-router";

/** Shown for unexpected errors: no stack trace, a Spanish apology and a way forward. */
export function ServerErrorPage() {
  return (
    <main id="contenido" className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">Algo salió mal</h1>
      <p className="mt-4 text-ink/75">
        Tuvimos un problema para mostrar esta página. Probá de nuevo en unos minutos o volvé a la tienda.
      </p>
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
    </main>
  );
}
