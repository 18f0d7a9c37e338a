import { Form, Link, redirect, useNavigation } from "react-router";
import { StepUpField } from "~/components/admin/step-up-field";
import { Notice } from "~/components/ui/notice";
import { demoData, leaveDemoMode, shopMode } from "~/domain/demo/demo-mode.server";
import { CONFIRM_LEAVING, DEMO_DATA_LABELS, type DemoData } from "~/domain/demo/labels";
import { mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { seoMeta } from "~/lib/seo";
import { alertOrigin, requireFormStepUp, stepUpState } from "~/lib/step-up.server";
import type { Route } from "./+types/produccion";

/** "Pasar a producción" (/admin/ajustes): what it does, what it would delete, counted now, and the confirmation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const mode = await shopMode(context.db);
  return {
    stepUp: await stepUpState(context, admin),
    demo: mode === "demo",
    data: mode === "demo" ? await demoData(context.db) : null,
    ...(await mercadoPagoLink(context.mercadoPago).then((link) => ({
      payments: link.mode,
      qrPos: link.mode === "live" ? link.qrPosId : null,
    }))),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  return formAction({}, async () => {
    // Going live makes payments real: a fresh proof first, and every owner is told.
    await requireFormStepUp(context, admin, form);
    await leaveDemoMode(
      context.db,
      admin,
      { deleteDemoData: form.get("borrar") === "si", confirmation: String(form.get("confirmacion") ?? "") },
      alertOrigin(request, context),
    );
    return redirect("/admin/ajustes?produccion=listo", 303);
  });
}

export const meta = () => seoMeta({ title: "Pasar a producción", noIndex: true });

function DemoDataList({ counts }: { counts: DemoData }) {
  const entries = (Object.keys(DEMO_DATA_LABELS) as (keyof DemoData)[]).map((key) => {
    const [one, many] = DEMO_DATA_LABELS[key];
    return { key, text: `${counts[key].toLocaleString("es-AR")} ${counts[key] === 1 ? one : many}` };
  });
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-6" data-testid="demo-data">
      {entries.map((entry) => (
        <li key={entry.key}>{entry.text}</li>
      ))}
    </ul>
  );
}

export default function Produccion({ loaderData, actionData }: Route.ComponentProps) {
  const { demo, data: counts, payments, qrPos, stepUp } = loaderData;
  const busy = useNavigation().state === "submitting";
  if (!demo || !counts) {
    return (
      <div className="max-w-2xl space-y-4">
        <h1 className="font-serif text-3xl">Pasar a producción</h1>
        <p>La tienda ya está en producción: no hay nada que cambiar acá.</p>
        <Link to="/admin/ajustes" className="font-semibold text-moss underline">
          Volver a los ajustes
        </Link>
      </div>
    );
  }
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <Link to="/admin/ajustes" className="text-sm text-moss underline">
          ← Ajustes
        </Link>
        <h1 className="mt-2 font-serif text-3xl">Pasar a producción</h1>
        <p className="mt-1 text-ink/75">
          Hoy la tienda está en modo demostración. Cuando la pases a producción, empieza a funcionar como una tienda
          real. No se puede volver atrás.
        </p>
      </div>
      <Notice notice={failureNotice(actionData, "No se pasó a producción")} />
      <section className="rounded-lg border border-ink/10 bg-white p-5">
        <h2 className="font-serif text-xl">Qué cambia</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>
            Los pagos simulados dejan de funcionar.{" "}
            {payments === "live"
              ? "Mercado Pago ya está configurado: los pagos siguen yendo a tu cuenta."
              : "Mercado Pago no está configurado (MP_ACCESS_TOKEN): hasta que lo configures, la tienda va a rechazar los pagos con Mercado Pago y las suscripciones a la Caja Rizoma con un aviso claro. Las transferencias siguen funcionando."}
          </li>
          <li data-testid="qr-pos">
            {qrPos
              ? `El cobro con QR de Mercado Pago en el mostrador y en las ferias usa la caja «${qrPos}» de tu cuenta.`
              : "El cobro con QR de Mercado Pago en el mostrador y en las ferias necesita la caja creada en tu cuenta de Mercado Pago (MP_QR_POS_ID): hasta que la configures, la página de venta lo rechaza con un aviso y se cobra de otra forma."}
          </li>
          <li>Desaparece el aviso «Tienda de demostración» de todas las páginas.</li>
          <li>Queda registrado en el historial de cambios, con tu usuario.</li>
        </ul>
        <p className="mt-3 text-sm text-ink/75">
          Antes de abrir, revisá en los ajustes los datos bancarios, de contacto y de envío: los que vienen con la
          demostración son de ejemplo y este paso no los cambia.
        </p>
      </section>
      <Form method="post" className="space-y-5 rounded-lg border border-ink/10 bg-white p-5">
        <fieldset>
          <legend className="font-serif text-xl">Datos de demostración</legend>
          <label className="mt-3 flex items-start gap-3">
            <input type="checkbox" name="borrar" value="si" className="mt-1 size-4 accent-moss" />
            <span>
              <strong>Borrar el catálogo de demostración y todo lo que se hizo en modo demostración:</strong>
              <DemoDataList counts={counts} />
            </span>
          </label>
          <p className="mt-3 text-sm text-ink/75">
            No se borra nada más: quedan los administradores, los ajustes, los libros que cargaste o sincronizaste vos,
            los códigos de descuento, los gastos, los planes de la Caja y el historial de cambios. El stock que tenían
            reservado los pedidos borrados vuelve a tus libros. Si ya tomaste pedidos reales en modo demostración, no
            marques esta opción.
          </p>
        </fieldset>
        <div>
          <label htmlFor="confirmacion" className="block font-semibold">
            {CONFIRM_LEAVING}
          </label>
          <input
            id="confirmacion"
            name="confirmacion"
            required
            autoComplete="off"
            className="mt-1 w-full max-w-xs rounded border border-ink/30 px-3 py-2 uppercase"
          />
        </div>
        <StepUpField state={stepUp} error={actionData?.fields?.stepUpProof} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-terracotta-dark px-6 py-2 font-semibold text-white hover:bg-terracotta disabled:opacity-60"
        >
          {busy ? "Pasando a producción…" : "Pasar a producción"}
        </button>
      </Form>
    </div>
  );
}
