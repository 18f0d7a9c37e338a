import { useEffect, useRef, useState } from "react";
import { openStore } from "./buy";

/**
 * A link to the book's page on the external store, in a new tab. Without JavaScript it is a plain
 * link; with it, 'Abriendo tienda...' and the redirect toasts (and the error toast when the browser
 * refuses to open it).
 */
export function StoreLink({ url, className, children }: { url: string; className: string; children: React.ReactNode }) {
  const [opening, setOpening] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        setOpening(true);
        openStore(url);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setOpening(false), 1500);
      }}
    >
      {opening ? "Abriendo tienda..." : children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}
