import { useId, useState } from "react";
import { useHighlightedSuggestion, useSuggestions } from "./use-suggestions";

/** As the shop search's suggestions: from 2 characters, a quarter of a second after the last one. */
const AUTHOR_MIN_CHARS = 2;
const AUTHOR_DEBOUNCE_MS = 250;

/** GET /api/autores (a resource route: a plain fetch, not React Router's). */
async function loadAuthors(query: string, signal: AbortSignal): Promise<string[]> {
  const response = await fetch(`/api/autores?${new URLSearchParams({ q: query })}`, { signal });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const body = (await response.json()) as { success?: boolean; authors?: unknown };
  if (!body.success || !Array.isArray(body.authors)) throw new Error("Respuesta inválida");
  return body.authors.filter((name): name is string => typeof name === "string");
}

/**
 * The advanced filters' author: a text field (`autor`), so the page does not carry every author of the
 * catalogue; the shop filters by the words typed (part of a name is enough). While typing, a listbox of
 * matching authors (arrows, Enter to choose, Escape to close); choosing one fills the field, the form's
 * button applies it. Without JavaScript it is a plain field of the GET form.
 */
export function AuthorField({ defaultValue, className }: { defaultValue: string; className: string }) {
  const [term, setTerm] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const listId = useId();
  const suggestions = useSuggestions(term, loadAuthors, {
    minChars: AUTHOR_MIN_CHARS,
    debounceMs: AUTHOR_DEBOUNCE_MS,
  });
  // The one suggestion that is already the field's text is nothing to offer.
  const shown = open && suggestions.length > 0 && !(suggestions.length === 1 && suggestions[0] === term);
  const choose = (name: string) => {
    setTerm(name);
    setOpen(false);
  };
  const { active, onKeyDown } = useHighlightedSuggestion(suggestions, shown, { choose, close: () => setOpen(false) });

  return (
    <div className="relative text-sm font-semibold">
      <label htmlFor={inputId}>Autor</label>
      <input
        id={inputId}
        name="autor"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={term}
        maxLength={100}
        placeholder="Todos los autores"
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={className}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Autores sugeridos"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-ink/15 bg-white font-normal text-ink shadow-lg"
      >
        {suggestions.map((name, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows + Enter).
          <div
            key={name}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the field, so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(name)}
            className={`cursor-pointer truncate px-3 py-2 ${i === active ? "bg-cream" : "hover:bg-cream"}`}
          >
            {name}
          </div>
        ))}
      </div>
    </div>
  );
}
