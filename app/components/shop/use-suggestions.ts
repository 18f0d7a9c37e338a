import { type KeyboardEvent, useEffect, useState } from "react";

/**
 * Suggestions for what the visitor is typing: `load` runs `debounceMs` after the last keystroke once the
 * trimmed text has `minChars` characters; a newer keystroke aborts the request before it. Shorter text
 * empties the list; a failing request empties it too and is only logged (suggestions are a help, the
 * form works without them). `load` must be stable (a module-level function).
 */
export function useSuggestions<T>(
  term: string,
  load: (query: string, signal: AbortSignal) => Promise<T[]>,
  { minChars, debounceMs }: { minChars: number; debounceMs: number },
): T[] {
  const [suggestions, setSuggestions] = useState<T[]>([]);
  useEffect(() => {
    const query = term.trim();
    if (query.length < minChars) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        setSuggestions(await load(query, controller.signal));
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("No se pudieron cargar las sugerencias", error);
        setSuggestions([]);
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, load, minChars, debounceMs]);
  return suggestions;
}

/**
 * The highlighted suggestion of a combobox and the keys its input handles while the list is `shown`: arrows
 * move (wrapping), Enter chooses the highlighted one, Escape closes. A new list starts with none highlighted.
 */
export function useHighlightedSuggestion<T>(
  suggestions: T[],
  shown: boolean,
  { choose, close }: { choose: (suggestion: T) => void; close: () => void },
): { active: number; onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void } {
  const [pick, setPick] = useState<{ list: T[]; index: number }>({ list: [], index: -1 });
  const active = pick.list === suggestions ? pick.index : -1;
  const move = (next: number) => setPick({ list: suggestions, index: next });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      move((active + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      move(active <= 0 ? suggestions.length - 1 : active - 1);
    } else if (event.key === "Escape") {
      close();
    } else if (event.key === "Enter" && active >= 0) {
      const chosen = suggestions[active];
      if (chosen !== undefined) {
        event.preventDefault();
        choose(chosen);
      }
    }
  };
  return { active, onKeyDown };
}
