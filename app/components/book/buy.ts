import { toast } from "~/components/ui/toast";
import type { CartBook } from "~/domain/cart/cart";
import { fromPesos } from "~/lib/money";
import { cartStore } from "../cart/use-cart";

/** The book fields the buy buttons read (a subset of the catalogue shape, so the home can pass its own). */
export interface BuyableBook {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  price: number | null;
  available: boolean;
  stock: number;
  isPreorder: boolean;
  preorderPrice: number | null;
  preorderCount: number;
  preorderLimit: number | null;
  tiendaNubeUrl: string | null;
}

export type BuyState = "in-stock" | "preorder" | "out-of-stock" | "unavailable";

/** The card-table row of spec §4 a book is in. */
export function buyState(book: BuyableBook): BuyState {
  if (!book.available) return "unavailable";
  if (book.isPreorder) {
    const full = book.preorderLimit !== null && book.preorderCount >= book.preorderLimit;
    return full ? "unavailable" : "preorder";
  }
  return book.stock > 0 ? "in-stock" : "out-of-stock";
}

export function cartBookOf(book: BuyableBook): CartBook {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    coverUrl: book.coverUrl,
    priceCents: fromPesos(book.isPreorder && book.preorderPrice !== null ? book.preorderPrice : book.price),
    isPreorder: book.isPreorder,
  };
}

/** Adds one unit after the server approves the stock; tells the visitor either way. */
export async function addToCart(book: BuyableBook): Promise<boolean> {
  if (buyState(book) === "unavailable") {
    toast({
      title: "Producto no disponible",
      description: "Este libro no está disponible en este momento",
      variant: "destructive",
    });
    return false;
  }
  const change = await cartStore().addItem(cartBookOf(book));
  if (change.ok) {
    toast({ title: "Agregado al carrito", description: book.title });
    return true;
  }
  toast({
    title: change.error,
    description:
      change.availableStock > 0
        ? `Podés llevar hasta ${change.availableStock} ${change.availableStock === 1 ? "unidad" : "unidades"} de «${book.title}».`
        : `No quedan unidades de «${book.title}» para agregar.`,
    variant: "destructive",
  });
  return false;
}

/**
 * The "... EN TIENDA" hand-off (DESIGN §5.1): opens the book's external store page in a new tab. Returns
 * false when the browser refused to open it (the caller keeps the visitor where they are).
 */
export function openStore(url: string): boolean {
  toast({ title: "Redirigiendo a la tienda...", description: "Te llevamos a la tienda para completar tu compra." });
  try {
    const opened = window.open(url, "_blank");
    if (!opened) throw new Error("ventana bloqueada");
    opened.opener = null;
    return true;
  } catch (error) {
    console.warn("No se pudo abrir la tienda", error);
    toast({ title: "Error", description: "No se pudo abrir la tienda. Inténtalo de nuevo.", variant: "destructive" });
    return false;
  }
}
