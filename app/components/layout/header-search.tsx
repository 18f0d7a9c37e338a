import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { Search } from "~/components/ui/icons/search";

const SearchResults = lazy(() => import("./search-results"));

/**
 * The header's search: a GET form to /tienda?search= (works without JavaScript) with a dropdown of
 * up to 5 books (search-results.tsx, loaded on first use). The dropdown opens while the trimmed term is
 * not empty and closes on an outside click, Escape or choosing a result.
 */
export function HeaderSearch({ id, label, className = "" }: { id: string; label: string; className?: string }) {
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const query = term.replace(/\s+/g, " ").trim();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const showing = open && query !== "";
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && showing) {
      event.preventDefault();
      setOpen(false);
      input.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = Array.from(root.current?.querySelectorAll<HTMLAnchorElement>("[data-search-hit]") ?? []);
    if (all.length === 0) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    if (next < 0) input.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };
  const choose = () => {
    setOpen(false);
    setTerm("");
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the input and the results.
    <div ref={root} className={`relative ${className}`} onKeyDown={onKeyDown}>
      <Form
        action="/tienda"
        method="get"
        role="search"
        aria-label={label}
        className="flex items-stretch"
        onSubmit={(event) => {
          setOpen(false);
          const field = event.currentTarget.elements.namedItem("search");
          if (field instanceof HTMLInputElement && field.value.trim() === "") field.disabled = true;
        }}
      >
        <label htmlFor={id} className="sr-only">
          Buscar libros
        </label>
        <input
          ref={input}
          id={id}
          name="search"
          type="search"
          autoComplete="off"
          placeholder="Buscar libros..."
          maxLength={100}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          aria-controls={showing ? listId : undefined}
          className="search-input"
        />
        <button type="submit" className="search-button" aria-label="Buscar">
          <Search aria-hidden="true" className="size-4" />
        </button>
      </Form>
      {showing ? (
        <Suspense fallback={null}>
          <SearchResults query={query} listId={listId} onChoose={choose} />
        </Suspense>
      ) : null}
    </div>
  );
}
