import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { CheckCircle2 } from "~/components/ui/icons/circle-check";
import { XCircle } from "~/components/ui/icons/circle-x";
import { Gift } from "~/components/ui/icons/gift";
import { toast } from "~/components/ui/toast";
import { DomainError } from "~/domain/errors";
import { checkCode, claimPrize, type PublicQrCode } from "~/domain/prizes/prizes.server";
import { type ClaimInput, claimErrors, INVALID_CODE } from "~/domain/prizes/rules";
import { getSection } from "~/domain/settings/settings.server";
import { longDate } from "~/lib/dates";
import { errorInit, readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/qr";

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: data && "qr" in data && data.qr ? `Premio: ${data.qr.bookTitle}` : "Código QR",
    description: "Reclamá el libro que ganaste con tu código QR de Rizoma.",
    noIndex: true,
  });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const contact = await getSection(context.db, "contact");
  try {
    const qr = await checkCode(requestContext(context), params.code);
    return { qr, error: null, contact };
  } catch (error) {
    if (error instanceof DomainError) {
      return data({ qr: null, error: error.message, contact }, errorInit(error));
    }
    throw error;
  }
}

type ClaimResult =
  | { ok: true; message: string; claimedAt: string }
  | { ok: false; error: string; fields: Partial<Record<keyof ClaimInput, string>>; values: Record<string, string> }
  | { ok: false; alreadyClaimed: true; claimedAt: string | null; claimedByInitial: string | null; error: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The claim form without JavaScript (with JavaScript the page calls /api/qr/claim/{code}). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = {
    name: text(form, "name"),
    email: text(form, "email"),
    dni: text(form, "dni"),
    phone: text(form, "phone"),
  };
  try {
    const result = await claimPrize(requestContext(context), params.code, values);
    return { ok: true, ...result } satisfies ClaimResult;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.details?.alreadyClaimed) {
      return data(
        {
          ok: false,
          alreadyClaimed: true,
          claimedAt: (error.details.claimedAt as string | null) ?? null,
          claimedByInitial: (error.details.claimedByInitial as string | null) ?? null,
          error: error.message,
        } satisfies ClaimResult,
        { status: 409 },
      );
    }
    return data(
      { ok: false, error: error.message, fields: claimErrors(values), values } satisfies ClaimResult,
      errorInit(error),
    );
  }
}

export default function QrPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const [claimed, setClaimed] = useState<ClaimResult | null>(null);
  const result = claimed ?? (actionData as ClaimResult | undefined) ?? null;
  const base = loaderData.qr;

  if (!base) {
    return (
      <Shell contact={contact}>
        <div className="text-center">
          <XCircle aria-hidden="true" className="mx-auto size-12 text-terracotta-dark" />
          <h1 className="mt-4 font-serif text-3xl text-ink">Código No Válido</h1>
          <p className="mt-2 text-ink/80" role="alert">
            {loaderData.error || INVALID_CODE}
          </p>
          <Link
            to="/"
            className="mt-6 inline-flex rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
          >
            Volver al Inicio
          </Link>
        </div>
      </Shell>
    );
  }

  // After a claim (ours or someone else's) the page shows the code as claimed, as the spec says.
  const qr: PublicQrCode =
    result && "alreadyClaimed" in result
      ? {
          ...base,
          status: "validated",
          canClaim: false,
          validatedAt: result.claimedAt,
          winnerInfo: result.claimedAt
            ? { claimedAt: result.claimedAt, claimedByName: result.claimedByInitial ?? "" }
            : null,
        }
      : result?.ok
        ? { ...base, status: "validated", canClaim: false, validatedAt: result.claimedAt }
        : base;

  if (result?.ok) {
    return (
      <Shell contact={contact}>
        <div className="text-center" role="status">
          <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-moss" />
          <h1 className="mt-4 font-serif text-3xl text-ink">¡Felicitaciones!</h1>
          <p className="mt-2 text-lg text-ink/85">
            Ganaste <strong>«{qr.bookTitle}»</strong>.
          </p>
          <p className="mt-3 text-ink/80">
            Nuestro equipo se va a comunicar con vos dentro de las 24-48 horas para coordinar la entrega. También te
            mandamos un correo con los detalles.
          </p>
        </div>
      </Shell>
    );
  }

  return (
    <Shell contact={contact}>
      <StatusCard qr={qr} />
      {qr.canClaim ? <ClaimForm result={result} onClaimed={setClaimed} /> : null}
    </Shell>
  );
}

function Shell({
  children,
  contact,
}: {
  children: React.ReactNode;
  contact: { whatsapp: string; email: string; address: string };
}) {
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8">{children}</div>
        <aside aria-label="Contacto" className="mt-6 text-center text-sm text-ink/80">
          ¿Dudas con tu premio? Escribinos por WhatsApp al {contact.whatsapp} o a{" "}
          <a href={`mailto:${contact.email}`} className="font-semibold text-moss underline">
            {contact.email}
          </a>
          . Estamos en {contact.address}.
        </aside>
      </div>
    </main>
  );
}

function StatusCard({ qr }: { qr: PublicQrCode }) {
  const label = qr.status === "pending" ? "Disponible" : qr.status === "validated" ? "Ya Reclamado" : "Vencido";
  return (
    <section aria-labelledby="premio">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-moss/10 text-moss">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-ink/70">Código {qr.code}</p>
          <h1 id="premio" className="mt-1 font-serif text-2xl text-ink sm:text-3xl">
            {qr.bookTitle}
          </h1>
          {qr.description ? <p className="mt-2 text-ink/80">{qr.description}</p> : null}
        </div>
      </div>
      <p className="mt-5" data-testid="qr-status">
        <span
          className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${
            qr.status === "pending" ? "bg-moss text-white" : "bg-ink/10 text-ink"
          }`}
        >
          {label}
        </span>
        {qr.status === "validated" && qr.winnerInfo ? (
          <span className="ml-2 text-sm text-ink/80">
            el {longDate(qr.winnerInfo.claimedAt)} por {qr.winnerInfo.claimedByName}
          </span>
        ) : qr.status === "validated" && qr.validatedAt ? (
          <span className="ml-2 text-sm text-ink/80">el {longDate(qr.validatedAt)}</span>
        ) : null}
      </p>
      {qr.status === "expired" ? (
        <p className="mt-3 text-ink/80" role="alert">
          Este código QR ha expirado.
        </p>
      ) : null}
    </section>
  );
}

const FIELDS: {
  name: keyof ClaimInput;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: "numeric" | "tel";
  maxLength: number;
}[] = [
  { name: "name", label: "Nombre y apellido", type: "text", autoComplete: "name", maxLength: 100 },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "dni", label: "DNI", type: "text", autoComplete: "off", inputMode: "numeric", maxLength: 8 },
  { name: "phone", label: "Teléfono", type: "tel", autoComplete: "tel", inputMode: "tel", maxLength: 30 },
];

function ClaimForm({ result, onClaimed }: { result: ClaimResult | null; onClaimed: (result: ClaimResult) => void }) {
  const navigation = useNavigation();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof ClaimInput, string>> | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const submitting = sending || navigation.state === "submitting";
  const serverFields = result && !result.ok && "fields" in result ? result : null;
  const shownErrors = errors ?? serverFields?.fields ?? {};
  const shownMessage =
    message ?? (serverFields && Object.keys(serverFields.fields).length === 0 ? serverFields.error : null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, String(form.get(name) ?? "")]));
    const found = claimErrors(values);
    setErrors(found);
    setMessage(null);
    const first = FIELDS.find(({ name }) => found[name]);
    if (first) {
      document.getElementById(`claim-${first.name}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const code = window.location.pathname.split("/").pop() ?? "";
      const response = await fetch(`/api/qr/claim/${encodeURIComponent(code.toUpperCase())}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => ({}))) as {
        message?: string;
        error?: string;
        claimedAt?: string;
        alreadyClaimed?: boolean;
        claimedByInitial?: string;
      };
      if (response.ok) {
        toast({
          title: "¡Felicitaciones!",
          description: "Nuestro equipo se va a comunicar con vos dentro de las 24-48 horas.",
        });
        onClaimed({ ok: true, message: body.message ?? "", claimedAt: body.claimedAt ?? new Date().toISOString() });
      } else if (body.alreadyClaimed) {
        toast({ title: "Premio ya reclamado", description: body.message, variant: "destructive" });
        onClaimed({
          ok: false,
          alreadyClaimed: true,
          claimedAt: body.claimedAt ?? null,
          claimedByInitial: body.claimedByInitial ?? null,
          error: body.error ?? "",
        });
      } else {
        setMessage(body.error ?? "Error de conexión. Por favor, inténtalo de nuevo.");
      }
    } catch {
      setMessage("Error de conexión. Por favor, inténtalo de nuevo.");
    } finally {
      setSending(false);
    }
  }

  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="mt-8 border-t border-ink/10 pt-6"
      aria-labelledby="reclamar"
    >
      <h2 id="reclamar" className="font-semibold text-ink">
        Completá tus datos para reclamar el premio
      </h2>
      <div className="mt-4 grid gap-4">
        {FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`claim-${field.name}`} className="block font-semibold text-ink">
              {field.label}
            </label>
            <input
              id={`claim-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              maxLength={field.maxLength}
              defaultValue={serverFields?.values[field.name] ?? ""}
              disabled={submitting}
              onInput={
                field.name === "dni"
                  ? (event) => {
                      const input = event.currentTarget;
                      input.value = input.value.replace(/\D/g, "").slice(0, 8);
                    }
                  : undefined
              }
              aria-invalid={shownErrors[field.name] ? true : undefined}
              aria-describedby={shownErrors[field.name] ? `claim-${field.name}-error` : undefined}
              className="mt-1 w-full rounded-lg border border-ink/20 bg-white px-3 py-2.5 text-ink focus:border-moss focus:outline-2 focus:outline-moss/40"
            />
            {shownErrors[field.name] ? (
              <p id={`claim-${field.name}-error`} className="mt-1 text-sm text-terracotta-dark">
                {shownErrors[field.name]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {shownMessage ? (
        <p className="mt-4 text-terracotta-dark" role="alert">
          {shownMessage}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={submitting}
        className="mt-6 w-full rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss disabled:opacity-70"
      >
        {submitting ? "Enviando..." : "Reclamar premio"}
      </button>
    </Form>
  );
}
