import { Link } from "react-router";

export const QR_TABS = [
  { id: "crear", label: "Crear QR" },
  { id: "codigos", label: "Códigos QR" },
  { id: "ganadores", label: "Ganadores" },
] as const;
export type QrTab = (typeof QR_TABS)[number]["id"];

/** The tab from `?tab=`; anything else is the first one. */
export const qrTabOf = (raw: string | null): QrTab => QR_TABS.find((tab) => tab.id === raw)?.id ?? "crear";

export const qrTabHref = (tab: QrTab) => `/admin/qr?tab=${tab}`;

/** The tabs as links (they work without JavaScript), each list's count beside it once it has loaded. */
export function QrTabs({ current, codes, winners }: { current: QrTab; codes: number | null; winners: number | null }) {
  return (
    <nav aria-label="Secciones de códigos QR" className="flex flex-wrap gap-2 border-b border-ink/10 pb-3">
      {QR_TABS.map((item) => (
        <Link
          key={item.id}
          to={qrTabHref(item.id)}
          aria-current={item.id === current ? "page" : undefined}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${item.id === current ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss"}`}
        >
          {item.label}
          {item.id === "codigos" && codes !== null
            ? ` (${codes})`
            : item.id === "ganadores" && winners !== null
              ? ` (${winners})`
              : ""}
        </Link>
      ))}
    </nav>
  );
}
