import { Form } from "react-router";
import { Search } from "~/components/ui/icons/search";

/**
 * A plain GET form to /tienda?search=…: works without JavaScript. An empty (trimmed) term is not sent,
 * as the spec asks, so it just opens the shop.
 */
export function SearchForm({
  id,
  label,
  defaultValue,
  className = "",
}: {
  id: string;
  /** Names the search landmark: each search form on a page needs its own name. */
  label: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <Form
      action="/tienda"
      method="get"
      role="search"
      aria-label={label}
      className={`flex items-stretch ${className}`}
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("search");
        if (input instanceof HTMLInputElement && input.value.trim() === "") input.disabled = true;
      }}
    >
      <label htmlFor={id} className="sr-only">
        Buscar libros
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={defaultValue}
        placeholder="Buscar libros..."
        maxLength={100}
        className="min-w-0 flex-1 rounded-l-full border border-ink/20 bg-white px-4 py-2 text-sm text-ink placeholder:text-ink/70"
      />
      <button
        type="submit"
        className="flex items-center rounded-r-full bg-moss px-4 text-white hover:bg-moss-dark"
        aria-label="Buscar"
      >
        <Search aria-hidden="true" className="size-4" />
      </button>
    </Form>
  );
}
