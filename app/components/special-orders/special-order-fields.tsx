import { LIMITS, SCOPE_PROMISE, type SpecialOrderScope } from "~/domain/special-orders/labels";

/** What the form starts with: the book of an "ORDENAR 72HS" button, or what was typed before an error. */
export type SpecialOrderValues = Partial<Record<string, string>>;

interface Props {
  idPrefix: string;
  values?: SpecialOrderValues | null;
  /** The first problem, from the server (`field` says which input it is about). */
  error?: { message: string; field?: string | null } | null;
  sending: boolean;
  /** The dialog's "Cancelar" (the page has none). */
  cancel?: React.ReactNode;
}

const input =
  "mt-1 w-full rounded-lg border border-ink/30 bg-white px-3 py-2.5 text-ink placeholder:text-ink/60 focus:border-moss focus:outline-2 focus:outline-moss/40 disabled:opacity-70";
const label = "block font-semibold text-ink";
const optional = <span className="font-normal text-ink/75">(opcional)</span>;

/**
 * The request form's fields and button: the same markup in the home's dialog and on /pedidos-especiales
 * (where it posts without JavaScript). The server checks everything; the browser only helps.
 */
export function SpecialOrderFields({ idPrefix, values, error, sending, cancel }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const value = (name: string) => values?.[name] ?? "";
  const scope: SpecialOrderScope = value("scope") === "international" ? "international" : "national";
  const invalid = (name: string) =>
    error?.field === name ? { "aria-invalid": true, "aria-describedby": id("error") } : {};
  // The server's message, under the field it is about (or above the form when it is about none).
  const message = (name: string | null) =>
    error && (error.field || null) === name ? (
      <p
        id={id("error")}
        role="alert"
        className={`rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark ${name ? "mt-2" : "mb-4"}`}
      >
        {error.message}
      </p>
    ) : null;
  const field = (
    name: string,
    text: string,
    props: React.InputHTMLAttributes<HTMLInputElement>,
    isOptional = false,
  ) => (
    <div>
      <label htmlFor={id(name)} className={label}>
        {text} {isOptional ? optional : null}
      </label>
      <input
        id={id(name)}
        name={name}
        defaultValue={value(name)}
        disabled={sending}
        className={input}
        {...invalid(name)}
        {...props}
      />
      {message(name)}
    </div>
  );

  return (
    <>
      {message(null)}
      <input type="hidden" name="bookId" value={value("bookId")} />
      {message("bookId")}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("bookTitle", "Título del libro", { required: true, maxLength: LIMITS.bookTitle })}
        {field("bookAuthor", "Autor/a", { maxLength: LIMITS.bookAuthor }, true)}
      </div>
      <fieldset className="mt-5">
        <legend className={label}>¿De dónde viene?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(["national", "international"] as const).map((option) => (
            <label
              key={option}
              className="flex items-start gap-2 rounded-lg border border-ink/20 bg-white p-3 text-ink has-[:checked]:border-moss"
            >
              <input
                type="radio"
                name="scope"
                value={option}
                defaultChecked={option === scope}
                disabled={sending}
                className="mt-1 size-4 accent-moss"
              />
              <span>
                <span className="block font-semibold">
                  {option === "national" ? "Edición nacional" : "Edición internacional"}
                </span>
                <span className="block text-sm text-ink/80">{SCOPE_PROMISE[option]}</span>
              </span>
            </label>
          ))}
        </div>
        {message("scope")}
      </fieldset>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {field("name", "Nombre", { required: true, autoComplete: "name", maxLength: LIMITS.name })}
        {field("email", "Email", { required: true, type: "email", autoComplete: "email", maxLength: LIMITS.email })}
        {field("phone", "Teléfono", { type: "tel", autoComplete: "tel", maxLength: LIMITS.phone }, true)}
      </div>
      <div className="mt-4">
        <label htmlFor={id("note")} className={label}>
          Nota {optional}
        </label>
        <textarea
          id={id("note")}
          name="note"
          rows={3}
          maxLength={LIMITS.note}
          defaultValue={value("note")}
          disabled={sending}
          placeholder="Edición, editorial, traducción, cuántos ejemplares…"
          className={input}
          {...invalid("note")}
        />
        {message("note")}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {cancel}
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending}
          className="rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark disabled:opacity-70"
        >
          {sending ? "ENVIANDO…" : "ENVIAR PEDIDO"}
        </button>
      </div>
    </>
  );
}

/** After sending: the shop's promise for the scope, said once for screen readers. */
export function SpecialOrderThanks({
  scope,
  headingId,
  children,
}: {
  scope: SpecialOrderScope;
  headingId: string;
  children?: React.ReactNode;
}) {
  return (
    <div role="status">
      <h2 id={headingId} className="font-serif text-2xl text-moss sm:text-3xl">
        ¡Recibimos tu pedido especial!
      </h2>
      <p className="mt-3 text-lg font-semibold text-ink">{SCOPE_PROMISE[scope]}</p>
      <p className="mt-2 text-ink/80">
        Te mandamos un email con el detalle. Antes de confirmar nada te escribimos con el precio y el plazo.
      </p>
      {children}
    </div>
  );
}
