import { Plus } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminSearch } from "~/components/admin/admin-search";
import { CatalogFileLinks } from "~/components/admin/catalog-import/catalog-file-links";
import { AdminPagination } from "~/components/admin/pagination";
import { WaitingBadge } from "~/components/admin/waiting-alerts";
import { BookCover } from "~/components/book/book-cover";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { ADMIN_BOOK_FILTERS, type AdminBookFilter } from "~/domain/catalog/admin-book-filters";
import { listAdminBooks, UNPUBLISHED_INSTEAD } from "~/domain/catalog/admin-books.server";
import { canComplete, completeBookData, completedMessage } from "~/domain/catalog/isbn-lookup.server";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { DomainError } from "~/domain/errors";
import { waitingAlertCounts } from "~/domain/stock-alerts/counts.server";
import { requireAdmin } from "~/lib/admin.server";
import { readForm } from "~/lib/http.server";
import { formatPrice, fromPesos } from "~/lib/money";
import { loadSection } from "~/lib/page-parts.server";
import { parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/list";

/** The spec's toasts for the book list, shown after the redirect that follows each change. */
const notices: Record<string, NoticeData> = {
  creado: { tone: "success", title: "Éxito", message: "Libro creado correctamente" },
  actualizado: { tone: "success", title: "Éxito", message: "Libro actualizado correctamente" },
  eliminado: { tone: "success", title: "Éxito", message: "Libro eliminado correctamente" },
  despublicado: { tone: "success", title: "Libro despublicado", message: UNPUBLISHED_INSTEAD },
  "no-eliminado": { tone: "error", title: "Error", message: "No se pudo eliminar el libro" },
};

const filterLabels: Record<AdminBookFilter, string> = {
  todos: "Todos",
  "sin-stock": "Sin stock",
  "poco-stock": "Poco stock",
  preventa: "Preventa",
  "no-disponibles": "No disponibles",
  ocultos: "No publicados",
  incompletos: "Datos incompletos",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = ADMIN_BOOK_FILTERS.find((f) => f === params.get("estado")) ?? "todos";
  const search = normaliseSearch(params.get("buscar"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("pagina") ?? "1", 10) || 1));
  // A failed read keeps the page (search, filters) and says so where the list goes.
  const result = await loadSection(context, "admin books", async () => {
    const list = await listAdminBooks(context.db, { search, filter, page });
    const waiting = await waitingAlertCounts(
      context.db,
      list.books.map((book) => book.id),
    );
    return {
      ...list,
      waiting: Object.fromEntries(waiting),
      incomplete: list.books.filter(canComplete).map((b) => b.id),
    };
  });
  return { result, filter, search, notice: notices[params.get("aviso") ?? ""] ?? null };
}

/** "Completar datos" (one book): its ISBN looked up, only its empty fields filled; the result as a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const id = parseId(String(form.get("completar") ?? "")) ?? 0;
  try {
    const result = await completeBookData(requestContext(context), admin, id);
    const completed: NoticeData =
      result.filled.length > 0
        ? { tone: "success", title: "Datos completados", message: completedMessage(result) }
        : {
            tone: "error",
            title: result.unknown ? "ISBN no encontrado" : "Sin datos nuevos",
            message: completedMessage(result),
          };
    return { completed };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const completed: NoticeData = {
      tone: "error",
      title: "No se pudieron completar los datos",
      message: error.message,
    };
    return { completed };
  }
}

function href(search: string, filter: AdminBookFilter, page = 1) {
  const query = new URLSearchParams();
  if (search) query.set("buscar", search);
  if (filter !== "todos") query.set("estado", filter);
  if (page > 1) query.set("pagina", String(page));
  const qs = query.toString();
  return qs ? `/admin/libros?${qs}` : "/admin/libros";
}

export default function AdminBooks({ loaderData, actionData }: Route.ComponentProps) {
  const { result, filter, search } = loaderData;
  const notice = actionData?.completed ?? loaderData.notice;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">Libros</h1>
        <Link
          to="/admin/libros/nuevo"
          className="flex items-center gap-2 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark"
        >
          <Plus aria-hidden="true" className="size-4" /> Nuevo libro
        </Link>
      </div>
      <CatalogFileLinks />
      <Notice notice={notice} />
      <AdminSearch
        label="Buscar libros del catálogo"
        placeholder="Buscar por título, autor o ISBN"
        search={search}
        className="flex max-w-xl gap-2"
        keep={filter !== "todos" ? { estado: filter } : {}}
      />
      <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
        {ADMIN_BOOK_FILTERS.map((option) => (
          <Link
            key={option}
            to={href(search, option)}
            aria-current={option === filter ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-semibold ${
              option === filter ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss"
            }`}
          >
            {filterLabels[option]}
          </Link>
        ))}
      </nav>
      {result ? (
        <BookList {...result} filter={filter} search={search} />
      ) : (
        <Notice notice={{ tone: "error", title: "Error", message: "Error al cargar libros" }} />
      )}
    </div>
  );
}

function BookList({
  books,
  waiting,
  incomplete,
  pagination,
  filter,
  search,
}: NonNullable<Route.ComponentProps["loaderData"]["result"]> & { filter: AdminBookFilter; search: string }) {
  return (
    <>
      <p className="text-sm text-ink/75" aria-live="polite">
        {pagination.total === 1 ? "1 libro" : `${pagination.total.toLocaleString("es-AR")} libros`}
      </p>
      {books.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">No hay libros que coincidan.</p>
      ) : (
        <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
          {books.map((book) => (
            <li key={book.id} className="flex flex-wrap items-center">
              <Link
                to={`/admin/libros/${book.id}`}
                className="flex min-w-0 flex-1 basis-72 items-center gap-4 px-4 py-3 hover:bg-cream/60"
              >
                <BookCover src={book.coverUrl} title={book.title} author={book.author} className="w-10 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{book.title}</p>
                  <p className="truncate text-sm text-ink/75">{book.author}</p>
                </div>
                <div className="hidden text-right text-sm sm:block">
                  <p className="font-semibold">{formatPrice(fromPesos(book.listPrice))}</p>
                  <p className="text-ink/75">Stock: {book.stock}</p>
                </div>
                <div className="flex w-28 flex-wrap justify-end gap-1">
                  {book.isPreorder ? <Tag className="bg-ochre/30">Preventa</Tag> : null}
                  {!book.available ? <Tag className="bg-terracotta/15 text-terracotta-dark">No disponible</Tag> : null}
                  {!book.published ? <Tag className="bg-ink/10">Oculto</Tag> : null}
                  {book.featured ? <Tag className="bg-moss/15 text-moss">Carrusel</Tag> : null}
                  <WaitingBadge waiting={waiting[book.id]} />
                </div>
              </Link>
              {incomplete.includes(book.id) ? (
                <Form method="post" className="px-4 pb-3 sm:py-3">
                  <button
                    type="submit"
                    name="completar"
                    value={book.id}
                    className="rounded-full border border-moss/40 px-3 py-1 text-sm font-semibold text-moss hover:bg-moss/10"
                  >
                    Completar datos<span className="sr-only"> de «{book.title}»</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AdminPagination page={pagination.page} pages={pagination.totalPages} href={(to) => href(search, filter, to)} />
    </>
  );
}

function Tag({ children, className }: { children: React.ReactNode; className: string }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${className}`}>{children}</span>;
}
