import { redirect } from "react-router";
import { BackToBooks, BookEditor } from "~/components/admin/book-editor";
import { listGenres } from "~/domain/catalog/categories.server";
import { getSection } from "~/domain/settings/settings.server";
import { requireAdmin } from "~/lib/admin.server";
import { formValues, NEW_BOOK_VALUES, saveBookForm } from "~/lib/book-form.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/new";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return {
    genres: (await listGenres(context.db)).map((genre) => genre.name),
    taxCategories: (await getSection(context.db, "taxes")).categories,
    values: NEW_BOOK_VALUES,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  return formAction(formValues(form), async () => {
    const book = await saveBookForm(requestContext(context), admin, form);
    return redirect(`/admin/libros?aviso=creado&libro=${book.id}`, 303);
  });
}

export default function NewBook({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <BackToBooks />
      <h1 className="font-serif text-3xl">Nuevo libro</h1>
      <BookEditor
        failure={actionData}
        failureTitle="No se pudo crear el libro"
        values={loaderData.values}
        genres={loaderData.genres}
        taxCategories={loaderData.taxCategories}
        submitLabel="Crear libro"
      />
    </div>
  );
}
