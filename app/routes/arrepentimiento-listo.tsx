import { data, Link } from "react-router";
import { isBoxNumber } from "~/domain/box/number";
import { boxWithdrawalConfirmation } from "~/domain/box/withdrawal.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { withdrawalNextSteps } from "~/domain/withdrawals/next-steps";
import { withdrawalConfirmation } from "~/domain/withdrawals/request.server";
import { longDate } from "~/lib/dates";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/arrepentimiento-listo";

export const meta: Route.MetaFunction = () => [...seoMeta({ title: "Recibimos tu arrepentimiento", noIndex: true })];

/** One buyer's confirmation: never kept by a shared cache, never indexed. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * Where the botón de arrepentimiento lands (`?codigo=ARR-…&pedido=RZ-…` or `pedido=CR-…`): it only reads, so reloading
 * it creates nothing. The code and the order's number must belong together, else it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get("codigo") ?? "";
  const number = params.get("pedido") ?? "";
  const { contact } = await publicSections(context.db);
  const help = { email: contact.email, whatsapp: contact.whatsapp };
  if (isBoxNumber(number)) {
    const box = await boxWithdrawalConfirmation(context.db, code, number);
    if (!box) throw data("No encontramos esa solicitud de arrepentimiento", { status: 404 });
    const what = `Suscripción ${box.number} a la Caja Rizoma`;
    return { code: box.code, what, requestedOn: longDate(box.requestedAt), steps: box.steps, contact: help };
  }
  const found = await withdrawalConfirmation(context.db, code, number);
  if (!found) throw data("No encontramos esa solicitud de arrepentimiento", { status: 404 });
  return {
    code: found.code,
    what: `Pedido ${found.order.number}`,
    requestedOn: longDate(found.requestedAt),
    steps: withdrawalNextSteps(found.order, contact.address),
    contact: help,
  };
}

export default function ArrepentimientoListo({ loaderData }: Route.ComponentProps) {
  const { code, what, requestedOn, steps, contact } = loaderData;
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <section aria-labelledby="arr-listo" className="rounded-2xl bg-white p-6 ring-1 ring-ink/10 sm:p-8">
          <div role="status">
            <h1 id="arr-listo" className="font-serif text-3xl text-moss sm:text-4xl">
              Recibimos tu arrepentimiento
            </h1>
            <p className="mt-3 text-ink/85">
              <strong>{what}</strong>, solicitado el {requestedOn}. Te mandamos este código por email.
            </p>
            <div className="mt-6 rounded-xl bg-cream p-5 text-center">
              <p className="text-sm font-semibold tracking-wider text-ink/75">Código de gestión</p>
              <p className="mt-1 select-all break-all font-mono text-3xl font-bold tracking-wider text-ink sm:text-4xl">
                {code}
              </p>
            </div>
          </div>
          <h2 className="mt-8 font-semibold text-ink">Qué sigue</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-ink/85">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-ink/75">
            ¿Dudas? Escribinos a{" "}
            <a href={`mailto:${contact.email}`} className="underline hover:text-moss">
              {contact.email}
            </a>{" "}
            o por WhatsApp al {contact.whatsapp}, con tu código de gestión.
          </p>
          <Link
            to="/"
            className="mt-8 inline-flex rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
          >
            VOLVER AL INICIO
          </Link>
        </section>
      </div>
    </main>
  );
}
