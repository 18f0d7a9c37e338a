import { Link } from "react-router";
import type { ReorderBook } from "~/domain/reports/reorder.server";
import { ReportTable } from "./report-table";

/** The reorder list's books: the distributor's columns plus the 30-day sales. */
export function ReorderTable({ books, threshold }: { books: ReorderBook[]; threshold: number }) {
  return (
    <ReportTable
      caption={`Libros con stock de ${threshold} o menos, los más esperados y vendidos primero`}
      columns={[
        { label: "Libro" },
        { label: "ISBN" },
        { label: "Editorial" },
        { label: "Stock", numeric: true },
        { label: "Avisos en espera", numeric: true },
        { label: "Vendidos 30 días", numeric: true },
        { label: "Vendidos 90 días", numeric: true },
        { label: "Cantidad sugerida", numeric: true },
      ]}
      rows={books.map((book) => [
        <span key="book" className="block min-w-40">
          <Link to={`/admin/libros/${book.bookId}`} className="font-semibold text-moss underline">
            {book.title}
          </Link>
          {book.author ? <span className="block text-ink/75">{book.author}</span> : null}
        </span>,
        <span key="isbn" className="whitespace-nowrap tabular-nums">
          {book.isbn ?? "—"}
        </span>,
        book.publisher ?? "—",
        String(book.stock),
        String(book.waiting),
        String(book.sold30),
        String(book.sold90),
        <strong key="suggested">{book.suggested}</strong>,
      ])}
    />
  );
}
