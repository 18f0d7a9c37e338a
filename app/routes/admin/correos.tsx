import { Link } from "react-router";
import { AdminPagination } from "~/components/admin/pagination";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { listOutbox, outboxCounts, outboxQuery } from "~/domain/mail/outbox.server";
import { MAIL_STATUS, OUTBOX_STATUSES, type OutboxStatus } from "~/domain/mail/status";
import { requireAdmin } from "~/lib/admin.server";
import { dayMonthTime } from "~/lib/dates";
import { readQuery } from "~/lib/http.server";
import type { Route } from "./+types/correos";

export const meta: Route.MetaFunction = () => [{ title: "Correos | Panel Rizoma" }];

const notices: Record<string, NoticeData> = {
  reintento: { tone: "success", title: "Listo", message: "El correo volvió a la cola de envío" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const query = readQuery(request, outboxQuery);
  const page = query.pagina ?? 1;
  const [{ rows, total }, counts] = await Promise.all([
    listOutbox(context.db, { status: query.estado, page }),
    outboxCounts(context.db),
  ]);
  return {
    status: query.estado ?? null,
    page,
    total,
    counts,
    messages: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      at: (row.sentAt ?? row.createdAt).toISOString(),
    })),
    notice: notices[new URL(request.url).searchParams.get("aviso") ?? ""] ?? null,
  };
}

const badge: Record<OutboxStatus, string> = {
  queued: "bg-ochre/25 text-ink",
  sending: "bg-ochre/25 text-ink",
  sent: "bg-moss/15 text-moss",
  failed: "bg-terracotta/15 text-terracotta-dark",
};

function href(status: OutboxStatus | null, page = 1) {
  const query = new URLSearchParams();
  if (status) query.set("estado", status);
  if (page > 1) query.set("pagina", String(page));
  const qs = query.toString();
  return qs ? `/admin/correos?${qs}` : "/admin/correos";
}

export default function AdminCorreos({ loaderData }: Route.ComponentProps) {
  const { status, page, total, counts, messages, notice } = loaderData;
  const pages = Math.max(1, Math.ceil(total / 50));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Correos</h1>
        <p className="mt-1 text-ink/75">
          Todo lo que la tienda manda por correo: los mensajes en cola salen solos; los fallidos se pueden reintentar.
        </p>
      </div>
      <Notice notice={notice} />
      <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
        <Link
          to={href(null)}
          aria-current={status === null ? "page" : undefined}
          className={`rounded-full px-3 py-1 text-sm font-semibold ${status === null ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss"}`}
        >
          Todos ({Object.values(counts).reduce((a, b) => a + b, 0)})
        </Link>
        {OUTBOX_STATUSES.map((option) => (
          <Link
            key={option}
            to={href(option)}
            aria-current={option === status ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-semibold ${option === status ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss"}`}
          >
            {MAIL_STATUS[option].tab} ({counts[option]})
          </Link>
        ))}
      </nav>
      {messages.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">No hay correos en esta lista.</p>
      ) : (
        <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/admin/correos/${message.id}`}
                className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-cream/60"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{message.subject}</p>
                  <p className="truncate text-sm text-ink/75">
                    {message.to} · {dayMonthTime(message.at)}
                  </p>
                  {message.status !== "sent" && message.lastError ? (
                    <p className="truncate text-sm text-terracotta-dark">
                      Intento {message.attempts}: {message.lastError}
                    </p>
                  ) : null}
                </div>
                <span className={`rounded px-2 py-1 text-xs font-semibold ${badge[message.status]}`}>
                  {MAIL_STATUS[message.status].one}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AdminPagination page={page} pages={pages} href={(to) => href(status, to)} />
    </div>
  );
}
