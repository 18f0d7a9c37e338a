import { data, Link, redirect } from "react-router";
import { BookForm } from "~/components/admin/book-form";
import { Notice } from "~/components/ui/notice";
import { listGenres } from "~/domain/catalog/categories.server";
import { requireAdmin } from "~/lib/admin.server";
import { NEW_BOOK_VALUES, saveBookForm } from "~/lib/book-form.server";
import { readForm } from "~/lib/http.server";
import type { Route } from "./+types/new";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { genres: (await listGenres(context.db)).map((genre) => genre.name), values: NEW_BOOK_VALUES };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const result = await saveBookForm(context.db, admin, await readForm(request));
  if (result.ok) return redirect(`/admin/libros?aviso=creado&libro=${result.book.id}`, 303);
  return data(result, 400);
}

export default function NewBook({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/admin/libros" className="text-moss underline">
          ← Libros
        </Link>
      </p>
      <h1 className="font-serif text-3xl">Nuevo libro</h1>
      {actionData ? (
        <Notice
          notice={{
            tone: "error",
            title: "No se pudo crear el libro",
            message: actionData.errors.form ?? "Revisá los campos marcados.",
          }}
        />
      ) : null}
      <BookForm
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        genres={loaderData.genres}
        submitLabel="Crear libro"
      />
    </div>
  );
}
