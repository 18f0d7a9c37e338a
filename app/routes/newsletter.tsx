import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useNewsletterSignup } from "~/components/newsletter/use-newsletter-signup";
import { BookOpen } from "~/components/ui/icons/book-open";
import { CalendarDays } from "~/components/ui/icons/calendar-days";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { toast } from "~/components/ui/toast";
import { subscribeInputFromForm } from "~/domain/newsletter/form";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { PAGE_TOPIC_IDS, topicsFor } from "~/domain/newsletter/topics";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () =>
  seoMeta({
    title: "Newsletter",
    description:
      "Suscribite al newsletter de Rizoma: reseñas y recomendaciones, eventos y lanzamientos, y ofertas especiales una vez por mes.",
  });

const TOPICS = topicsFor(PAGE_TOPIC_IDS);
const SOURCE = "order_confirmation";

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/**
 * Every newsletter form posts here when JavaScript is off (the home's, the shop's and this page's own),
 * so signing up never needs JavaScript. With JavaScript the forms call /api/newsletter/subscribe.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const input = subscribeInputFromForm(form);
  const work = async () => {
    const result = await subscribe(requestContext(context), {
      ...input,
      source: input.source || SOURCE,
      name: input.name || undefined,
    });
    return { ok: true as const, message: result.message };
  };
  return formAction(input, work, { ok: false as const });
}

type Status = { state: "idle" } | { state: "done"; message: string };

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const { sending, onSubmit } = useNewsletterSignup({
    source: SOURCE,
    accept: (email) => {
      if (email.trim()) {
        setError(null);
        return true;
      }
      setError("Por favor ingresa tu email para continuar");
      toast({
        title: "Email requerido",
        description: "Por favor ingresa tu email para continuar",
        variant: "destructive",
      });
      emailRef.current?.focus();
      return false;
    },
    onSubscribed: (message) => setStatus({ state: "done", message: message ?? "" }),
    onRefused: (message) => {
      const shown = message ?? "Intenta nuevamente en unos momentos";
      setError(shown);
      toast({ title: "Error en la suscripción", description: shown, variant: "destructive" });
    },
  });
  const submitting = sending || navigation.state === "submitting";
  const done = status.state === "done" || actionData?.ok === true;
  const serverError = actionData && !actionData.ok ? actionData.message : null;
  const values = actionData && !actionData.ok ? actionData.values : null;

  useEffect(() => {
    if (serverError) emailRef.current?.focus();
  }, [serverError]);

  const message = status.state === "done" ? status.message : actionData?.ok ? actionData.message : "";
  const shownError = error ?? serverError;

  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        {done ? (
          <section
            aria-labelledby="bienvenida"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-10"
          >
            <h1 id="bienvenida" className="font-serif text-3xl text-moss sm:text-4xl">
              ¡Bienvenida/o a la comunidad Rizoma!
            </h1>
            <p className="mt-3 text-ink/80" role="status">
              {message}
            </p>
            <h2 className="mt-8 font-semibold text-ink">Qué vas a recibir</h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-3">
              <Expectation icon={<BookOpen aria-hidden="true" className="size-5" />} title="Reseñas y recomendaciones">
                Lo que estamos leyendo y lo que no te podés perder.
              </Expectation>
              <Expectation icon={<CalendarDays aria-hidden="true" className="size-5" />} title="Eventos y lanzamientos">
                Presentaciones, charlas y las novedades antes que nadie.
              </Expectation>
              <Expectation icon={<Sparkles aria-hidden="true" className="size-5" />} title="Ofertas especiales">
                Descuentos y preventas solo para suscriptores.
              </Expectation>
            </ul>
            <Link
              to="/"
              className="mt-8 inline-flex items-center rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
            >
              Explorar Libros
            </Link>
          </section>
        ) : (
          <section aria-labelledby="titulo-newsletter">
            <p className="text-sm font-semibold uppercase tracking-widest text-terracotta-dark">Newsletter</p>
            <h1 id="titulo-newsletter" className="mt-2 font-serif text-3xl text-ink sm:text-5xl">
              Libros, ideas y novedades, una vez por mes
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-ink/80">
              Sumate y recibí reseñas, recomendaciones de nuestro equipo, eventos y lanzamientos, y ofertas especiales.
              Sin spam: te podés dar de baja cuando quieras.
            </p>
            <Form
              method="post"
              noValidate
              onSubmit={onSubmit}
              className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8"
            >
              <input type="hidden" name="source" value={SOURCE} />
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <label htmlFor="nl-email" className="block font-semibold text-ink">
                    Email
                  </label>
                  <input
                    ref={emailRef}
                    id="nl-email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    defaultValue={values?.email ?? ""}
                    disabled={submitting}
                    aria-invalid={shownError ? true : undefined}
                    aria-describedby={shownError ? "nl-error" : undefined}
                    placeholder="tu@email.com"
                    className="mt-1 w-full rounded-lg border border-ink/20 bg-white px-3 py-2.5 text-ink placeholder:text-ink/60 focus:border-moss focus:outline-2 focus:outline-moss/40"
                  />
                  {shownError ? (
                    <p id="nl-error" className="mt-1 text-sm text-terracotta-dark" role="alert">
                      {shownError}
                    </p>
                  ) : null}
                </div>
                <div className="sm:col-span-2">
                  <label htmlFor="nl-name" className="block font-semibold text-ink">
                    Nombre <span className="font-normal text-ink/70">(opcional)</span>
                  </label>
                  <input
                    id="nl-name"
                    name="name"
                    autoComplete="given-name"
                    defaultValue={values?.name ?? ""}
                    disabled={submitting}
                    className="mt-1 w-full rounded-lg border border-ink/20 bg-white px-3 py-2.5 text-ink focus:border-moss focus:outline-2 focus:outline-moss/40"
                  />
                </div>
              </div>
              <fieldset className="mt-6">
                <legend className="font-semibold text-ink">¿Qué te interesa?</legend>
                <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {TOPICS.map((topic) => (
                    <label
                      key={topic.id}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border border-ink/10 px-3 py-2 hover:bg-cream/60"
                    >
                      <input
                        type="checkbox"
                        name="interests"
                        value={topic.id}
                        defaultChecked={values?.interests.includes(topic.id)}
                        disabled={submitting}
                        className="size-4 accent-moss"
                      />
                      <span>{topic.label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <button
                type="submit"
                disabled={submitting}
                className="mt-8 w-full rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss disabled:opacity-70 sm:w-auto"
              >
                {submitting ? "Suscribiendo..." : "Suscribirme"}
              </button>
              <p className="mt-4 text-sm text-ink/70">Usamos tu email solo para el newsletter.</p>
              <PersonalDataNotice className="mt-2" />
            </Form>
          </section>
        )}
      </div>
    </main>
  );
}

function Expectation({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <li className="rounded-xl bg-cream/60 p-4">
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-moss text-white">{icon}</span>
      <p className="mt-3 font-semibold text-ink">{title}</p>
      <p className="mt-1 text-sm text-ink/75">{children}</p>
    </li>
  );
}
