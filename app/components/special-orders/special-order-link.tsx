import { lazy, Suspense, useState } from "react";
import type { SpecialOrderValues } from "./special-order-fields";

const SpecialOrderDialog = lazy(() => import("./special-order-dialog"));

/** The book an "ORDENAR 72HS" button asks for. */
export interface RequestedBook {
  id: number;
  title: string;
  author: string;
}

export const specialOrderHref = (book?: RequestedBook) =>
  book ? `/pedidos-especiales?libro=${book.id}` : "/pedidos-especiales";

/**
 * A link to /pedidos-especiales (prefilled with the book, and working without JavaScript) that, with
 * JavaScript, opens the request form in a dialog instead. The dialog's code loads on the first click.
 */
export function SpecialOrderLink({
  book,
  className,
  children,
}: {
  book?: RequestedBook;
  className?: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const prefill: SpecialOrderValues = book
    ? { bookId: String(book.id), bookTitle: book.title, bookAuthor: book.author }
    : {};
  return (
    <>
      <a
        href={specialOrderHref(book)}
        aria-haspopup="dialog"
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <SpecialOrderDialog prefill={prefill} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
