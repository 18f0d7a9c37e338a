import { Info } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { BookCover } from "~/components/book/book-cover";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { carouselState, renumberCarousel, setFeatured } from "~/domain/carousel/carousel.server";
import { CAROUSEL_FULL, MAX_CAROUSEL_BOOKS } from "~/domain/carousel/limits";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { Invalid } from "~/domain/errors";
import { requireAdmin } from "~/lib/admin.server";
import { formFailure } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatPrice, fromPesos } from "~/lib/money";
import { loadSection } from "~/lib/page-parts.server";
import { parseId } from "~/lib/params";
import type { Route } from "./+types/carousel";

/** Results of a change, carried in the URL after the redirect so a reload does not repeat it. */
const notices: Record<string, NoticeData> = {
  actualizado: { tone: "success", title: "Actualizado", message: "El carrusel ya muestra el cambio." },
  orden: { tone: "success", title: "Orden actualizado" },
  reordenado: {
    tone: "success",
    title: "Orden actualizado",
    message: "Los libros quedaron numerados del 1 en adelante.",
  },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const search = normaliseSearch(url.searchParams.get("buscar"));
  const state = await loadSection(context, "carousel books", () => carouselState(context.db, search));
  return { state, search, max: MAX_CAROUSEL_BOOKS, notice: notices[url.searchParams.get("aviso") ?? ""] ?? null };
}

const failures: Record<string, string> = {
  add: "No se pudo actualizar el libro",
  remove: "No se pudo actualizar el libro",
  order: "No se pudo actualizar el orden",
  reorder: "No se pudo reordenar los libros",
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  // 0 names no book: setFeatured answers it as "Producto no encontrado".
  const id = parseId(form.get("id")) ?? 0;
  const back = (aviso: string) => {
    const url = new URL(request.url);
    url.searchParams.set("aviso", aviso);
    return redirect(`${url.pathname}${url.search}`, 303);
  };
  try {
    if (intent === "add") await setFeatured(context.db, admin, id, { featured: true });
    else if (intent === "remove") await setFeatured(context.db, admin, id, { featured: false });
    else if (intent === "order") {
      // The spec: the order input is a number, min 0; anything non-numeric counts as 0.
      const order = Math.max(0, Math.trunc(Number(form.get("featuredOrder")) || 0));
      await setFeatured(context.db, admin, id, { featured: true, featuredOrder: Math.min(order, 1000) });
      return back("orden");
    } else if (intent === "reorder") {
      await renumberCarousel(context.db, admin);
      return back("reordenado");
    } else throw new Invalid("Acción desconocida");
    return back("actualizado");
  } catch (error) {
    return formFailure(
      error,
      {},
      { title: (Object.hasOwn(failures, intent) ? failures[intent] : undefined) ?? "Error" },
    );
  }
}

export default function AdminCarousel({ loaderData, actionData }: Route.ComponentProps) {
  const { state, search, max } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl">Carrusel</h1>
        <p className="mt-1 text-ink/75">Los libros destacados del inicio, en el orden en que aparecen.</p>
      </div>
      <Notice notice={failureNotice(actionData, actionData?.title ?? "") ?? loaderData.notice} />
      {state ? (
        <CarouselEditor {...state} search={search} max={max} />
      ) : (
        // The books could not be read: nothing to edit, and no form that would act on a stale picture.
        <Notice notice={{ tone: "error", title: "Error", message: "No se pudieron cargar los libros" }} />
      )}
    </div>
  );
}

function CarouselEditor({
  featured,
  candidates,
  search,
  max,
}: NonNullable<Route.ComponentProps["loaderData"]["state"]> & { search: string; max: number }) {
  const full = featured.length >= max;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <p className="flex gap-3 rounded-lg border border-ochre/40 bg-ochre/10 p-4 text-sm">
        <Info aria-hidden="true" className="size-5 shrink-0 text-ink/75" />
        Recomendamos entre 3 y 4 libros: así cada tapa tiene su momento. El máximo es {max}.
      </p>

      <section aria-labelledby="featured-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="featured-title" className="font-serif text-2xl">
            En el carrusel ({featured.length} de {max})
          </h2>
          {featured.length > 1 ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="reorder"
                disabled={busy}
                className="rounded-full border border-moss px-4 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
              >
                Reordenar
              </button>
            </Form>
          ) : null}
        </div>
        {featured.length === 0 ? (
          <p className="mt-4 rounded-lg bg-white p-6 text-ink/75">
            No hay libros destacados: el inicio muestra los 2 más nuevos con tapa.
          </p>
        ) : (
          <ol className="mt-4 space-y-3">
            {featured.map((book) => (
              <li
                key={book.id}
                className="flex flex-wrap items-center gap-4 rounded-lg border border-ink/10 bg-white p-3"
              >
                <BookCover src={book.coverUrl} title={book.title} author={book.author} className="w-12 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="font-serif text-lg leading-tight">{book.title}</p>
                  <p className="text-sm text-ink/75">{book.author}</p>
                  {!book.available || !book.coverUrl ? (
                    <p className="mt-1 text-xs font-semibold text-terracotta">
                      No se muestra: el libro no está disponible o no tiene tapa.
                    </p>
                  ) : null}
                </div>
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="id" value={book.id} />
                  <label className="text-xs font-semibold text-ink/75">
                    Orden
                    <input
                      type="number"
                      name="featuredOrder"
                      min={0}
                      defaultValue={book.featuredOrder}
                      className="mt-0.5 block w-20 rounded-md border border-ink/25 px-2 py-1 text-base text-ink"
                    />
                  </label>
                  <button
                    type="submit"
                    name="intent"
                    value="order"
                    disabled={busy}
                    className="rounded-md bg-moss px-3 py-1.5 text-sm font-semibold text-white hover:bg-moss-dark"
                  >
                    Guardar
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    disabled={busy}
                    className="rounded-md border border-terracotta px-3 py-1.5 text-sm font-semibold text-terracotta hover:bg-terracotta hover:text-white"
                  >
                    Quitar
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="candidates-title">
        <h2 id="candidates-title" className="font-serif text-2xl">
          Libros disponibles
        </h2>
        <Form method="get" role="search" aria-label="Buscar libros disponibles" className="mt-3 flex max-w-md gap-2">
          <label htmlFor="buscar" className="sr-only">
            Buscar por título o autor
          </label>
          <input
            id="buscar"
            name="buscar"
            type="search"
            defaultValue={search}
            placeholder="Buscar por título o autor"
            className="min-w-0 flex-1 rounded-md border border-ink/25 bg-white px-3 py-2"
          />
          <button type="submit" className="rounded-md bg-moss px-4 font-semibold text-white hover:bg-moss-dark">
            Buscar
          </button>
          {search ? (
            <Link to="/admin/carousel" className="self-center text-sm text-moss underline">
              Limpiar
            </Link>
          ) : null}
        </Form>
        {full ? (
          <p className="mt-3 text-sm font-semibold text-terracotta" id="carousel-full">
            {CAROUSEL_FULL}: sacá uno para agregar otro.
          </p>
        ) : null}
        {candidates.length === 0 ? (
          <p className="mt-4 rounded-lg bg-white p-6 text-ink/75">
            {search
              ? `No hay libros disponibles que coincidan con “${search}”.`
              : "No hay libros disponibles para agregar."}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {candidates.map((book) => (
              <li key={book.id} className="flex items-center gap-3 rounded-lg border border-ink/10 bg-white p-3">
                <BookCover src={book.coverUrl} title={book.title} author={book.author} className="w-10 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{book.title}</p>
                  <p className="truncate text-sm text-ink/75">{book.author}</p>
                  <p className="text-xs text-ink/75">
                    Stock: {book.stock} · {formatPrice(fromPesos(book.price))}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={book.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="add"
                    disabled={full || busy}
                    title={full ? CAROUSEL_FULL : undefined}
                    aria-describedby={full ? "carousel-full" : undefined}
                    className="rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    Agregar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
