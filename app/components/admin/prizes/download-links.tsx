import { Download } from "lucide-react";

/** The code's QR as files: a PNG for screens, an SVG for the printer. */
export function DownloadLinks({ code }: { code: string }) {
  return (
    <div className="mt-4 flex flex-wrap justify-center gap-2">
      <a
        href={`/api/qr/admin/image/${code}.png`}
        download
        className="flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
      >
        <Download aria-hidden="true" className="size-4" /> Descargar PNG
      </a>
      <a
        href={`/api/qr/admin/image/${code}.svg`}
        download
        className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
      >
        <Download aria-hidden="true" className="size-4" /> SVG para imprenta
      </a>
    </div>
  );
}
