import { useEffect, useState } from "react";

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
