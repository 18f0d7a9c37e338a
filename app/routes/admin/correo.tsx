import { ArrowLeft, Download, RotateCcw } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { Notice } from "~/components/ui/notice";
import { DomainError } from "~/domain/errors";
import { getOutboxMessage, outboxJson, retryFailed } from "~/domain/mail/outbox.server";
import { MAIL_STATUS } from "~/domain/mail/status";
import { requireAdmin } from "~/lib/admin.server";
import { mediumDateTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { idParam } from "~/lib/params";
import type { Route } from "./+types/correo";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.message.subject ?? "Correo"} | Panel Rizoma` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  let id: number;
  try {
    id = idParam(params.id, "No encontramos ese correo");
  } catch {
    throw data(null, { status: 404 });
  }
  const row = await getOutboxMessage(context.db, id).catch((error) => {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  });
  return { message: outboxJson(row) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const id = idParam(params.id, "No encontramos ese correo");
  return formAction({}, async () => {
    await retryFailed(context.db, admin, id);
    return redirect("/admin/correos?aviso=reintento", 303);
  });
}

export default function AdminCorreo({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <div className="space-y-6">
      <Link to="/admin/correos" className="inline-flex items-center gap-1 text-sm font-semibold text-moss underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Volver a los correos
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="font-serif text-2xl sm:text-3xl">{message.subject}</h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/api/admin/mail/${message.id}/eml`}
            download
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
          >
            <Download aria-hidden="true" className="size-4" /> Descargar .eml
          </a>
          {message.status === "failed" ? (
            <Form method="post">
              <button
                type="submit"
                className="flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
              >
                <RotateCcw aria-hidden="true" className="size-4" /> Reintentar envío
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      <Notice notice={failureNotice(actionData, "Error")} />
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-ink/10 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-ink/75">Para</dt>
        <dd className="font-semibold break-all">{message.to}</dd>
        <dt className="text-ink/75">Estado</dt>
        <dd className="font-semibold">
          {MAIL_STATUS[message.status].one}
          {message.sentAt ? ` el ${mediumDateTime(message.sentAt)}` : ""}
          {message.attempts > 1 || message.status === "failed" ? ` · ${message.attempts} intentos` : ""}
        </dd>
        {message.lastError && message.status !== "sent" ? (
          <>
            <dt className="text-ink/75">Último error</dt>
            <dd className="text-terracotta-dark break-all">{message.lastError}</dd>
          </>
        ) : null}
        <dt className="text-ink/75">Creado</dt>
        <dd>{mediumDateTime(message.createdAt)}</dd>
        <dt className="text-ink/75">Message-ID</dt>
        <dd className="break-all font-mono text-xs">{message.messageId}</dd>
        {Object.entries(message.headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-ink/75">{name}</dt>
            <dd className="break-all font-mono text-xs">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="vista-previa" className="space-y-2">
        <h2 id="vista-previa" className="font-semibold">
          Vista previa
        </h2>
        {/* sandbox with no permissions: the message's HTML cannot run scripts or reach the admin. */}
        <iframe
          title={`Vista previa: ${message.subject}`}
          sandbox=""
          srcDoc={message.html}
          className="h-[70vh] w-full rounded-xl border border-ink/10 bg-white"
        />
      </section>
      <details className="rounded-xl border border-ink/10 bg-white p-4">
        <summary className="cursor-pointer font-semibold">Versión de texto</summary>
        <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">{message.text}</pre>
      </details>
    </div>
  );
}
