import { FileUp, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ImportEvent, ImportPreview } from "~/domain/catalog-io/preview";
import { type ImportOutcome, number, progressText, resultText } from "./import-text";
import { PreviewSummary } from "./preview-summary";

const ENDPOINT = "/api/admin/books/import";
const ACCEPT = ".csv,.xlsx,.xml,.onix,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const NETWORK = "No pudimos comunicarnos con el servidor. Revisá la conexión y probá de nuevo.";

type Step =
  | { kind: "choose" }
  | { kind: "reviewing" }
  | { kind: "preview"; preview: ImportPreview; rows: number }
  | { kind: "applying"; done: number; total: number | null }
  | { kind: "done"; outcome: ImportOutcome };

function body(file: File, mode: "preview" | "apply"): FormData {
  const form = new FormData();
  form.set("mode", mode);
  form.set("file", file);
  return form;
}

/** The error text of a 4xx/5xx JSON answer. */
async function failure(response: Response): Promise<string> {
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return answer?.error ?? `El servidor respondió con un error (${response.status}). Probá de nuevo.`;
}

/** Reads the apply answer's NDJSON lines as they arrive. */
async function* events(response: Response): AsyncGenerator<ImportEvent> {
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as ImportEvent;
    if (done) break;
  }
  if (pending.trim()) yield JSON.parse(pending) as ImportEvent;
}

/**
 * Choose a file → "Revisar" (the dry run) → "Aplicar cambios" (progress, then the result). The browser keeps
 * the File and sends it again to apply: the server recomputes the plan inside the import's transaction.
 */
export function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const focusTarget = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step.kind === "preview" || step.kind === "done") focusTarget.current?.focus();
  }, [step.kind]);

  async function review(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!file) {
      setError("Elegí un archivo CSV, Excel (.xlsx) u ONIX");
      return;
    }
    setStep({ kind: "reviewing" });
    try {
      const response = await fetch(ENDPOINT, { method: "POST", body: body(file, "preview") });
      if (!response.ok) throw new Error(await failure(response));
      const answer = (await response.json()) as { plan: ImportPreview; rows: number };
      setStep({ kind: "preview", preview: answer.plan, rows: answer.rows });
    } catch (caught) {
      setError(caught instanceof TypeError ? NETWORK : (caught as Error).message);
      setStep({ kind: "choose" });
    }
  }

  async function apply() {
    if (!file) return;
    setError(null);
    setStep({ kind: "applying", done: 0, total: null });
    try {
      const response = await fetch(ENDPOINT, { method: "POST", body: body(file, "apply") });
      if (!response.ok) throw new Error(await failure(response));
      for await (const event of events(response)) {
        if (event.type === "progress") setStep({ kind: "applying", done: event.done, total: event.total });
        else if (event.type === "result") {
          setStep({ kind: "done", outcome: event });
          return;
        } else throw new Error(event.error);
      }
      throw new Error("La importación se cortó antes de terminar: no se importó nada. Probá de nuevo.");
    } catch (caught) {
      setError(caught instanceof TypeError ? NETWORK : (caught as Error).message);
      setStep({ kind: "choose" });
    }
  }

  const restart = () => {
    setFile(null);
    setError(null);
    setStep({ kind: "choose" });
  };

  return (
    <div className="space-y-6">
      {error ? (
        <p role="alert" className="rounded-lg border border-terracotta/40 bg-terracotta/10 p-4 text-terracotta">
          {error}
        </p>
      ) : null}
      {step.kind === "choose" || step.kind === "reviewing" ? (
        <form onSubmit={review} className="space-y-4 rounded-xl border border-ink/10 bg-white p-5">
          <div>
            <label htmlFor="archivo" className="block font-semibold">
              Archivo del catálogo
            </label>
            <p id="archivo-ayuda" className="text-sm text-ink/75">
              CSV, Excel (.xlsx) u ONIX 3.0 (.xml), hasta 10.000 filas y 20 MB.
            </p>
            <input
              id="archivo"
              name="file"
              type="file"
              accept={ACCEPT}
              aria-describedby="archivo-ayuda"
              className="mt-2 block w-full max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-moss/15 file:px-4 file:py-2 file:font-semibold file:text-moss"
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <button
            type="submit"
            disabled={step.kind === "reviewing"}
            className="flex items-center gap-2 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-60"
          >
            <FileUp aria-hidden="true" className="size-4" />
            {step.kind === "reviewing" ? "Revisando…" : "Revisar"}
          </button>
        </form>
      ) : null}
      {step.kind === "preview" ? (
        <section aria-labelledby="revision" className="space-y-5">
          <h2 id="revision" ref={focusTarget} tabIndex={-1} className="font-serif text-2xl">
            Revisión de {file?.name ?? "el archivo"}
          </h2>
          <p className="text-ink/75">
            {number(step.rows)} {step.rows === 1 ? "fila leída" : "filas leídas"}. Todavía no cambió nada: revisá y
            aplicá.
          </p>
          <PreviewSummary preview={step.preview} />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={apply}
              disabled={step.preview.counts.created + step.preview.counts.updated === 0}
              className="flex items-center gap-2 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-60"
            >
              <Upload aria-hidden="true" className="size-4" /> Aplicar cambios
            </button>
            <button
              type="button"
              onClick={restart}
              className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss hover:text-white"
            >
              Elegir otro archivo
            </button>
          </div>
        </section>
      ) : null}
      {step.kind === "applying" ? <ImportProgressBar done={step.done} total={step.total} /> : null}
      {step.kind === "done" ? (
        <section aria-labelledby="resultado" className="space-y-4 rounded-xl border border-moss/30 bg-moss/5 p-5">
          <h2 id="resultado" ref={focusTarget} tabIndex={-1} className="font-serif text-2xl">
            Importación terminada
          </h2>
          <p role="status">{resultText(step.outcome)}</p>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/admin/libros"
              className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark"
            >
              Ver libros
            </Link>
            <button
              type="button"
              onClick={restart}
              className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss hover:text-white"
            >
              Importar otro archivo
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function ImportProgressBar({ done, total }: { done: number; total: number | null }) {
  const percent = total ? Math.round((done / total) * 100) : 0;
  const label = total === null ? "Preparando la importación…" : progressText(done, total);
  return (
    <section aria-labelledby="importando" className="space-y-3 rounded-xl border border-ink/10 bg-white p-5">
      <h2 id="importando" className="font-serif text-2xl">
        Importando
      </h2>
      <div
        role="progressbar"
        aria-labelledby="importando"
        aria-valuemin={0}
        aria-valuemax={total ?? 0}
        aria-valuenow={done}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-ink/10"
      >
        <div className="h-full rounded-full bg-moss transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite">{label}</p>
      <p className="text-sm text-ink/75">
        No cierres esta página hasta que termine. Si algo falla, no se importa nada.
      </p>
    </section>
  );
}
