import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { BulkProgress } from "./bulk-progress";

/** One email to every active subscriber, queued by the server; then its delivery is followed below the form. */
export function BulkEmail({ active }: { active: number }) {
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [sending, setSending] = useState(false);
  const [campaign, setCampaign] = useState<string | null>(null);
  const ready = subject.trim() !== "" && content.trim() !== "";

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || sending) return;
    setSending(true);
    setCampaign(null);
    try {
      const response = await fetch("/api/caja/bulk-email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ subject, content }),
      });
      const answer = (await response.json().catch(() => ({}))) as { queued?: number; campaign?: string };
      if (!response.ok) throw new Error("bulk email failed");
      toast({ title: "Listo", description: "Emails enviados correctamente" });
      setCampaign(answer.queued ? (answer.campaign ?? null) : null);
      setSubject("");
      setContent("");
    } catch {
      toast({ title: "Error", description: "Error al enviar emails", variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={send} className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-ink/10">
      <h2 className="text-xl font-semibold text-ink">Email a suscriptores activos</h2>
      <p className="text-sm text-ink/80">Se envía a las {active} suscripciones activas.</p>
      <div>
        <label htmlFor="bulk-subject" className="block font-semibold text-ink">
          Asunto
        </label>
        <input
          id="bulk-subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          maxLength={200}
          className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor="bulk-content" className="block font-semibold text-ink">
          Contenido
        </label>
        <textarea
          id="bulk-content"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={8}
          className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={!ready || sending}
        className="rounded-full bg-moss px-6 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        {sending ? "Enviando..." : "Enviar email"}
      </button>
      {campaign ? <BulkProgress campaign={campaign} /> : null}
    </form>
  );
}
