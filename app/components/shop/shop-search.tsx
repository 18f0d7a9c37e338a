import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { Search } from "~/components/ui/icons/search";
import { formatPrice, fromPesos } from "~/lib/money";
import { useHighlightedSuggestion, useSuggestions } from "./use-suggestions";

/** Shop suggestions (spec §5/§9): debounce 300 ms, from 2 characters, 5 suggestions. */
export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_LIMIT = 5;

interface Suggestion {
  id: number;
  title: string;
  author: string;
  price: number | null;
  /** The API's `netPrice` (without national taxes). */
  netPrice?: number | null;
}

/** GET /api/tienda-nube/products (a resource route: a plain fetch), at most SUGGESTION_LIMIT products. */
async function loadSuggestions(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const params = new URLSearchParams({ search: query, limit: String(SUGGESTION_LIMIT) });
  const response = await fetch(`/api/tienda-nube/products?${params}`, { credentials: "include", signal });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const body = (await response.json()) as { success?: boolean; products?: Suggestion[] };
  if (!body.success || !Array.isArray(body.products)) throw new Error("Respuesta inválida");
  return body.products.slice(0, SUGGESTION_LIMIT);
}

/**
 * The shop's search box: a GET form to /tienda (works without JavaScript) that keeps the other filters,
 * with a listbox of suggestions while typing. A blank search is not submitted; a failing suggestion
 * request clears the list (and is only logged).
 */
export function ShopSearch({ defaultValue, keep }: { defaultValue: string; keep: Record<string, string | undefined> }) {
  const [term, setTerm] = useState(defaultValue);
  const suggestions = useSuggestions(term, loadSuggestions, {
    minChars: SUGGESTION_MIN_CHARS,
    debounceMs: SUGGESTION_DEBOUNCE_MS,
  });
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const listId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, []);

  const shown = open && suggestions.length > 0;
  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(`/libro/${suggestion.id}`);
  };
  const { active, onKeyDown } = useHighlightedSuggestion(suggestions, shown, { choose, close: () => setOpen(false) });

  return (
    <Form
      action="/tienda"
      method="get"
      role="search"
      aria-label="Buscar en la tienda"
      className="flex items-stretch"
      onSubmit={(event) => {
        const form = event.currentTarget;
        if (term.trim() === "") {
          event.preventDefault();
          return;
        }
        setOpen(false);
        for (const element of Array.from(form.elements)) {
          if (element instanceof HTMLInputElement && element.type === "hidden" && element.value === "") {
            element.disabled = true;
          }
        }
      }}
    >
      <div ref={boxRef} className="relative min-w-0 flex-1">
        <label htmlFor="shop-search" className="sr-only">
          Buscar libros
        </label>
        <input
          id="shop-search"
          name="search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={term}
          maxLength={100}
          placeholder="Buscar libros..."
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="w-full rounded-l-full border border-ink/25 bg-white px-5 py-3 text-base text-ink placeholder:text-ink/70"
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Sugerencias"
          hidden={!shown}
          className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-ink/15 bg-white text-ink shadow-lg"
        >
          {suggestions.map((suggestion, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows + Enter).
            <div
              key={suggestion.id}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 text-sm ${i === active ? "bg-cream" : "hover:bg-cream"}`}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{suggestion.title}</span>
                <span className="block truncate text-ink/75">{suggestion.author}</span>
              </span>
              <span className="shrink-0 text-right font-semibold max-sm:max-w-[45%]">
                {formatPrice(fromPesos(suggestion.price))}
                {typeof suggestion.netPrice === "number" ? (
                  <NetPrice
                    as="span"
                    netCents={fromPesos(suggestion.netPrice)}
                    testId={null}
                    className="block text-[11px] font-normal text-ink/75"
                  />
                ) : null}
              </span>
            </div>
          ))}
        </div>
      </div>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value ?? ""} />
      ))}
      <button
        type="submit"
        className="flex items-center gap-2 rounded-r-full bg-moss px-5 font-semibold text-white hover:bg-moss-dark"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">BUSCAR</span>
        <span className="sr-only sm:hidden">Buscar</span>
      </button>
    </Form>
  );
}
