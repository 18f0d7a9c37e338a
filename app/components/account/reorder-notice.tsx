import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isReorderNotice, type ReorderNotice as Notice } from "~/domain/accounts/reorder";

/**
 * On /carrito after "Repetir compra" (Mi cuenta's order detail): what went into the cart and which books
 * could not, or not all of them. It comes in the navigation's state, read after mounting: the server's
 * page never has it, so the first render must not either.
 */
export function ReorderNotice() {
  const { state } = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const candidate = (state as { reorder?: unknown } | null)?.reorder;
    setNotice(isReorderNotice(candidate) ? candidate : null);
  }, [state]);
  if (!notice) return null;
  return (
    <div className="mt-6 rounded-lg bg-white p-5 ring-1 ring-moss/30" role="status" data-testid="reorder-notice">
      <p className="font-semibold text-moss-dark">
        {notice.added === 1
          ? `Agregamos al carrito el libro del pedido ${notice.number} que sigue a la venta.`
          : `Agregamos al carrito los ${notice.added} libros del pedido ${notice.number} que siguen a la venta.`}
      </p>
      {notice.problems.length > 0 ? (
        <>
          <p className="mt-2 text-sm text-ink/85">Algunos no pudimos sumarlos como estaban en el pedido:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink/85">
            {notice.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
