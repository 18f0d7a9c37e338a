import { Form, Link, redirect } from "react-router";
import { StepUpField } from "~/components/admin/step-up-field";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice } from "~/components/ui/notice";
import { STEP_UP_MINUTES } from "~/domain/auth/step-up";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { seoMeta } from "~/lib/seo";
import { requireFormStepUp, safeStepUpNext, stepUpState } from "~/lib/step-up.server";
import type { Route } from "./+types/confirmar";

/**
 * /admin/confirmar?next=<a download>: where a download of personal data (an export) sends an admin whose
 * last proof is older than 10 minutes. The proof is posted here (never in a URL); once right, the session
 * counts as proved and the browser goes on to `next` — only the admin's own pages and downloads.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const next = safeStepUpNext(new URL(request.url).searchParams.get("next"));
  const stepUp = await stepUpState(context, admin);
  if (stepUp.fresh) throw redirect(next, 303);
  return { next, back: backFor(next), stepUp };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const next = safeStepUpNext(String(form.get("next") ?? ""));
  return formAction({}, async () => {
    await requireFormStepUp(context, admin, form);
    return redirect(next, 303);
  });
}

/** The page the download was offered on, to go back to once it started. */
function backFor(next: string): { href: string; label: string } {
  const path = next.split("?")[0] ?? "";
  const pages: [RegExp, string, string][] = [
    [/^\/admin\/clientes\//, "/admin/clientes", "Volver a Clientes"],
    [/^\/admin\/facturas\//, "/admin/facturas", "Volver a Facturas"],
    [/^\/admin\/reportes\//, "/admin/reportes", "Volver a Reportes"],
    [/^\/api\/admin\/newsletter\//, "/admin/newsletter", "Volver a Newsletter"],
    [/^\/api\/admin\/expenses\//, "/admin/expenses", "Volver a Gastos"],
    [/^\/api\/qr\/admin\//, "/admin/qr", "Volver a Códigos QR"],
  ];
  const page = pages.find(([pattern]) => pattern.test(path));
  return page ? { href: page[1], label: page[2] } : { href: "/admin", label: "Volver al Panel Principal" };
}

export const meta = () => seoMeta({ title: "Confirmá que sos vos", noIndex: true });

export default function AdminConfirmar({ loaderData, actionData }: Route.ComponentProps) {
  const { next, back, stepUp } = loaderData;
  return (
    <div className="max-w-2xl space-y-5">
      <div>
        <h1 className="font-serif text-3xl">Antes de descargar</h1>
        <p className="mt-1 text-ink/75">
          Esta descarga lleva datos personales o cifras de la tienda. Si pasaron más de {STEP_UP_MINUTES} minutos desde
          que entraste o confirmaste por última vez, te pedimos que confirmes que sos vos. Después empieza la descarga.
        </p>
      </div>
      <Notice notice={failureNotice(actionData, "No pudimos confirmar que sos vos")} />
      {/* A whole-page post: the answer is a file download, not a page of the app. */}
      <Form method="post" reloadDocument className="space-y-4 rounded-lg border border-ink/10 bg-white p-5">
        <input type="hidden" name="next" value={next} />
        <StepUpField state={stepUp} error={actionData?.fields?.stepUpProof} />
        <button type="submit" className="rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark">
          Confirmar y descargar
        </button>
      </Form>
      <Link to={back.href} className="inline-block font-semibold text-moss underline">
        {back.label}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="No pudimos mostrar esta página"
      message="Probá de nuevo en unos minutos."
      retry={{ href: "/admin", label: "Volver al Panel Principal" }}
    />
  );
}
