import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { BookCover } from "~/components/book/book-cover";
import { LANGUAGES } from "~/domain/catalog/languages";
import { type TaxCategory, VAT_RATE_LABELS } from "~/domain/taxes/fiscal";
import { type FilledSources, IsbnLookup, type SourceId, SourceNote } from "./isbn-lookup";

/** Values as the form shows them (strings), from a stored book or from what the admin typed. */
export type BookFormValues = Record<string, string | boolean>;
export type FieldErrors = Partial<Record<string, string>>;

interface Props {
  values: BookFormValues;
  errors?: FieldErrors;
  genres: string[];
  /** The settings' tax table: the "Categoría fiscal" choices. */
  taxCategories: readonly TaxCategory[];
  submitLabel: string;
}

const inputClass =
  "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2 aria-[invalid=true]:border-terracotta";

function Field({
  name,
  label,
  values,
  errors,
  hint,
  type = "text",
  inputMode,
  required,
  sources,
}: {
  name: string;
  label: string;
  values: BookFormValues;
  errors?: FieldErrors;
  hint?: string;
  type?: string;
  inputMode?: "decimal" | "numeric" | "url";
  required?: boolean;
  /** Where the ISBN lookup took the fields it filled (IsbnLookup). */
  sources?: FilledSources;
}) {
  const error = errors?.[name];
  const source = sources?.[name];
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null, source ? `${name}-source` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        inputMode={inputMode}
        required={required}
        defaultValue={String(values[name] ?? "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-ink/75">
          {hint}
        </p>
      ) : null}
      <SourceNote name={name} source={source} />
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-terracotta">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Check({ name, label, values }: { name: string; label: string; values: BookFormValues }) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" name={name} defaultChecked={values[name] === true} className="size-4 accent-moss" />
      {label}
    </label>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-ink/10 bg-white p-5">
      <legend className="px-1 font-serif text-xl">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The book form of /admin/libros/nuevo and /admin/libros/{id}: a plain multipart post (works without JS). */
export function BookForm({ values, errors, genres, taxCategories, submitLabel }: Props) {
  const busy = useNavigation().state !== "idle";
  // What the ISBN lookup filled: each field's source (dropped once the admin edits it) and the stored cover.
  const [sources, setSources] = useState<FilledSources>({});
  const [found, setFound] = useState<{ cover: string | null; title: string }>({ cover: null, title: "" });
  const shared = { values, errors, sources };
  const stored = typeof values.coverUrl === "string" && values.coverUrl ? values.coverUrl : null;
  const cover = found.cover ?? stored;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-6"
      noValidate
      onInput={(event) => {
        const name = (event.target as { name?: string }).name;
        if (name && sources[name]) setSources(({ [name]: _, ...rest }) => rest);
        if (name === "coverUrl" || name === "cover") setFound((previous) => ({ ...previous, cover: null }));
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <Section title="Datos del libro">
        <IsbnLookup
          defaultValue={String(values.isbn ?? "")}
          serverError={errors?.isbn}
          onFound={(result) => {
            setSources((previous) => ({ ...previous, ...result.sources }));
            if (result.cover) setFound({ cover: result.cover, title: result.title });
          }}
        />
        <Field name="title" label="Título" required {...shared} />
        <Field name="author" label="Autor" required {...shared} />
        <Field name="publisher" label="Editorial" {...shared} />
        <div>
          <label htmlFor="genre" className="block text-sm font-semibold">
            Género
          </label>
          <select id="genre" name="genre" defaultValue={String(values.genre ?? "")} className={inputClass}>
            <option value="">Sin género</option>
            {genres.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </select>
        </div>
        <Field
          name="category"
          label="Categorías"
          hint="Separadas por coma: Literatura argentina, Clásicos"
          {...shared}
        />
        <div className="sm:col-span-2">
          <label htmlFor="description" className="block text-sm font-semibold">
            Descripción
          </label>
          <textarea
            id="description"
            name="description"
            rows={5}
            defaultValue={String(values.description ?? "")}
            aria-invalid={errors?.description ? true : undefined}
            aria-describedby={sources.description ? "description-source" : undefined}
            className={inputClass}
          />
          <SourceNote name="description" source={sources.description} />
          {errors?.description ? (
            <p className="mt-1 text-sm font-semibold text-terracotta">{errors.description}</p>
          ) : null}
        </div>
      </Section>

      <Section title="Precio y stock">
        <Field
          name="price"
          label="Precio ($)"
          inputMode="decimal"
          hint="Vacío: se muestra «Consultar precio»"
          {...shared}
        />
        <Field
          name="promotionalPrice"
          label="Precio promocional ($)"
          inputMode="decimal"
          hint="Opcional, menor que el precio"
          {...shared}
        />
        <Field name="stock" label="Stock" inputMode="numeric" {...shared} />
        <TaxCategorySelect categories={taxCategories} {...shared} />
        <div className="flex flex-col justify-center gap-2">
          <Check name="available" label="Disponible para la venta" values={values} />
          <Check name="published" label="Publicado en la tienda" values={values} />
          <Check name="freeShipping" label="Envío gratis" values={values} />
        </div>
      </Section>

      <Section title="Tapa">
        <div className="flex items-start gap-4 sm:col-span-2">
          <BookCover
            key={cover ?? "none"}
            src={cover}
            title={String(found.title || values.title || "Libro nuevo")}
            author={String(values.author ?? "")}
            className="w-20 shrink-0"
          />
          <div className="flex-1 space-y-3">
            <div>
              <label htmlFor="cover" className="block text-sm font-semibold">
                Subir imagen
              </label>
              <input
                id="cover"
                name="cover"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-describedby="cover-hint"
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-moss file:px-4 file:py-2 file:font-semibold file:text-white"
              />
              <p id="cover-hint" className="mt-1 text-xs text-ink/75">
                JPEG, PNG o WebP de hasta 5 MB. Reemplaza la tapa actual.
              </p>
              {errors?.cover ? <p className="mt-1 text-sm font-semibold text-terracotta">{errors.cover}</p> : null}
            </div>
            <Field name="coverUrl" label="O la dirección de la tapa" hint="/images/… o https://…" {...shared} />
          </div>
        </div>
      </Section>

      <Section title="Preventa">
        <Field
          name="preorderReleaseDate"
          label="Fecha de salida"
          type="date"
          hint="Mientras sea futura, el libro es preventa"
          {...shared}
        />
        <Field name="preorderPrice" label="Precio de preventa ($)" inputMode="decimal" {...shared} />
        <Field
          name="preorderLimit"
          label="Límite de reservas"
          inputMode="numeric"
          hint="Vacío: sin límite"
          {...shared}
        />
        <Field name="preorderCount" label="Reservas hechas" inputMode="numeric" {...shared} />
      </Section>

      <Section title="Detalles y links">
        <Field name="sku" label="SKU" {...shared} />
        <Field name="pages" label="Páginas" inputMode="numeric" {...shared} />
        <Field name="publicationYear" label="Año de edición" inputMode="numeric" {...shared} />
        <LanguageSelect values={values} errors={errors} source={sources.language} />
        <Field name="weightGrams" label="Peso (gramos)" inputMode="numeric" {...shared} />
        <Field name="audiobookUrl" label="Link al audiolibro" type="url" inputMode="url" {...shared} />
        <Field name="externalUrl" label="Link en la tienda externa" type="url" inputMode="url" {...shared} />
      </Section>

      <div className="flex justify-end">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-moss px-6 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
        >
          {busy ? "Guardando..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/**
 * The product's fiscal category, from the tax table in Ajustes: its IVA rate gives the price without
 * national taxes the shop shows and the amounts each order line keeps. A key no longer in the table
 * (only possible for data older than the table) stays selectable, so saving does not change it silently.
 */
function TaxCategorySelect({
  categories,
  values,
  errors,
}: {
  categories: readonly TaxCategory[];
  values: BookFormValues;
  errors?: FieldErrors;
}) {
  const current = String(values.taxCategory || "libros");
  const error = errors?.taxCategory;
  const known = categories.some((category) => category.key === current);
  return (
    <div>
      <label htmlFor="taxCategory" className="block text-sm font-semibold">
        Categoría fiscal
      </label>
      <select
        id="taxCategory"
        name="taxCategory"
        defaultValue={current}
        aria-invalid={error ? true : undefined}
        aria-describedby={`taxCategory-hint${error ? " taxCategory-error" : ""}`}
        className={inputClass}
      >
        {categories.map((category) => (
          <option key={category.key} value={category.key}>
            {category.label} ({VAT_RATE_LABELS[category.rate]})
          </option>
        ))}
        {known ? null : <option value={current}>{current} (ya no está en la tabla)</option>}
      </select>
      <p id="taxCategory-hint" className="mt-1 text-xs text-ink/75">
        Define el IVA del precio. Las categorías se editan en Ajustes.
      </p>
      {error ? (
        <p id="taxCategory-error" className="mt-1 text-sm font-semibold text-terracotta">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The text's language: a list, so the storefront and the exports read one spelling per language. */
function LanguageSelect({
  values,
  errors,
  source,
}: {
  values: BookFormValues;
  errors?: FieldErrors;
  source?: SourceId;
}) {
  const error = errors?.language;
  const describedBy = [error ? "language-error" : null, source ? "language-source" : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor="language" className="block text-sm font-semibold">
        Idioma
      </label>
      <select
        id="language"
        name="language"
        defaultValue={String(values.language ?? "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
      >
        <option value="">Sin indicar</option>
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <SourceNote name="language" source={source} />
      {error ? (
        <p id="language-error" className="mt-1 text-sm font-semibold text-terracotta">
          {error}
        </p>
      ) : null}
    </div>
  );
}
