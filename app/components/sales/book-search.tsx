import { Plus, ScanBarcode, Search } from "lucide-react";
import { lazy, Suspense, useId, useMemo, useRef, useState } from "react";
import { type CatalogBook, findByCode, type SearchableBook, searchBooks } from "~/domain/sales/lookup";
import { formatMoney } from "~/lib/money";

/** The scanner's chunk (camera and decoder) loads on the first "Escanear", never with the page. */
export const loadScanner = () => import("./barcode-scanner");
const BarcodeScanner = lazy(() => loadScanner().then((module) => ({ default: module.BarcodeScanner })));

/**
 * Finding the book to sell, in the phone's snapshot: what is typed is searched at every key (title, author,
 * ISBN, SKU; accents ignored), and a scanned code is looked up by ISBN in either form or by SKU.
 */
export function BookSearch({
  index,
  books,
  stockOf,
  onAdd,
  disabled,
}: {
  index: SearchableBook[];
  books: CatalogBook[];
  stockOf(bookId: number): number | null;
  onAdd(book: CatalogBook): void;
  disabled: boolean;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const results = useMemo(() => searchBooks(index, query), [index, query]);

  const add = (book: CatalogBook) => {
    onAdd(book);
    setNotice({ text: `Agregado: «${book.title}»`, error: false });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Buscar libros
      </h2>
      <label htmlFor={`${id}-query`} className="mb-1 block font-semibold">
        Buscá por título, autor o ISBN
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3.5 left-3 size-5 text-ink/60" />
          <input
            ref={input}
            id={`${id}-query`}
            type="search"
            value={query}
            disabled={disabled}
            onChange={(event) => setQuery(event.currentTarget.value)}
            autoComplete="off"
            enterKeyHint="search"
            className="min-h-12 w-full rounded-xl border border-ink/25 bg-white pr-3 pl-10 text-base"
          />
        </div>
        <button
          type="button"
          disabled={disabled}
          onClick={() => setScanning(true)}
          onPointerEnter={() => void loadScanner()}
          className="flex min-h-12 shrink-0 items-center gap-2 rounded-xl border border-moss bg-white px-3 font-semibold text-moss disabled:opacity-50"
        >
          <ScanBarcode aria-hidden="true" className="size-5" />
          Escanear
        </button>
      </div>
      {scanning ? (
        <div className="mt-3">
          <Suspense fallback={<p className="p-3 text-ink/75">Abriendo el escáner…</p>}>
            <BarcodeScanner
              onCode={(code) => {
                const book = findByCode(books, code);
                if (book) add(book);
                else setNotice({ text: `No encontramos el código ${code} en el catálogo`, error: true });
              }}
              // The scanner gives focus back to "Escanear" itself when it closes.
              onClose={() => setScanning(false)}
            />
          </Suspense>
        </div>
      ) : null}
      <p
        role="status"
        className={`mt-2 min-h-6 text-sm ${notice?.error ? "font-semibold text-terracotta-dark" : "text-moss"}`}
      >
        {notice?.text ?? ""}
      </p>
      {query.trim() !== "" ? (
        results.length > 0 ? (
          <ul className="mt-1 divide-y divide-ink/10 rounded-xl border border-ink/15 bg-white" aria-label="Resultados">
            {results.map((book) => (
              <li key={book.id}>
                <ResultRow
                  book={book}
                  stock={stockOf(book.id)}
                  onAdd={() => {
                    add(book);
                    setQuery("");
                    input.current?.focus();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 rounded-xl bg-white p-3 text-ink/75">
            No hay libros que coincidan con «{query.trim()}» en el catálogo.
          </p>
        )
      ) : null}
    </section>
  );
}

function ResultRow({ book, stock, onAdd }: { book: CatalogBook; stock: number | null; onAdd(): void }) {
  return (
    <button type="button" onClick={onAdd} className="flex w-full items-center gap-3 p-2 text-left hover:bg-moss/5">
      <img
        src={book.cover}
        alt=""
        width={40}
        height={60}
        loading="lazy"
        className="h-15 w-10 shrink-0 rounded object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold leading-snug">{book.title}</span>
        <span className="block truncate text-sm text-ink/75">{book.author}</span>
        <span className="block text-sm">
          {book.price === null ? "Sin precio" : formatMoney(Math.round(book.price * 100))}
          {" · "}
          <span className={stock !== null && stock <= 0 ? "font-semibold text-terracotta-dark" : "text-ink/75"}>
            {stock === null ? "" : stock <= 0 ? "Sin stock en el sistema" : `Quedan ${stock}`}
          </span>
        </span>
      </span>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-moss text-white">
        <Plus aria-hidden="true" className="size-5" />
        <span className="sr-only">Agregar «{book.title}»</span>
      </span>
    </button>
  );
}
