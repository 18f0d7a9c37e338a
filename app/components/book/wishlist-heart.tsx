import { useEffect } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { toast } from "~/components/ui/toast";
import { Heart } from "../ui/icons/heart";

/** Where the heart posts: the Mi cuenta list's action (signed out, it sends the reader to sign in). */
export const WISHLIST_ACTION = "/cuenta/quiero-leer";

/** The shop layout's `wishlist`: the signed-in reader's book ids, [] for everyone else. */
function useWishlist(): readonly number[] {
  const layout = useRouteLoaderData("routes/shop-layout") as { wishlist?: number[] } | undefined;
  return layout?.wishlist ?? [];
}

/**
 * The "Quiero leerlo" heart of a book: a plain form, so it works without JavaScript (a 303 back to this
 * page). It posts the state its label promises (`add` or `remove`, not a blind `toggle`), so a stale page
 * (the back button, a second tab) never takes out a book its heart offered to add. With JavaScript a
 * fetcher posts the same fields and the heart changes at once. Cached pages are the same for everyone, so
 * a visitor's hearts are all empty (pressing one leads to the sign-in); a signed-in reader's requests skip
 * the cache and the shop layout gives their ids. `variant="page"` is the book page's labelled button.
 */
export function WishlistHeart({
  book,
  variant = "card",
  className = "",
}: {
  book: { id: number; title: string };
  variant?: "card" | "page";
  className?: string;
}) {
  const saved = useWishlist().includes(book.id);
  const location = useLocation();
  const fetcher = useFetcher<{ message?: string }>();
  const pending = fetcher.formData?.get("intent");
  const wished = pending === "add" ? true : pending === "remove" ? false : saved;
  const failure = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  useEffect(() => {
    if (failure) toast({ title: "No pudimos guardar tu lista", description: failure, variant: "destructive" });
  }, [failure]);

  const label = wished ? `Quitar «${book.title}» de Quiero leerlo` : `Agregar «${book.title}» a Quiero leerlo`;
  return (
    <form
      method="post"
      action={WISHLIST_ACTION}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        // One post at a time: a second press would abort the first in the browser but not on the server,
        // where the two could land in either order and leave the list the opposite of the heart. Once the
        // server has answered (the fetcher reloading the page's data), pressing again is safe.
        if (fetcher.state === "submitting") return;
        const form = new FormData(event.currentTarget);
        form.set("respuesta", "datos");
        fetcher.submit(form, { method: "post", action: WISHLIST_ACTION });
      }}
    >
      <input type="hidden" name="bookId" value={book.id} />
      <input type="hidden" name="intent" value={wished ? "remove" : "add"} />
      <input type="hidden" name="volver" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={wished}
        aria-label={label}
        title={label}
        data-testid="wishlist-heart"
        className={
          variant === "page"
            ? "inline-flex items-center gap-2 rounded-full border border-terracotta-dark px-6 py-3 font-bold tracking-wider text-terracotta-dark hover:bg-cream"
            : "card-heart"
        }
      >
        <Heart className="size-5" fill={wished ? "currentColor" : "none"} />
        {variant === "page" ? "Quiero leerlo" : null}
      </button>
    </form>
  );
}
