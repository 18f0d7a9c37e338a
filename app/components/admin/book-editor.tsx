import { Link } from "react-router";
import { Notice } from "~/components/ui/notice";
import type { TaxCategory } from "~/domain/taxes/fiscal";
import type { FormFailure } from "~/lib/form-failure";
import { BookForm, type BookFormValues } from "./book-form";

/**
 * The book form of "Nuevo libro" and of a book's page, with the refusal above it: the fields at fault
 * carry their own messages, so the notice only asks to look at them; a refusal no field explains (a book
 * deleted meanwhile) is told in the notice itself.
 */
export function BookEditor({
  failure,
  failureTitle,
  values,
  genres,
  taxCategories,
  submitLabel,
}: {
  failure: FormFailure<BookFormValues> | undefined;
  failureTitle: string;
  values: BookFormValues;
  genres: string[];
  taxCategories: readonly TaxCategory[];
  submitLabel: string;
}) {
  const placed = failure ? Object.keys(failure.fields).length > 0 : false;
  return (
    <>
      {failure ? (
        <Notice
          notice={{
            tone: "error",
            title: failureTitle,
            message: placed ? "Revisá los campos marcados." : failure.message,
          }}
        />
      ) : null}
      <BookForm
        values={failure?.values ?? values}
        errors={failure?.fields}
        genres={genres}
        taxCategories={taxCategories}
        submitLabel={submitLabel}
      />
    </>
  );
}

/** The way back to the catalogue, above both book pages. */
export function BackToBooks() {
  return (
    <p className="text-sm">
      <Link to="/admin/libros" className="text-moss underline">
        ← Libros
      </Link>
    </p>
  );
}
