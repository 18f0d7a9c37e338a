import { Form, Link } from "react-router";

/**
 * An admin list's search box: a plain GET form (`?buscar=`), so it works without JavaScript. `keep`
 * carries the filters in view into the search; the placeholder doubles as the field's hidden label.
 */
export function AdminSearch({
  label,
  placeholder,
  search,
  className,
  keep = {},
  clearHref,
}: {
  /** Names the search landmark: each search on a page needs its own name. */
  label: string;
  placeholder: string;
  search: string;
  className: string;
  keep?: Record<string, string>;
  /** Where "Limpiar" leads once something was searched; no link without it. */
  clearHref?: string;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={className}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="buscar" className="sr-only">
        {placeholder}
      </label>
      <input
        id="buscar"
        name="buscar"
        type="search"
        defaultValue={search}
        placeholder={placeholder}
        className="min-w-0 flex-1 rounded-md border border-ink/25 bg-white px-3 py-2"
      />
      <button type="submit" className="rounded-md bg-moss px-4 font-semibold text-white hover:bg-moss-dark">
        Buscar
      </button>
      {search && clearHref ? (
        <Link to={clearHref} className="self-center text-sm text-moss underline">
          Limpiar
        </Link>
      ) : null}
    </Form>
  );
}
