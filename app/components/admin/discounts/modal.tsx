import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * A native modal dialog. Rendered open on the server (so it shows without JavaScript, from `?nuevo`,
 * `?editar=` or `?eliminar=`), then promoted to a real modal (focus kept inside, Escape closes).
 */
export function Modal({
  titleId,
  closeTo,
  onClose,
  children,
}: {
  titleId: string;
  closeTo: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <>
      {/* Without JavaScript the dialog is not modal: this veil stands in for its backdrop. */}
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-ink/50" />
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          onClose();
        }}
        className="fixed inset-0 z-50 m-auto max-h-[calc(100dvh-1.5rem)] w-[min(34rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-5 text-ink shadow-xl backdrop:bg-ink/50 sm:p-6"
      >
        <Link
          to={closeTo}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
          aria-label="Cerrar"
          className="float-right -m-1 rounded p-1 hover:bg-ink/10"
        >
          <X aria-hidden="true" className="size-5" />
        </Link>
        {children}
      </dialog>
    </>
  );
}
