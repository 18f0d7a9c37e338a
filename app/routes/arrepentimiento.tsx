import { useEffect, useRef } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { requestAnyWithdrawal } from "~/domain/withdrawals/any.server";
import { REASON_MAX, withdrawalFromForm } from "~/domain/withdrawals/rules";
import { WITHDRAWAL_DAYS } from "~/domain/withdrawals/window";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/arrepentimiento";

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: "Botón de arrepentimiento",
    description: `Arrepentite de tu compra en Rizoma dentro de los ${WITHDRAWAL_DAYS} días corridos desde que recibiste el pedido, o de tu suscripción a la Caja Rizoma desde que te suscribiste: sin registrarte y sin costo. Te mandamos un código de gestión por email.`,
    url: data?.canonical,
  });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/** `?pedido=RZ-000123` or `?pedido=CR-000123` (links in the order's and the subscription's pages and e-mails) fills the number in. */
export function loader({ request, context }: Route.LoaderArgs) {
  const pedido = new URL(request.url).searchParams.get("pedido")?.trim() ?? "";
  return {
    canonical: `${context.config.publicUrl}/arrepentimiento`,
    orderNumber: /^[A-Za-z0-9 #-]{1,40}$/.test(pedido) ? pedido : "",
  };
}

/**
 * The botón de arrepentimiento without JavaScript: a plain POST, then a 303 to the confirmation page,
 * which only reads (reloading it creates nothing; sending the form again answers the same code).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = withdrawalFromForm(await readForm(request));
  return formAction(values, async () => {
    const result = await requestAnyWithdrawal(requestContext(context), values);
    const query = new URLSearchParams({ codigo: result.code, pedido: result.number });
    return redirect(`/arrepentimiento/listo?${query}`, 303);
  });
}

const input =
  "mt-1 w-full rounded-lg border border-ink/30 bg-white px-3 py-2.5 text-ink placeholder:text-ink/60 focus:border-moss focus:outline-2 focus:outline-moss/40 disabled:opacity-70";
const label = "block font-semibold text-ink";

export default function Arrepentimiento({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const failure = actionData ?? null;
  const field = failure ? (Object.keys(failure.fields)[0] ?? null) : null;
  const value = (name: "orderNumber" | "email" | "reason") =>
    failure?.values[name] ?? (name === "orderNumber" ? loaderData.orderNumber : "");
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const invalid = (name: string) => (field === name ? { "aria-invalid": true, "aria-describedby": "arr-error" } : {});
  // The server's message under the field it is about, or above the form when it is about none.
  const message = (name: string | null) =>
    failure && field === name ? (
      <p
        id="arr-error"
        ref={alertRef}
        tabIndex={-1}
        role="alert"
        className={`rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark ${name ? "mt-2" : "mb-4"}`}
      >
        {failure.message}
      </p>
    ) : null;

  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="font-serif text-3xl text-ink sm:text-4xl">Botón de arrepentimiento</h1>
        <div className="mt-4 space-y-3 text-ink/85">
          <p>
            Si compraste en Rizoma y te arrepentiste, tenés <strong>{WITHDRAWAL_DAYS} días corridos</strong> desde que
            recibiste el pedido (o lo retiraste) para cancelar la compra. Si todavía no te llegó, también podés.
          </p>
          <p>
            No hace falta registrarte ni explicar por qué, y no te cuesta nada: si ya tenés los libros, la devolución
            corre por nuestra cuenta. Completá el número de pedido y el email con el que compraste y te mandamos un{" "}
            <strong>código de gestión</strong> por email.
          </p>
          <p>
            ¿Te suscribiste a la <strong>Caja Rizoma</strong>? Tenés {WITHDRAWAL_DAYS} días corridos desde que te
            suscribiste: usá el número de suscripción (empieza con CR, por ejemplo CR-000123) que figura en el correo de
            bienvenida. La cancelamos en Mercado Pago y, si ya se te cobró y la caja no salió, te devolvemos el cobro.
          </p>
        </div>
        <Form method="post" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
          {message(null)}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="arr-orderNumber" className={label}>
                Número de pedido o de suscripción
              </label>
              <input
                id="arr-orderNumber"
                name="orderNumber"
                required
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="RZ-000123 o CR-000123"
                defaultValue={value("orderNumber")}
                disabled={sending}
                className={input}
                {...invalid("orderNumber")}
              />
              {message("orderNumber")}
            </div>
            <div>
              <label htmlFor="arr-email" className={label}>
                Email
              </label>
              <input
                id="arr-email"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                placeholder="tu@email.com"
                defaultValue={value("email")}
                disabled={sending}
                className={input}
                {...invalid("email")}
              />
              {message("email")}
            </div>
          </div>
          <p className="mt-2 text-sm text-ink/70">
            Los dos datos están en el correo de confirmación de tu compra o en el de bienvenida a la Caja Rizoma.
          </p>
          <div className="mt-5">
            <label htmlFor="arr-reason" className={label}>
              Motivo (opcional)
            </label>
            <textarea
              id="arr-reason"
              name="reason"
              rows={3}
              maxLength={REASON_MAX}
              defaultValue={value("reason")}
              disabled={sending}
              className={input}
              {...invalid("reason")}
            />
            {message("reason")}
          </div>
          <div className="mt-6 flex justify-end">
            <button
              type="submit"
              disabled={sending}
              aria-busy={sending}
              className="w-full rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark disabled:opacity-70 sm:w-auto"
            >
              {sending ? "ENVIANDO…" : "ARREPENTIRME DE LA COMPRA"}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
