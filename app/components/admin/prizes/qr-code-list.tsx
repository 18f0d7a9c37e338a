import { Link } from "react-router";
import type { AdminQrCode } from "~/domain/prizes/prizes.server";
import { type PublicStatus, QR_STATUS_LABELS } from "~/domain/prizes/rules";
import { shortDateTime } from "~/lib/dates";

const BADGE: Record<PublicStatus, string> = {
  pending: "bg-moss/15 text-moss",
  validated: "bg-ochre/25 text-ink",
  expired: "bg-ink/10 text-ink",
};

/** Every code, newest first, with its state and a link that opens its QR (`?ver=`). */
export function QrCodeList({ codes }: { codes: AdminQrCode[] }) {
  if (codes.length === 0) return <p className="rounded-lg bg-white p-6 text-ink/75">Todavía no creaste códigos QR.</p>;
  return (
    <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
      {codes.map((code) => (
        <li key={code.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-mono font-semibold">{code.code}</p>
            <p className="truncate text-sm">{code.bookTitle}</p>
            <p className="text-xs text-ink/70">
              Creado el {shortDateTime(code.createdAt)}
              {code.validatedAt ? ` · reclamado el ${shortDateTime(code.validatedAt)}` : ""}
              {code.expiresAt && code.status === "pending" ? ` · vence el ${shortDateTime(code.expiresAt)}` : ""}
            </p>
          </div>
          <span className={`rounded px-2 py-1 text-xs font-semibold ${BADGE[code.status]}`}>
            {QR_STATUS_LABELS[code.status]}
          </span>
          <Link
            to={`/admin/qr?tab=codigos&ver=${code.code}`}
            preventScrollReset
            className="rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss/10"
            aria-label={`Ver el QR de ${code.code}`}
          >
            Ver QR
          </Link>
        </li>
      ))}
    </ul>
  );
}
