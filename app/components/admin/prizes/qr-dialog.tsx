import { Copy, RefreshCw, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import type { AdminQrCode } from "~/domain/prizes/prizes.server";
import { DownloadLinks } from "./download-links";
import { type QrTab, qrTabHref } from "./qr-tabs";

/** A code opened from the list (`?ver=`): its address and its QR, drawn by the server. */
export type ViewedQrCode = AdminQrCode & { url: string; image: string };

/** The code's QR drawn again by the server (the PNG of the download), as a data URL the page can show. */
async function regeneratedImage(code: string): Promise<string> {
  const response = await fetch(`/api/qr/admin/image/${code}.png`, { cache: "no-store" });
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || !type.startsWith("image/png")) throw new Error(`QR image answered ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export function QrDialog({ viewing, tab }: { viewing: ViewedQrCode; tab: QrTab }) {
  const [image, setImage] = useState(viewing.image);
  const [regenerating, setRegenerating] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="qr-dialog-title"
        className="w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id="qr-dialog-title" className="font-mono text-xl font-semibold">
            {viewing.code}
          </h2>
          <Link to={qrTabHref(tab)} preventScrollReset aria-label="Cerrar" className="rounded p-1 hover:bg-ink/10">
            <X aria-hidden="true" className="size-5" />
          </Link>
        </div>
        <p className="mt-1 text-sm text-ink/80">{viewing.bookTitle}</p>
        <img src={image} alt={`Código QR de ${viewing.code}`} width={256} height={256} className="mx-auto mt-4" />
        <p className="mt-2 break-all text-xs text-ink/75">{viewing.url}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(viewing.url);
                setCopied(true);
                toast({ title: "Copiado", description: "El enlace del premio quedó en el portapapeles." });
                setTimeout(() => setCopied(false), 2000);
              } catch {
                toast({ title: "Error", description: "No se pudo copiar el enlace", variant: "destructive" });
              }
            }}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
          >
            <Copy aria-hidden="true" className="size-4" /> {copied ? "Copiado" : "Copiar enlace"}
          </button>
          <button
            type="button"
            disabled={regenerating}
            onClick={async () => {
              setRegenerating(true);
              try {
                setImage(await regeneratedImage(viewing.code));
                toast({ title: "QR Regenerado" });
              } catch {
                toast({ title: "Error", description: "No se pudo regenerar el código QR", variant: "destructive" });
              } finally {
                setRegenerating(false);
              }
            }}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10 disabled:opacity-70"
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${regenerating ? "animate-spin" : ""}`} /> Regenerar
          </button>
        </div>
        <DownloadLinks code={viewing.code} />
      </div>
    </div>
  );
}
