import { ArrowLeft, Printer } from "lucide-react";
import { useSyncExternalStore } from "react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { fairDates } from "~/components/admin/fairs/fair-status";
import { DomainError } from "~/domain/errors";
import { FAIR_MESSAGES } from "~/domain/fairs/input";
import { packingList } from "~/domain/fairs/report.server";
import { getSections } from "~/domain/settings/settings.server";
import { requireAdmin } from "~/lib/admin.server";
import { longDate } from "~/lib/dates";
import { idParam } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import { adminStylesheet } from "~/styles/stylesheets";
import type { Route } from "./+types/remito";

/**
 * The packing list ("remito") of what went to a fair: a page of its own, outside the panel's frame, made to be
 * printed (app/styles/print.css `.print-doc`: only the document is left on paper). Staff print it; it travels with the box.
 */
// Outside the admin layout (a page to print): it links the admin's stylesheet itself.
export const links: Route.LinksFunction = () => [adminStylesheet];

export const meta = ({ data }: Route.MetaArgs) =>
  seoMeta({ title: data ? `Remito · ${data.fair.name}` : "Remito", noIndex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  let id: number;
  try {
    id = idParam(params.id, FAIR_MESSAGES.notFound);
  } catch {
    throw data(null, { status: 404 });
  }
  const [list, { fiscal }] = await Promise.all([
    packingList(context.db, id).catch((error) => {
      if (error instanceof DomainError) throw data(null, { status: 404 });
      throw error;
    }),
    getSections(context.db, ["fiscal"]),
  ]);
  return {
    ...list,
    shop: { legalName: fiscal.legalName, cuit: fiscal.cuit, address: fiscal.legalAddress },
    today: longDate(new Date()),
  };
}

const subscribe = () => () => {};
/** The print button needs JavaScript: without it, the browser's own Print does the same. */
const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

const cell = "border border-ink/25 px-2 py-1.5 align-top";

export default function PackingList({ loaderData }: Route.ComponentProps) {
  const { fair, lines, titles, copies, returned, shop, today } = loaderData;
  const hydrated = useHydrated();
  const closed = fair.status === "closed";
  return (
    <main id="contenido" className="print-doc mx-auto w-full max-w-4xl flex-1 bg-white px-4 py-6 text-ink sm:px-8">
      <nav aria-label="Acciones del remito" className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={`/admin/ferias/${fair.id}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-moss underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver a la feria
        </Link>
        {hydrated ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex items-center gap-2 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark"
          >
            <Printer aria-hidden="true" className="size-4" /> Imprimir
          </button>
        ) : null}
      </nav>
      <header className="border-b border-ink pb-4">
        <p className="text-sm font-semibold tracking-[0.2em]">RIZOMA</p>
        {shop.legalName || shop.cuit || shop.address ? (
          <p className="text-sm">
            {[shop.legalName, shop.cuit ? `CUIT\u00a0${shop.cuit.replaceAll("-", "\u2011")}` : null, shop.address]
              .filter(Boolean)
              .join(" · ")}
          </p>
        ) : null}
        <h1 className="mt-3 font-serif text-3xl">Remito de libros a la feria</h1>
        <p className="mt-1 text-lg font-semibold break-words">{fair.name}</p>
        <p className="text-sm">
          {fair.place ? `${fair.place} · ` : ""}
          {fairDates(fair.startsOn, fair.endsOn)}
        </p>
        <p className="text-sm">Emitido el {today}. No válido como factura.</p>
      </header>
      {lines.length === 0 ? (
        <p className="mt-6">Todavía no se llevaron libros a esta feria.</p>
      ) : (
        <section aria-label="Libros enviados" className="mt-6 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Libros enviados a la feria</caption>
            <thead>
              <tr>
                <th scope="col" className={`${cell} w-8 text-right`}>
                  #
                </th>
                <th scope="col" className={cell}>
                  ISBN
                </th>
                <th scope="col" className={cell}>
                  Título y autor
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Cantidad
                </th>
                {closed ? (
                  <th scope="col" className={`${cell} text-right`}>
                    Volvieron
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={line.bookId}>
                  <td className={`${cell} text-right tabular-nums`}>{index + 1}</td>
                  <td className={`${cell} whitespace-nowrap tabular-nums`}>{line.isbn ?? "—"}</td>
                  <td className={`${cell} break-words`}>
                    <span className="font-semibold">{line.title}</span>
                    {line.author ? <span className="block text-xs">{line.author}</span> : null}
                  </td>
                  <td className={`${cell} text-right font-semibold tabular-nums`}>{line.sent}</td>
                  {closed ? <td className={`${cell} text-right tabular-nums`}>{line.returned}</td> : null}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" colSpan={3} className={`${cell} text-left`}>
                  Total: {titles === 1 ? "1 título" : `${titles} títulos`}
                </th>
                <td className={`${cell} text-right tabular-nums`} data-testid="remito-copies">
                  {copies}
                </td>
                {closed ? <td className={`${cell} text-right tabular-nums`}>{returned}</td> : null}
              </tr>
            </tfoot>
          </table>
        </section>
      )}
      {/* A footer, not a section: print.css's rules set every section's margin, and signing needs room. */}
      <footer className="mt-16 grid gap-12 sm:grid-cols-2 print:grid-cols-2">
        {["Entregó", "Recibió"].map((who) => (
          <div key={who} className="break-inside-avoid space-y-8">
            <p className="font-semibold">{who}</p>
            {["Firma", "Aclaración", "Fecha"].map((line) => (
              <p key={line} className="border-t border-ink pt-1 text-xs">
                {line}
              </p>
            ))}
          </div>
        ))}
      </footer>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="contenido" className="mx-auto w-full max-w-2xl flex-1 px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">{missing ? "Feria no encontrada" : "No se pudo armar el remito"}</h1>
      <p className="mt-4 text-ink/75">
        {missing ? "Esa feria no existe." : "Probá de nuevo en unos minutos."}{" "}
        <a href="/admin/ferias" className="font-semibold text-moss underline">
          Volver a las ferias
        </a>
      </p>
    </main>
  );
}
