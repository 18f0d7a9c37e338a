import { RefreshCw } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { type QrTab, qrTabHref } from "./qr-tabs";

/** "Actualizar": reloads the lists in place, or the same tab as a page without JavaScript. */
export function RefreshLink({ tab }: { tab: QrTab }) {
  const revalidator = useRevalidator();
  return (
    <Link
      to={qrTabHref(tab)}
      onClick={(event) => {
        event.preventDefault();
        revalidator.revalidate();
      }}
      className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
    >
      <RefreshCw aria-hidden="true" className={`size-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />{" "}
      Actualizar
    </Link>
  );
}
