import { data, Form, redirect, useNavigation } from "react-router";
import { DomainError, Unavailable } from "~/domain/errors";
import { decideSandboxPayment, sandboxCheckout } from "~/domain/payments/sandbox-checkout.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/pagos-sandbox";

export const meta: Route.MetaFunction = () => [
  { title: "Sandbox de pagos | Rizoma" },
  { name: "robots", content: "noindex" },
];

/**
 * The built-in sandbox's checkout (no MP_ACCESS_TOKEN, a demo shop or not production): a stand-in for Mercado
 * Pago. A counter sale's QR in the demo holds this page's address, so scanning it opens "Simular el pago".
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await sandboxCheckout(context.mercadoPago ?? null, params.id);
  } catch (error) {
    // Where the sandbox is off (a live shop, or real Mercado Pago) this page does not exist.
    if (error instanceof Unavailable) throw data("Página no encontrada", { status: 404 });
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const decision = String((await readForm(request)).get("decision") ?? "");
  const decide = async () => {
    const back = await decideSandboxPayment(
      { ...requestContext(context), origin: new URL(request.url).origin },
      params.id,
      decision,
    ).catch((error: unknown) => {
      if (error instanceof Unavailable) throw data("Página no encontrada", { status: 404 });
      throw error;
    });
    return redirect(back, 303);
  };
  return formAction({}, decide);
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const pending = loaderData.open;
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-lg px-4 py-12">
        <p className="rounded-lg bg-ochre-light/60 p-3 text-sm text-ink" role="note">
          Sandbox de pagos: esta página reemplaza a Mercado Pago mientras el sitio no tiene credenciales. No se cobra
          dinero real.
        </p>
        <section
          aria-labelledby="titulo-sandbox"
          className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10"
        >
          <h1 id="titulo-sandbox" className="font-serif text-2xl text-ink">
            {loaderData.title}
          </h1>
          <dl className="mt-4 space-y-2 text-ink">
            <div className="flex justify-between gap-4">
              <dt>Monto</dt>
              <dd className="font-semibold" data-testid="sandbox-amount">
                {formatMoney(loaderData.amountCents)}
                {loaderData.kind === "subscription"
                  ? loaderData.frequency === 1
                    ? " por mes"
                    : ` cada ${loaderData.frequency} meses`
                  : null}
              </dd>
            </div>
            {loaderData.payerEmail ? (
              <div className="flex justify-between gap-4">
                <dt>Email</dt>
                <dd>{loaderData.payerEmail}</dd>
              </div>
            ) : null}
          </dl>
          {actionData?.message ? (
            <p role="alert" className="mt-4 text-terracotta-dark">
              {actionData.message}
            </p>
          ) : null}
          {pending ? (
            <Form method="post" className="mt-6 flex flex-wrap gap-3">
              <button
                type="submit"
                name="decision"
                value="approve"
                disabled={busy}
                className="rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
              >
                {loaderData.kind === "qr" ? "Simular el pago" : "Aprobar pago"}
              </button>
              <button
                type="submit"
                name="decision"
                value="reject"
                disabled={busy}
                className="rounded-full border border-terracotta-dark px-6 py-3 font-semibold text-terracotta-dark hover:bg-terracotta/10 disabled:opacity-70"
              >
                {loaderData.kind === "qr" ? "Simular que el QR venció" : "Rechazar pago"}
              </button>
            </Form>
          ) : (
            <p className="mt-6 text-ink/85" role="status">
              {loaderData.closedLabel}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
