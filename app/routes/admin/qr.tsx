import { Copy, Download, RefreshCw, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice } from "~/components/ui/notice";
import { toast } from "~/components/ui/toast";
import { createCode, listCodes, listWinners, qrImage, qrUrl } from "~/domain/prizes/prizes.server";
import { normaliseCode, QR_CODE_MAX } from "~/domain/prizes/rules";
import { requireAdmin } from "~/lib/admin.server";
import { shortDateTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { loadSection } from "~/lib/page-parts.server";
import type { Route } from "./+types/qr";

export const meta: Route.MetaFunction = () => [{ title: "Códigos QR | Panel Rizoma" }];

const TABS = [
  { id: "crear", label: "Crear QR" },
  { id: "codigos", label: "Códigos QR" },
  { id: "ganadores", label: "Ganadores" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "crear";
  // Each list can fail on its own: the other still shows, and the failed one says so in its tab.
  const [codes, winners] = await Promise.all([
    loadSection(context, "qr codes", () => listCodes(context.db)),
    loadSection(context, "qr winners", () => listWinners(context.db)),
  ]);
  const viewing = params.get("ver") ? codes?.find((c) => c.code === normaliseCode(params.get("ver") ?? "")) : undefined;
  return {
    tab,
    codes,
    winners,
    viewing: viewing
      ? {
          ...viewing,
          url: qrUrl(context.config.publicUrl, viewing.code),
          image: await qrImage(context.config.publicUrl, viewing.code),
        }
      : null,
  };
}

/** Creating a code from the form (works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const values = {
    bookTitle: String(form.get("bookTitle") ?? ""),
    description: String(form.get("description") ?? ""),
    code: String(form.get("code") ?? ""),
    expiresAt: String(form.get("expiresAt") ?? ""),
  };
  const create = async () => ({
    ok: true as const,
    created: await createCode(context.db, admin, values, context.config.publicUrl),
  });
  return formAction(values, create, { ok: false as const });
}

const STATUS = {
  pending: { label: "Disponible", className: "bg-moss/15 text-moss" },
  validated: { label: "Ya Reclamado", className: "bg-ochre/25 text-ink" },
  expired: { label: "Vencido", className: "bg-ink/10 text-ink" },
} as const;

const tabHref = (tab: Tab) => `/admin/qr?tab=${tab}`;

export default function AdminQr({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, codes, winners, viewing } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">Códigos QR</h1>
        <Link
          to={`/admin/qr?tab=${tab}`}
          onClick={(event) => {
            event.preventDefault();
            revalidator.revalidate();
          }}
          className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />{" "}
          Actualizar
        </Link>
      </div>
      <nav aria-label="Secciones de códigos QR" className="flex flex-wrap gap-2 border-b border-ink/10 pb-3">
        {TABS.map((item) => (
          <Link
            key={item.id}
            to={tabHref(item.id)}
            aria-current={item.id === tab ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${item.id === tab ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss"}`}
          >
            {item.label}
            {item.id === "codigos" && codes
              ? ` (${codes.length})`
              : item.id === "ganadores" && winners
                ? ` (${winners.length})`
                : ""}
          </Link>
        ))}
      </nav>
      {tab === "crear" ? <CreateTab result={actionData} /> : null}
      {tab === "codigos" ? (
        codes ? (
          <CodesTab codes={codes} />
        ) : (
          <Notice notice={{ tone: "error", title: "Error", message: "No se pudieron cargar los códigos QR" }} />
        )
      ) : null}
      {tab === "ganadores" ? (
        winners ? (
          <WinnersTab winners={winners} />
        ) : (
          <Notice notice={{ tone: "error", title: "Error", message: "No se pudieron cargar los ganadores" }} />
        )
      ) : null}
      {viewing ? <QrDialog key={viewing.code} viewing={viewing} tab={tab} /> : null}
    </div>
  );
}

function CreateTab({ result }: { result: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failed = result && !result.ok ? result : null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" className="space-y-4 rounded-xl border border-ink/10 bg-white p-5" noValidate>
        <h2 className="font-semibold">Nuevo código</h2>
        {failed ? (
          <Notice notice={{ tone: "error", title: "Error al crear código QR", message: failed.message }} />
        ) : null}
        <div>
          <label htmlFor="bookTitle" className="block text-sm font-semibold">
            Título del libro
          </label>
          <input
            id="bookTitle"
            name="bookTitle"
            required
            defaultValue={failed?.values.bookTitle}
            className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="description" className="block text-sm font-semibold">
            Descripción <span className="font-normal text-ink/70">(opcional)</span>
          </label>
          <textarea
            id="description"
            name="description"
            rows={3}
            defaultValue={failed?.values.description}
            className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="code" className="block text-sm font-semibold">
              Código propio <span className="font-normal text-ink/70">(opcional)</span>
            </label>
            <input
              id="code"
              name="code"
              maxLength={QR_CODE_MAX}
              defaultValue={failed?.values.code}
              aria-describedby="code-hint"
              onInput={(event) => {
                event.currentTarget.value = event.currentTarget.value.toUpperCase();
              }}
              className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2 font-mono uppercase"
            />
            <p id="code-hint" className="mt-1 text-xs text-ink/70">
              Hasta {QR_CODE_MAX} letras o números. Vacío: lo generamos nosotros.
            </p>
          </div>
          <div>
            <label htmlFor="expiresAt" className="block text-sm font-semibold">
              Vence el <span className="font-normal text-ink/70">(opcional)</span>
            </label>
            <input
              id="expiresAt"
              name="expiresAt"
              type="date"
              defaultValue={failed?.values.expiresAt}
              className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2"
            />
          </div>
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
        >
          {submitting ? "Creando..." : "Crear código QR"}
        </button>
      </Form>
      {result?.ok ? (
        <section
          aria-labelledby="creado"
          className="rounded-xl border border-moss/30 bg-white p-5 text-center"
          role="status"
        >
          <h2 id="creado" className="font-semibold">
            ¡Éxito! Código {result.created.code} creado
          </h2>
          <img
            src={result.created.qrImage}
            alt={`Código QR de ${result.created.code}`}
            width={256}
            height={256}
            className="mx-auto mt-4"
          />
          <p className="mt-2 break-all text-sm text-ink/80">{result.created.qrUrl}</p>
          <DownloadLinks code={result.created.code} />
        </section>
      ) : null}
    </div>
  );
}

function DownloadLinks({ code }: { code: string }) {
  return (
    <div className="mt-4 flex flex-wrap justify-center gap-2">
      <a
        href={`/api/qr/admin/image/${code}.png`}
        download
        className="flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
      >
        <Download aria-hidden="true" className="size-4" /> Descargar PNG
      </a>
      <a
        href={`/api/qr/admin/image/${code}.svg`}
        download
        className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
      >
        <Download aria-hidden="true" className="size-4" /> SVG para imprenta
      </a>
    </div>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

function CodesTab({ codes }: { codes: NonNullable<Loaded["codes"]> }) {
  if (codes.length === 0) return <p className="rounded-lg bg-white p-6 text-ink/75">Todavía no creaste códigos QR.</p>;
  return (
    <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
      {codes.map((code) => (
        <li key={code.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-mono font-semibold">{code.code}</p>
            <p className="truncate text-sm">{code.bookTitle}</p>
            <p className="text-xs text-ink/70">
              Creado el {shortDateTime(code.createdAt)}
              {code.validatedAt ? ` · reclamado el ${shortDateTime(code.validatedAt)}` : ""}
              {code.expiresAt && code.status === "pending" ? ` · vence el ${shortDateTime(code.expiresAt)}` : ""}
            </p>
          </div>
          <span className={`rounded px-2 py-1 text-xs font-semibold ${STATUS[code.status].className}`}>
            {STATUS[code.status].label}
          </span>
          <Link
            to={`/admin/qr?tab=codigos&ver=${code.code}`}
            preventScrollReset
            className="rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss/10"
            aria-label={`Ver el QR de ${code.code}`}
          >
            Ver QR
          </Link>
        </li>
      ))}
    </ul>
  );
}

function WinnersTab({ winners }: { winners: NonNullable<Loaded["winners"]> }) {
  return (
    <div className="space-y-3">
      <a
        href="/api/qr/admin/winners/export"
        download
        className="inline-flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
      >
        <Download aria-hidden="true" className="size-4" /> Exportar CSV
      </a>
      {winners.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">Todavía nadie reclamó un premio.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-ink/10 bg-white">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-cream/60">
              <tr>
                {["Nombre", "Email", "DNI", "Teléfono", "Libro", "Código", "Fecha"].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink/10">
              {winners.map((winner) => (
                <tr key={winner.id}>
                  <td className="px-3 py-2">{winner.name}</td>
                  <td className="px-3 py-2 break-all">{winner.email}</td>
                  <td className="px-3 py-2">{winner.dni}</td>
                  <td className="px-3 py-2">{winner.phone}</td>
                  <td className="px-3 py-2">{winner.bookTitle}</td>
                  <td className="px-3 py-2 font-mono">{winner.code}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{shortDateTime(winner.claimedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The code's QR drawn again by the server (the PNG of the download), as a data URL the page can show. */
async function regeneratedImage(code: string): Promise<string> {
  const response = await fetch(`/api/qr/admin/image/${code}.png`, { cache: "no-store" });
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || !type.startsWith("image/png")) throw new Error(`QR image answered ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function QrDialog({ viewing, tab }: { viewing: NonNullable<Loaded["viewing"]>; tab: Tab }) {
  const [image, setImage] = useState(viewing.image);
  const [regenerating, setRegenerating] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="qr-dialog-title"
        className="w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id="qr-dialog-title" className="font-mono text-xl font-semibold">
            {viewing.code}
          </h2>
          <Link to={tabHref(tab)} preventScrollReset aria-label="Cerrar" className="rounded p-1 hover:bg-ink/10">
            <X aria-hidden="true" className="size-5" />
          </Link>
        </div>
        <p className="mt-1 text-sm text-ink/80">{viewing.bookTitle}</p>
        <img src={image} alt={`Código QR de ${viewing.code}`} width={256} height={256} className="mx-auto mt-4" />
        <p className="mt-2 break-all text-xs text-ink/75">{viewing.url}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(viewing.url);
                setCopied(true);
                toast({ title: "Copiado", description: "El enlace del premio quedó en el portapapeles." });
                setTimeout(() => setCopied(false), 2000);
              } catch {
                toast({ title: "Error", description: "No se pudo copiar el enlace", variant: "destructive" });
              }
            }}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10"
          >
            <Copy aria-hidden="true" className="size-4" /> {copied ? "Copiado" : "Copiar enlace"}
          </button>
          <button
            type="button"
            disabled={regenerating}
            onClick={async () => {
              setRegenerating(true);
              try {
                setImage(await regeneratedImage(viewing.code));
                toast({ title: "QR Regenerado" });
              } catch {
                toast({ title: "Error", description: "No se pudo regenerar el código QR", variant: "destructive" });
              } finally {
                setRegenerating(false);
              }
            }}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss/10 disabled:opacity-70"
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${regenerating ? "animate-spin" : ""}`} /> Regenerar
          </button>
        </div>
        <DownloadLinks code={viewing.code} />
      </div>
    </div>
  );
}

/** The codes or winners could not be read (the database is down): the spec's message, inside the admin. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Códigos QR"
      message="No se pudieron cargar los códigos QR"
      retry={{ href: "/admin/qr", label: "Probá de nuevo" }}
    />
  );
}
