import { Download, Mail } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { AdminPagination } from "~/components/admin/pagination";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { DomainError } from "~/domain/errors";
import { type NewsletterFilters, newsletterQuery, parseNewsletterFilters } from "~/domain/newsletter/admin-filters";
import {
  adminUnsubscribe,
  listSubscribers,
  newsletterCounts,
  sourceLabel,
} from "~/domain/newsletter/newsletter.server";
import { NEWSLETTER_TOPICS, topicLabel } from "~/domain/newsletter/topics";
import { requireAdmin } from "~/lib/admin.server";
import { shortDate } from "~/lib/dates";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Panel Rizoma" }];

const notices: Record<string, NoticeData> = {
  baja: { tone: "success", title: "Listo", message: "El suscriptor quedó dado de baja" },
  "no-baja": { tone: "error", title: "Error", message: "No se pudo dar de baja al suscriptor" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filters = parseNewsletterFilters(params);
  const [{ rows, total }, counts] = await Promise.all([
    listSubscribers(context.db, filters),
    newsletterCounts(context.db),
  ]);
  return {
    filters,
    total,
    counts: { ...counts, bySource: counts.bySource.map((s) => ({ ...s, label: sourceLabel(s.source) })) },
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      interests: row.interests.map(topicLabel),
      source: sourceLabel(row.source),
      status: row.status,
      subscribedAt: row.subscribedAt.toISOString(),
    })),
    notice: notices[params.get("aviso") ?? ""] ?? null,
  };
}

/** Unsubscribes one person (form post; back to the same list with a notice). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const back = String(form.get("volver") ?? "");
  const query = back.startsWith("?") ? back : "";
  const separator = query ? "&" : "?";
  const id = parseId(form.get("id"));
  try {
    if (id === null) throw new DomainError("Suscriptor inválido");
    await adminUnsubscribe(context.db, admin, id);
    return redirect(`/admin/newsletter${query}${separator}aviso=baja`, 303);
  } catch (error) {
    if (error instanceof DomainError) return redirect(`/admin/newsletter${query}${separator}aviso=no-baja`, 303);
    throw error;
  }
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { filters, total, counts, subscribers, notice } = loaderData;
  const query = newsletterQuery({ ...filters, page: 1 });
  const pages = Math.max(1, Math.ceil(total / 50));
  const withFilters = (change: Partial<NewsletterFilters>) =>
    `/admin/newsletter${newsletterQuery({ ...filters, page: 1, ...change })}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">Newsletter</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/admin/correos"
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 font-semibold text-moss hover:bg-moss/10"
          >
            <Mail aria-hidden="true" className="size-4" /> Correos enviados
          </Link>
          <a
            href={`/api/admin/newsletter/export${query}`}
            download
            className="flex items-center gap-2 rounded-full bg-moss px-4 py-2 font-semibold text-white hover:bg-moss-dark"
          >
            <Download aria-hidden="true" className="size-4" /> Exportar CSV
          </a>
        </div>
      </div>
      <Notice notice={notice} />

      <section aria-label="Resumen" className="grid gap-4 lg:grid-cols-3">
        <div className="rounded-xl border border-ink/10 bg-white p-4">
          <p className="text-sm text-ink/75">Suscriptores activos</p>
          <p className="font-serif text-4xl">{counts.active.toLocaleString("es-AR")}</p>
          <p className="mt-1 text-sm text-ink/75">{counts.unsubscribed.toLocaleString("es-AR")} dados de baja</p>
        </div>
        <div className="rounded-xl border border-ink/10 bg-white p-4 lg:col-span-2">
          <h2 className="font-semibold">Por origen</h2>
          {counts.bySource.length === 0 ? (
            <p className="mt-2 text-sm text-ink/75">Todavía no hay suscriptores.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              {counts.bySource.map((source) => (
                <li key={source.source} className="rounded-full bg-cream px-3 py-1">
                  {source.label}: <strong>{source.count}</strong>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="por-tema" className="rounded-xl border border-ink/10 bg-white p-4">
        <h2 id="por-tema" className="font-semibold">
          Por tema (activos)
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2 text-sm">
          <li>
            <Link
              to={withFilters({ topic: null })}
              aria-current={filters.topic === null ? "true" : undefined}
              className={`inline-block rounded-full px-3 py-1 ${filters.topic === null ? "bg-moss text-white" : "border border-moss/40 text-moss"}`}
            >
              Todos los temas
            </Link>
          </li>
          {counts.byTopic.map((topic) => (
            <li key={topic.id}>
              <Link
                to={withFilters({ topic: topic.id })}
                aria-current={filters.topic === topic.id ? "true" : undefined}
                className={`inline-block rounded-full px-3 py-1 ${filters.topic === topic.id ? "bg-moss text-white" : "border border-moss/40 text-moss"}`}
              >
                {topic.label} <span className="font-semibold">{topic.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Form method="get" role="search" aria-label="Buscar suscriptores" className="grid gap-3 sm:flex sm:items-end">
        {filters.topic ? <input type="hidden" name="tema" value={filters.topic} /> : null}
        <div className="min-w-0 sm:flex-1">
          <label htmlFor="buscar" className="text-sm font-semibold">
            Buscar por email o nombre
          </label>
          <input
            id="buscar"
            name="buscar"
            type="search"
            defaultValue={filters.search}
            className="mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="estado" className="text-sm font-semibold">
            Estado
          </label>
          <select
            id="estado"
            name="estado"
            defaultValue={filters.status === "unsubscribed" ? "bajas" : filters.status === null ? "todos" : "activos"}
            className="mt-1 block w-full rounded-md border border-ink/25 bg-white px-3 py-2"
          >
            <option value="activos">Activos</option>
            <option value="bajas">Dados de baja</option>
            <option value="todos">Todos</option>
          </select>
        </div>
        <button type="submit" className="rounded-md bg-moss px-4 py-2 font-semibold text-white hover:bg-moss-dark">
          Buscar
        </button>
      </Form>

      <p className="text-sm text-ink/75" aria-live="polite">
        {total === 1 ? "1 suscriptor" : `${total.toLocaleString("es-AR")} suscriptores`}
        {filters.topic ? ` interesados en ${NEWSLETTER_TOPICS.find((t) => t.id === filters.topic)?.label}` : ""}
      </p>

      {subscribers.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">No hay suscriptores que coincidan.</p>
      ) : (
        <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
          {subscribers.map((subscriber) => (
            <li key={subscriber.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{subscriber.email}</p>
                <p className="text-sm text-ink/75">
                  {[subscriber.name, subscriber.source, shortDate(subscriber.subscribedAt)].filter(Boolean).join(" · ")}
                </p>
                {subscriber.interests.length ? (
                  <p className="mt-1 text-sm text-ink/80">{subscriber.interests.join(", ")}</p>
                ) : null}
              </div>
              {subscriber.status === "active" ? (
                <Form method="post">
                  <input type="hidden" name="id" value={subscriber.id} />
                  <input type="hidden" name="volver" value={newsletterQuery(filters)} />
                  <button
                    type="submit"
                    className="rounded-md border border-terracotta-dark px-3 py-1.5 text-sm font-semibold text-terracotta-dark hover:bg-terracotta/10"
                    aria-label={`Dar de baja a ${subscriber.email}`}
                  >
                    Dar de baja
                  </button>
                </Form>
              ) : (
                <span className="rounded bg-ink/10 px-2 py-1 text-xs font-semibold">Dado de baja</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <AdminPagination
        page={filters.page}
        pages={pages}
        href={(to) => `/admin/newsletter${newsletterQuery({ ...filters, page: to })}`}
      />
    </div>
  );
}
