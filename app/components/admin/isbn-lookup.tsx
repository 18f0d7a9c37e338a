import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FORM_FIELD, type FoundBookField } from "~/domain/catalog/isbn-fields";
import { LANGUAGES } from "~/domain/catalog/languages";
import { hasValidCheckDigit, isbnDigits, isIsbnLength } from "~/lib/isbn-digits";

/**
 * The ISBN field of the book form with its autofill (progressive enhancement: without JavaScript it is a
 * plain field). Typing or scanning a complete valid ISBN, pressing Enter in the field (a barcode scanner
 * does) or "Buscar datos" asks GET /api/admin/isbn/:isbn, then fills only the fields that are empty (or
 * still hold what an earlier lookup put there), never what the admin typed, and tells the form where
 * each filled value came from (`onFound`).
 */

export type SourceId = "openlibrary" | "googlebooks" | "sandbox";

/** Form field name → the source of the value the lookup put there. */
export type FilledSources = Partial<Record<string, SourceId>>;

export const SOURCE_LABELS: Record<SourceId, string> = {
  openlibrary: "Dato de Open Library",
  googlebooks: "Dato de Google Books",
  sandbox: "Dato de prueba (demo)",
};

type BookKey = FoundBookField;

interface Answer {
  success: boolean;
  error?: string;
  hyphenated?: string;
  isbn13?: string;
  book?: Record<BookKey, string | number | null> & { source: string };
  sources?: Partial<Record<BookKey, SourceId>>;
}

const INVALID = "El ISBN no es válido (revisá el dígito verificador)";
const DEBOUNCE_MS = 400;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function IsbnLookup({
  defaultValue,
  serverError,
  onFound,
}: {
  defaultValue: string;
  serverError?: string;
  /** Every lookup that filled something: the fields it filled (with their sources) and the cover it stored. */
  onFound: (found: { sources: FilledSources; cover: string | null; title: string }) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  /** The ISBN last looked up, so a debounce after Enter does not ask twice. */
  const lastAsked = useRef<string | null>(null);
  /** What the lookups wrote, per field: a field still holding it was not typed by the admin. */
  const filled = useRef(new Map<string, string>());

  useEffect(() => {
    setEnhanced(true);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      inFlight.current?.abort();
    };
  }, []);

  const fill = (form: HTMLFormElement, answer: Answer): number => {
    const sources: FilledSources = {};
    let count = 0;
    let cover: string | null = null;
    for (const [key, name] of Object.entries(FORM_FIELD) as [BookKey, string][]) {
      const raw = answer.book?.[key];
      const source = answer.sources?.[key];
      if (raw === null || raw === undefined || raw === "" || !source) continue;
      const value = String(raw);
      const control = form.elements.namedItem(name) as Control | null;
      if (!control || !("value" in control)) continue;
      const typed = control.value.trim() !== "" && filled.current.get(name) !== control.value;
      if (typed) continue;
      if (name === "coverUrl") {
        // A file chosen for upload replaces any address on save: the admin's choice wins.
        const file = form.elements.namedItem("cover") as HTMLInputElement | null;
        if (file?.files && file.files.length > 0) continue;
        cover = value;
      }
      if (name === "language" && !(value in LANGUAGES)) continue;
      control.value = value;
      filled.current.set(name, value);
      sources[name] = source;
      count++;
    }
    onFound({ sources, cover, title: String(answer.book?.title ?? "") });
    return count;
  };

  const lookUp = async (force: boolean) => {
    const input = inputRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const digits = isbnDigits(input.value);
    if (!hasValidCheckDigit(digits)) {
      setStatus("");
      setError(digits ? INVALID : "Escribí o escaneá un ISBN de 10 o 13 dígitos");
      return;
    }
    if (!force && lastAsked.current === digits) return;
    lastAsked.current = digits;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setError(null);
    setStatus("Buscando datos del ISBN…");
    try {
      const response = await fetch(`/api/admin/isbn/${encodeURIComponent(digits)}`, {
        headers: { accept: "application/json" },
        signal: controller.signal,
      });
      const answer = (await response.json().catch(() => ({ success: false }))) as Answer;
      if (controller.signal.aborted) return;
      if (response.status === 400) {
        setStatus("");
        setError(answer.error ?? INVALID);
        return;
      }
      if (!response.ok || !answer.success) {
        // Unknown stays asked (typing it again does not ask again); a failure may be retried by itself.
        if (response.status !== 404) lastAsked.current = null;
        setStatus(answer.error ?? "No pudimos buscar los datos del ISBN. Probá de nuevo o completalos a mano.");
        return;
      }
      if (answer.hyphenated) input.value = answer.hyphenated;
      const count = fill(form, answer);
      setStatus(
        count === 0
          ? "Encontramos el ISBN, pero los campos que tenía ya estaban completos."
          : `Completamos ${count === 1 ? "1 campo" : `${count} campos`} con los datos del ISBN. Revisalos antes de guardar.`,
      );
    } catch {
      // The network or the server failed (an abort is a newer lookup taking over): the form stays usable.
      if (controller.signal.aborted) return;
      lastAsked.current = null;
      setStatus("No pudimos buscar los datos del ISBN. Probá de nuevo o completalos a mano.");
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  const shown = error ?? serverError ?? null;
  const describedBy = ["isbn-hint", shown ? "isbn-error" : null, "isbn-status"].filter(Boolean).join(" ");
  return (
    <div className="sm:col-span-2">
      <label htmlFor="isbn" className="block text-sm font-semibold">
        ISBN
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id="isbn"
          name="isbn"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={defaultValue}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          onKeyDown={(event) => {
            // A barcode scanner types the digits and presses Enter: look up, do not submit the form.
            if (event.key !== "Enter" || !enhanced) return;
            event.preventDefault();
            if (timer.current) clearTimeout(timer.current);
            void lookUp(false);
          }}
          onInput={(event) => {
            if (timer.current) clearTimeout(timer.current);
            const value = event.currentTarget.value;
            if (error) setError(null);
            if (!isIsbnLength(value)) return;
            timer.current = setTimeout(() => void lookUp(false), DEBOUNCE_MS);
          }}
          className="min-w-0 flex-1 basis-48 rounded-md border border-ink/25 bg-white px-3 py-2 aria-[invalid=true]:border-terracotta"
        />
        {enhanced ? (
          <button
            type="button"
            onClick={() => void lookUp(true)}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
          >
            <Search aria-hidden="true" className="size-4" /> Buscar datos
          </button>
        ) : null}
      </div>
      <p id="isbn-hint" className="mt-1 text-xs text-ink/75">
        {enhanced
          ? "Escribilo o escaneá el código de barras: completamos los campos vacíos con Open Library y Google Books."
          : "10 o 13 dígitos, con o sin guiones."}
      </p>
      {shown ? (
        <p id="isbn-error" className="mt-1 text-sm font-semibold text-terracotta">
          {shown}
        </p>
      ) : null}
      <p id="isbn-status" aria-live="polite" className="mt-1 text-sm text-moss">
        {status}
      </p>
    </div>
  );
}

/** "Dato de Open Library" under a field the lookup filled. */
export function SourceNote({ name, source }: { name: string; source: SourceId | undefined }) {
  if (!source) return null;
  return (
    <p id={`${name}-source`} className="mt-1 text-xs font-semibold text-moss">
      {SOURCE_LABELS[source]}
    </p>
  );
}
