import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SpecialOrderLink } from "../special-orders/special-order-link";
import { addToCart, type BuyableBook, buyState, openStore } from "./buy";

/** Buy-to-checkout delay after PREORDENAR (spec §9). */
export const CHECKOUT_DELAY_MS = 100;
/** How long 'Abriendo tienda...' stays on the button. */
const OPENING_MS = 1500;

// The card's button shape and each state's colours (app/styles/shop.css).
const base = "card-btn";
const primary = "card-btn card-buy";
const secondary = "card-btn card-order";

/** The buy button of a card, per the table of spec §4 and DESIGN §5.1. */
export function BuyButton({ book, variant }: { book: BuyableBook; variant: "shop" | "home" }) {
  const state = buyState(book);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  const forBook = <span className="sr-only">: {book.title}</span>;

  if (state === "unavailable") {
    return (
      <button type="button" disabled className={`${base} cursor-not-allowed bg-ink/10 text-ink/75`}>
        NO DISPONIBLE{forBook}
      </button>
    );
  }
  if (state === "out-of-stock") {
    return (
      <SpecialOrderLink book={book} className={secondary}>
        {variant === "home" ? "ORDENAR (72HS)" : "ORDENAR 72HS"}
        {forBook}
      </SpecialOrderLink>
    );
  }
  const label =
    variant === "home"
      ? state === "preorder"
        ? "RESERVAR EN TIENDA"
        : "COMPRAR EN TIENDA"
      : state === "preorder"
        ? "PREORDENAR"
        : "COMPRAR";

  if (variant === "home" && book.tiendaNubeUrl) {
    const url = book.tiendaNubeUrl;
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={primary}
        onClick={(event) => {
          event.preventDefault();
          setOpening(true);
          openStore(url);
          later(() => setOpening(false), OPENING_MS);
        }}
      >
        {opening ? "Abriendo tienda..." : label}
        {forBook}
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </a>
    );
  }
  return (
    <button
      type="button"
      className={primary}
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        const added = await addToCart(book);
        setBusy(false);
        if (added && state === "preorder" && variant === "shop") later(() => navigate("/checkout"), CHECKOUT_DELAY_MS);
      }}
    >
      {label}
      {forBook}
    </button>
  );
}
