import { ScanBarcode, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

/**
 * The barcode scanner's slot on the sale page (loaded with React.lazy when the seller taps "Escanear").
 * This version is the manual fallback: the seller types the code printed under the barcode (an ISBN, or
 * the publisher's own code). The camera scanner (issue 35, another branch) keeps this export and props.
 */
export function BarcodeScanner({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => input.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-moss/40 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
          <ScanBarcode aria-hidden="true" className="size-5" />
          Código del libro
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-m-2 flex size-11 items-center justify-center rounded-full hover:bg-ink/5"
          aria-label="Cerrar el escáner"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <form
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = code.trim();
          if (!typed) {
            setError("Escribí el ISBN o el código que está debajo de las barras");
            return;
          }
          setError(null);
          onCode(typed);
          setCode("");
        }}
      >
        <label htmlFor={`${id}-code`} className="sr-only">
          ISBN o código
        </label>
        <input
          ref={input}
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="978…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="min-h-12 w-full min-w-0 rounded-lg border border-ink/25 px-3 text-lg"
        />
        <button type="submit" className="min-h-12 shrink-0 rounded-lg bg-moss px-4 font-semibold text-white">
          Buscar
        </button>
      </form>
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-terracotta-dark">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-2 text-sm text-ink/75">
          Escribí el ISBN (con o sin guiones) o el código de la editorial.
        </p>
      )}
    </section>
  );
}
