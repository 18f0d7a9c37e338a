import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The one error-boundary body: a heading, the Spanish message and the ways on. No stack trace ever (the
 * server logs it). `RouteError` is the shop's (a page of its own inside the shop frame); `AdminRouteError`
 * sits inside the admin shell, whose navigation stays.
 */
export function RouteError({ title, message, children }: { title: string; message: ReactNode; children: ReactNode }) {
  return (
    <main id="contenido" className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-4 text-ink/75">{message}</p>
      {children}
    </main>
  );
}

const filled = "rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark";
const outlined = "rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss hover:text-white";

/**
 * An admin page that could not be shown. `retry` is a full load, not a client navigation, so it asks the
 * server again for everything; `home` adds the way back to the panel's start.
 */
export function AdminRouteError({
  title,
  message,
  retry,
  home = false,
}: {
  title: string;
  message: string;
  retry?: { href: string; label: string };
  home?: boolean;
}) {
  return (
    <div className="py-10 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p role="alert" className="mt-3 text-ink/75">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {retry ? (
          <a href={retry.href} className={home ? outlined : filled}>
            {retry.label}
          </a>
        ) : null}
        {home ? (
          <Link to="/admin" className={filled}>
            Volver al Panel Principal
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The admin's 404: the section does not exist (or the thing it shows, e.g. a book, is gone). */
export function AdminNotFoundMessage() {
  return (
    <AdminRouteError
      title="404 — Página no encontrada"
      message="Esta sección del panel no existe o todavía no está disponible."
      home
    />
  );
}
