import { demoGenres } from "./taxonomy";
import type { DemoBook } from "./types";

/** True when `isbn` is 13 digits with a valid ISBN-13 check digit. */
export function isValidIsbn13(isbn: string): boolean {
  if (!/^\d{13}$/.test(isbn)) return false;
  const digits = [...isbn].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const MIN_BOOKS = 80;
const FEATURED = 4;
const MIN_PREORDERS = 4;
const OUT_OF_STOCK = 3;
const UNAVAILABLE = 2;
const WITHOUT_PRICE = 1;
const LAST_UNITS_RATIO = 0.8;

/**
 * Checks the demo catalogue against its documented rules. Returns one human-readable message per
 * problem; an empty list means the data is valid.
 */
export function validateDemoBooks(books: DemoBook[]): string[] {
  const errors: string[] = [];
  const genreCategory = new Map(demoGenres.map((genre) => [genre.name, genre.categoryKey]));
  const isbns = new Set<string>();
  const covers = new Set<string>();

  if (books.length < MIN_BOOKS) errors.push(`Hay ${books.length} libros; se necesitan al menos ${MIN_BOOKS}.`);

  for (const book of books) {
    const id = `«${book.title}»`;
    const category = genreCategory.get(book.genre);
    if (category === undefined) errors.push(`${id}: el género "${book.genre}" no existe en la taxonomía.`);
    else if (category !== book.categoryKey) {
      errors.push(`${id}: el género "${book.genre}" pertenece a "${category}", no a "${book.categoryKey}".`);
    }
    if (!isValidIsbn13(book.isbn) || !book.isbn.startsWith("978987")) {
      errors.push(`${id}: ISBN inválido (${book.isbn}).`);
    }
    if (isbns.has(book.isbn)) errors.push(`${id}: ISBN duplicado (${book.isbn}).`);
    isbns.add(book.isbn);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*\.svg$/.test(book.cover))
      errors.push(`${id}: nombre de tapa inválido (${book.cover}).`);
    if (covers.has(book.cover)) errors.push(`${id}: nombre de tapa duplicado (${book.cover}).`);
    covers.add(book.cover);
    if (book.stock < 0 || !Number.isInteger(book.stock)) errors.push(`${id}: stock inválido (${book.stock}).`);
    if (book.priceArs !== null && book.promotionalPriceArs !== undefined && book.promotionalPriceArs >= book.priceArs) {
      errors.push(`${id}: el precio promocional debe ser menor que el precio.`);
    }
    const preorder = book.preorder;
    if (preorder) {
      if (preorder.releaseInDays <= 0) errors.push(`${id}: la preventa debe salir en una fecha futura.`);
      if (book.priceArs !== null && preorder.priceArs >= book.priceArs) {
        errors.push(`${id}: el precio de preventa debe ser menor que el precio normal.`);
      }
      if (preorder.limit !== undefined && preorder.count > preorder.limit) {
        errors.push(`${id}: la preventa supera su límite (${preorder.count}/${preorder.limit}).`);
      }
    }
  }

  const featured = books.filter((book) => book.featuredOrder !== undefined);
  const orders = featured.map((book) => book.featuredOrder).sort();
  if (featured.length !== FEATURED || orders.join(",") !== "1,2,3,4") {
    errors.push(`Debe haber ${FEATURED} destacados con orden 1..4; hay ${featured.length} (${orders.join(", ")}).`);
  }
  for (const book of featured) {
    if (!book.available || book.stock <= 0)
      errors.push(`«${book.title}»: un destacado debe estar disponible y con stock.`);
  }

  const preorders = books.filter((book) => book.preorder !== undefined);
  if (preorders.length < MIN_PREORDERS) {
    errors.push(`Hay ${preorders.length} preventas; se necesitan al menos ${MIN_PREORDERS}.`);
  }
  const almostFull = preorders.filter(
    ({ preorder }) => preorder?.limit !== undefined && preorder.count >= preorder.limit * LAST_UNITS_RATIO,
  );
  if (almostFull.length < 1) errors.push("Al menos una preventa debe tener el 80 % o más de su cupo reservado.");

  const count = (label: string, expected: number, predicate: (book: DemoBook) => boolean): void => {
    const found = books.filter(predicate);
    if (found.length !== expected) {
      const titles = found.map((book) => book.title).join(", ");
      errors.push(`Debe haber exactamente ${expected} ${label}; hay ${found.length}${titles ? ` (${titles})` : ""}.`);
    }
  };
  count("libros sin stock (disponibles con stock 0)", OUT_OF_STOCK, (book) => book.available && book.stock === 0);
  count("libros no disponibles", UNAVAILABLE, (book) => !book.available);
  count("libros sin precio", WITHOUT_PRICE, (book) => book.priceArs === null);

  return errors;
}
