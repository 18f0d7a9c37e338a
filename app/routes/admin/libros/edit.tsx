import { data, Form, Link, redirect } from "react-router";
import { BackToBooks, BookEditor } from "~/components/admin/book-editor";
import { WaitingAlerts } from "~/components/admin/waiting-alerts";
import { deleteBook, getAdminBook } from "~/domain/catalog/admin-books.server";
import { listGenres } from "~/domain/catalog/categories.server";
import { NotFound } from "~/domain/errors";
import { getSection } from "~/domain/settings/settings.server";
import { waitingAlertCounts } from "~/domain/stock-alerts/counts.server";
import { requireAdmin } from "~/lib/admin.server";
import { bookValues, formValues, saveBookForm } from "~/lib/book-form.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/edit";

/** 0 names no book: the domain answers it as a book that is gone (404 here, a form error on save). */
const bookId = (raw: string) => parseId(raw) ?? 0;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  try {
    const book = await getAdminBook(context.db, bookId(params.id));
    const genres = (await listGenres(context.db)).map((genre) => genre.name);
    const confirmDelete = new URL(request.url).searchParams.has("eliminar");
    const { categories: taxCategories } = await getSection(context.db, "taxes");
    const waiting = (await waitingAlertCounts(context.db, [book.id])).get(book.id) ?? null;
    return {
      book: { id: book.id, title: book.title, values: bookValues(book) },
      genres,
      taxCategories,
      confirmDelete,
      waiting,
    };
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const id = bookId(params.id);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    try {
      const { unpublished } = await deleteBook(context.db, admin, id);
      return redirect(`/admin/libros?aviso=${unpublished ? "despublicado" : "eliminado"}`, 303);
    } catch (error) {
      if (error instanceof NotFound) return redirect("/admin/libros?aviso=no-eliminado", 303);
      throw error;
    }
  }
  return formAction(formValues(form), async () => {
    await saveBookForm(requestContext(context), admin, form, id);
    return redirect(`/admin/libros?aviso=actualizado&libro=${id}`, 303);
  });
}

export default function EditBook({ loaderData, actionData }: Route.ComponentProps) {
  const { book, genres, taxCategories, confirmDelete, waiting } = loaderData;
  return (
    <div className="space-y-6">
      <BackToBooks />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">{book.title}</h1>
        {/* A full page load: the storefront page brings its own styles (docs/decisions/0053-bytes.md). */}
        <Link to={`/libro/${book.id}`} reloadDocument className="text-sm text-moss underline">
          Ver en la tienda
        </Link>
      </div>
      <WaitingAlerts waiting={waiting} />
      <BookEditor
        failure={actionData}
        failureTitle="No se pudo actualizar el libro"
        values={book.values}
        genres={genres}
        taxCategories={taxCategories}
        submitLabel="Guardar cambios"
      />
      <section aria-labelledby="delete-title" className="rounded-xl border border-terracotta/30 bg-white p-5">
        <h2 id="delete-title" className="font-serif text-xl">
          Eliminar el libro
        </h2>
        {confirmDelete ? (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm">¿Seguro que querés eliminar «{book.title}»? No se puede deshacer.</p>
            <button
              type="submit"
              name="intent"
              value="delete"
              className="rounded-full bg-terracotta px-4 py-2 text-sm font-semibold text-white"
            >
              Sí, eliminar
            </button>
            <Link to={`/admin/libros/${book.id}`} className="text-sm underline">
              Cancelar
            </Link>
          </Form>
        ) : (
          <p className="mt-3 text-sm">
            Si el libro solo no está a la venta, mejor destildá «Publicado en la tienda».{" "}
            <Link to="?eliminar" className="font-semibold text-terracotta underline">
              Eliminar
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
