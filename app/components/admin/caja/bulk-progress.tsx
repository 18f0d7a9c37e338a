import { useEffect, useState } from "react";

interface Progress {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

/** Follows one bulk send while the mail worker delivers it (polled every second until nothing is left). */
export function BulkProgress({ campaign }: { campaign: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const response = await fetch(`/api/caja/bulk-email/${campaign}`);
        const body = (await response.json()) as { progress?: Progress };
        if (stopped || !body.progress) return;
        setProgress(body.progress);
        if (body.progress.queued + body.progress.sending === 0) return;
      } catch {
        // A failed poll just waits for the next one.
      }
      if (!stopped) timer = setTimeout(poll, 1000);
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [campaign]);

  if (!progress) return <p className="text-sm text-ink/80">Preparando el envío…</p>;
  const done = progress.sent + progress.failed;
  const finished = progress.queued + progress.sending === 0;
  return (
    <div className="space-y-2" data-testid="bulk-progress">
      <progress max={progress.total} value={done} className="h-2 w-full accent-moss" aria-label="Avance del envío" />
      <p role="status" className="text-sm text-ink">
        {finished ? finishedText(progress) : `Enviando: ${done} de ${progress.total}.`}{" "}
        <a
          href={progress.failed ? "/admin/correos?estado=failed" : "/admin/correos"}
          className="font-semibold text-moss underline"
        >
          Ver correos
        </a>
      </p>
    </div>
  );
}

/** "Envío terminado: 7 enviados, 3 fallidos de 10." (the failures only when there were some). */
function finishedText({ sent, failed, total }: Progress): string {
  const failures = failed ? `, ${failed} ${failed === 1 ? "fallido" : "fallidos"}` : "";
  return `Envío terminado: ${sent} ${sent === 1 ? "enviado" : "enviados"}${failures} de ${total}.`;
}
