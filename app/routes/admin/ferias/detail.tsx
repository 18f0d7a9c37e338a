import { ArrowLeft, Printer } from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import { CloseFair } from "~/components/admin/fairs/close-fair";
import { FairBooks, Shortages } from "~/components/admin/fairs/fair-books";
import { FairForm } from "~/components/admin/fairs/fair-form";
import { FairSales } from "~/components/admin/fairs/fair-sales";
import { button, card, copies, FairStatusBadge, fairDates, outlined } from "~/components/admin/fairs/fair-status";
import { MoveBooks } from "~/components/admin/fairs/move-books";
import { WarningPanel } from "~/components/admin/warning-panel";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { DomainError, Invalid } from "~/domain/errors";
import { openFair, teamMembers, updateFair } from "~/domain/fairs/fairs.server";
import { FAIR_MESSAGES, fairDiscountWarning, fairFormValues, LAW_DISCOUNT_LIMIT } from "~/domain/fairs/input";
import { fairDetail } from "~/domain/fairs/report.server";
import { closeFair, closeFormInput, moveFormInput, moveToFair, searchBooksToMove } from "~/domain/fairs/stock.server";
import { requireAction, requireAdmin } from "~/lib/admin.server";
import { mediumDateTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/detail";

export const meta = ({ data }: Route.MetaArgs) => seoMeta({ title: data ? data.fair.name : "Feria", noIndex: true });

function fairId(raw: string | undefined): number {
  try {
    return idParam(raw, FAIR_MESSAGES.notFound);
  } catch {
    throw data(null, { status: 404 });
  }
}

function notice(params: URLSearchParams): NoticeData | null {
  const moved = Number(params.get("n"));
  switch (params.get("aviso")) {
    case "creada":
      return { tone: "success", title: "Feria creada", message: "Ya podés llevarle libros." };
    case "guardada":
      return { tone: "success", title: "Cambios guardados" };
    case "abierta":
      return {
        tone: "success",
        title: "Feria abierta",
        message: "Ya se puede vender en ella desde la página de venta.",
      };
    case "llevados":
      return {
        tone: "success",
        title: "Libros llevados a la feria",
        message: `${Number.isInteger(moved) && moved > 0 ? `Llevaste ${copies(moved)}. ` : ""}Ya no se venden en la tienda online. Imprimí el remito para que viaje con la caja.`,
      };
    case "cerrada":
      return { tone: "success", title: "Feria cerrada", message: "Lo que volvió ya está en el stock de la tienda." };
    default:
      return null;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const id = fairId(params.id);
  const url = new URL(request.url);
  const detail = await fairDetail(context.db, id).catch((error) => {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  });
  const owner = admin.role === "owner";
  const closed = detail.fair.status === "closed";
  const query = (url.searchParams.get("buscar") ?? "").trim().slice(0, 100);
  const [team, results] = await Promise.all([
    owner && !closed ? teamMembers(context.db) : [],
    query && !closed ? searchBooksToMove(context.db, id, query) : [],
  ]);
  return { ...detail, owner, team, query, results, notice: notice(url.searchParams) };
}

type FailureValues = Record<string, string | string[]>;

/** The page's forms: `move` (staff), `update`, `open`, `close` (owners, roles.ts); each a 303 back with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const id = fairId(params.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const typed: FailureValues = {};
  for (const [name, value] of form.entries()) {
    if (/^(quantity|back)-\d+$/.test(name) && typeof value === "string") typed[name] = value;
  }
  const values: FailureValues = intent === "update" ? { ...fairFormValues(form) } : typed;
  const back = (aviso: string) => redirect(`/admin/ferias/${id}?aviso=${aviso}`, 303);
  return formAction(
    values,
    async () => {
      if (!["update", "open", "move", "close"].includes(intent)) throw new Invalid("Acción desconocida");
      requireAction(admin, "admin/ferias/:id", intent);
      if (intent === "update") {
        await updateFair(context.db, admin, id, fairFormValues(form));
        return back("guardada");
      }
      if (intent === "open") {
        await openFair(context.db, admin, id);
        return back("abierta");
      }
      if (intent === "move") {
        const moved = await moveToFair(requestContext(context), admin, id, moveFormInput(form));
        return redirect(`/admin/ferias/${id}?aviso=llevados&n=${moved.copies}`, 303);
      }
      await closeFair(requestContext(context), admin, id, closeFormInput(form));
      return back("cerrada");
    },
    { intent },
  );
}

const TITLES: Record<string, string> = {
  update: "No se pudieron guardar los cambios",
  open: "No se pudo abrir la feria",
  move: "No se pudieron llevar los libros",
  close: "No se pudo cerrar la feria",
};

export default function AdminFair({ loaderData, actionData }: Route.ComponentProps) {
  const { fair, sellers, books, sales, totals, owner, team, query, results } = loaderData;
  const closed = fair.status === "closed";
  const failed = (intent: string): NoticeData | null =>
    actionData?.intent === intent
      ? { tone: "error", title: TITLES[intent] ?? "Error", message: actionData.message }
      : null;
  const failedValues = (intent: string) =>
    actionData?.intent === intent ? (actionData.values as Record<string, string>) : {};
  const failedFields = (intent: string) => (actionData?.intent === intent ? actionData.fields : {});
  const unknown =
    actionData && !TITLES[actionData.intent]
      ? { tone: "error" as const, title: "Error", message: actionData.message }
      : null;
  const editValues =
    actionData?.intent === "update"
      ? (actionData.values as unknown as Parameters<typeof FairForm>[0]["initial"])
      : null;
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <Link to="/admin/ferias" className="inline-flex items-center gap-1 text-sm font-semibold text-moss underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Ferias
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-3xl break-words">{fair.name}</h1>
          <FairStatusBadge status={fair.status} />
        </div>
        <p className="text-ink/80">
          {fair.place ? `${fair.place} · ` : ""}
          {fairDates(fair.startsOn, fair.endsOn)}
          {fair.discountPercent > 0 ? ` · ${fair.discountPercent}% de descuento` : " · Sin descuento"}
          {closed && fair.closedAt ? ` · Cerrada el ${mediumDateTime(fair.closedAt)}` : ""}
        </p>
        <p className="text-sm text-ink/75">
          Venden: {sellers.length > 0 ? sellers.map((seller) => seller.email).join(", ") : "cualquiera del equipo"}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {totals.sent > 0 ? (
            <Link to={`/admin/ferias/${fair.id}/remito`} className={`${outlined} inline-flex items-center gap-2`}>
              <Printer aria-hidden="true" className="size-4" /> Remito para imprimir
            </Link>
          ) : null}
          {owner && fair.status === "planned" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="open" />
              <button type="submit" className={button}>
                Abrir la feria
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      <Notice notice={failed("open") ?? unknown ?? loaderData.notice} />
      {fair.discountPercent > LAW_DISCOUNT_LIMIT ? (
        <WarningPanel id="descuento-ley" title="Descuento por encima de la Ley 25.542">
          <p className="mt-1 text-ink">{fairDiscountWarning(fair.discountPercent)}</p>
        </WarningPanel>
      ) : null}

      <section aria-labelledby="libros" className="space-y-3">
        <h2 id="libros" className="font-serif text-2xl">
          Libros en la feria
        </h2>
        <p className="text-sm text-ink/80" data-testid="fair-totals">
          Enviados: {totals.sent} · Vendidos: {totals.sold} · En la mesa: {totals.onTable}
          {closed ? ` · Volvieron: ${totals.returned} · Faltan: ${totals.short}` : ""}
        </p>
        <FairBooks books={books} totals={totals} closed={closed} />
      </section>

      {closed ? <Shortages books={books} /> : null}

      {closed ? null : (
        <MoveBooks
          fairId={fair.id}
          query={query}
          results={results}
          problem={failed("move")}
          values={failedValues("move")}
          errors={failedFields("move")}
        />
      )}

      <FairSales sales={sales} closed={closed} />

      {owner && !closed ? (
        <CloseFair
          books={books}
          problem={failed("close")}
          values={failedValues("close")}
          errors={failedFields("close")}
        />
      ) : null}

      {owner && !closed ? (
        <section aria-labelledby="editar" className={card}>
          <details open={actionData?.intent === "update"}>
            <summary className="cursor-pointer">
              <h2 id="editar" className="inline font-serif text-2xl">
                Editar los datos de la feria
              </h2>
            </summary>
            <div className="mt-4 space-y-4">
              <Notice notice={failed("update")} />
              <FairForm
                intent="update"
                action={`/admin/ferias/${fair.id}`}
                idPrefix="editar"
                initial={
                  editValues ?? {
                    name: fair.name,
                    place: fair.place,
                    startsOn: fair.startsOn,
                    endsOn: fair.endsOn,
                    discountPercent: String(fair.discountPercent),
                    sellers: sellers.map((seller) => String(seller.id)),
                  }
                }
                errors={failedFields("update")}
                team={team}
                submitLabel="Guardar cambios"
              />
            </div>
          </details>
        </section>
      ) : null}
      {!owner && !closed ? (
        <p className="text-sm text-ink/75">Abrir, editar y cerrar la feria les toca a los titulares de la tienda.</p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <AdminRouteError
        title="Feria no encontrada"
        message="Esa feria no existe. Puede que el enlace esté mal copiado."
        retry={{ href: "/admin/ferias", label: "Volver a las ferias" }}
      />
    );
  }
  return (
    <AdminRouteError
      title="Feria"
      message="No se pudo cargar la feria"
      retry={{ href: "/admin/ferias", label: "Volver a las ferias" }}
    />
  );
}
