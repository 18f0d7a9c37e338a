import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The frame of the shop's content pages (about, audiobooks, terms, privacy): breadcrumbs, a kicker, the
 * page's h1 and lead, then the page's sections in a readable column.
 */
export function ContentPage({
  kicker,
  title,
  lead,
  crumb,
  children,
  aside,
  className,
}: {
  kicker: string;
  title: string;
  lead?: ReactNode;
  /** The page's name in the breadcrumbs. */
  crumb: string;
  children: ReactNode;
  /** Shown under the heading (e.g. the last update of a legal page). */
  aside?: ReactNode;
  /** Extra classes for the page's <main> ("print-doc": a document that prints cleanly, see app/styles/shop.css). */
  className?: string;
}) {
  return (
    <main id="contenido" className={className ? `flex-1 ${className}` : "flex-1"}>
      <header className="bg-cream">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 sm:pt-10 sm:pb-16">
          <nav aria-label="Migas de pan" className="text-sm text-ink/75">
            <ol className="flex flex-wrap gap-2">
              <li>
                <Link to="/" className="underline-offset-4 hover:underline">
                  Inicio
                </Link>
                <span aria-hidden="true" className="ml-2">
                  /
                </span>
              </li>
              <li aria-current="page">{crumb}</li>
            </ol>
          </nav>
          <p className="mt-8 kicker text-terracotta-dark">{kicker}</p>
          <h1 className="mt-3 font-serif text-4xl leading-tight text-balance sm:text-5xl">{title}</h1>
          {lead ? <p className="mt-5 text-lg leading-relaxed text-ink/80">{lead}</p> : null}
          {aside}
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">{children}</div>
    </main>
  );
}

/** A section of a content page: serif h2 and comfortable prose. */
export function ContentSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="mt-12 first:mt-0" aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined} className="font-serif text-2xl leading-snug sm:text-3xl">
        {title}
      </h2>
      <div className="prose-rizoma mt-4 space-y-4 text-base leading-relaxed text-ink/85 sm:text-lg">{children}</div>
    </section>
  );
}
