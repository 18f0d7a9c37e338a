import { type FormEvent, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Search } from "~/components/ui/icons/search";
import { SectionHeading } from "./section-heading";

/** The five popular searches offered under the home's search box. */
export const POPULAR_SEARCHES = ["Roberto Arlt", "Horacio Quiroga", "Nietzsche", "Poesía", "Novela gráfica"] as const;

const shopSearch = (text: string) => `/tienda?search=${encodeURIComponent(text)}`;

/**
 * The home's search section: goes to /tienda?search= only when the trimmed text is not blank (spec §2);
 * blank text stays here with a hint. Without JavaScript it is a plain GET form to /tienda.
 */
export function HomeSearch() {
  const navigate = useNavigate();
  const [hint, setHint] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement;
    const text = input.value.replace(/\s+/g, " ").trim();
    if (!text) {
      setHint(true);
      input.focus();
      return;
    }
    navigate(shopSearch(text));
  };
  return (
    <section aria-labelledby="search-title" className="bg-paper">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading
          id="search-title"
          kicker="BUSCAR"
          title="¿Qué querés leer hoy?"
          lead="Buscá por título, autor o tema. Si no lo tenemos, lo conseguimos."
          align="center"
        />
        <Form
          action="/tienda"
          method="get"
          role="search"
          aria-label="Buscar libros en la tienda"
          onSubmit={onSubmit}
          className="mx-auto mt-8 flex max-w-xl items-stretch"
        >
          <label htmlFor="home-search" className="sr-only">
            Título, autor o tema
          </label>
          <input
            id="home-search"
            name="search"
            type="search"
            maxLength={100}
            placeholder="Título, autor o tema..."
            aria-describedby={hint ? "home-search-hint" : undefined}
            onInput={() => hint && setHint(false)}
            className="min-w-0 flex-1 rounded-l-full border border-ink/20 bg-white px-5 py-3 text-base placeholder:text-ink/60"
          />
          <button
            type="submit"
            className="flex items-center gap-2 rounded-r-full bg-moss px-5 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
          >
            <Search aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">BUSCAR</span>
            <span className="sr-only sm:hidden">Buscar</span>
          </button>
        </Form>
        {hint ? (
          <p
            id="home-search-hint"
            role="status"
            className="mt-3 text-center text-sm font-semibold text-terracotta-dark"
          >
            Escribí un título, un autor o un tema para buscar.
          </p>
        ) : null}
        <div className="mt-6 text-center">
          <p id="popular-title" className="text-sm text-ink/75">
            Búsquedas populares
          </p>
          <ul aria-labelledby="popular-title" className="mt-3 flex flex-wrap justify-center gap-2">
            {POPULAR_SEARCHES.map((text) => (
              <li key={text}>
                <Link
                  to={shopSearch(text)}
                  className="inline-block rounded-full border border-ink/20 bg-white px-4 py-2 text-sm hover:border-moss hover:text-moss"
                >
                  {text}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
