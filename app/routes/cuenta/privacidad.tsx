import { Form, redirect, useNavigation } from "react-router";
import { FreshCodeBox } from "~/components/account/fresh-code-box";
import { DELETE_MESSAGES, deleteAccount, deleteAccountSchema } from "~/domain/accounts/delete.server";
import {
  confirmFreshCode,
  FRESH_MESSAGES,
  freshCodeSchema,
  hasFreshProof,
  requireFreshProof,
  sendFreshCode,
} from "~/domain/accounts/fresh-code.server";
import { Invalid } from "~/domain/errors";
import { CUSTOMER_COOKIE, clearedSessionCookie } from "~/lib/admin-cookie.server";
import { requireCustomer } from "~/lib/customer.server";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/privacidad";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Privacidad y tus datos", noIndex: true });

/** A refused rate limit's Retry-After (too many codes) reaches the page's answer. */
export const headers = retryAfterHeaders;

/**
 * `fresh`: this session proved its email in the last 10 minutes, so the download and the deletion go
 * ahead; otherwise the page asks for a code first. `?confirmar=datos` is where /cuenta/datos sends a
 * download asked for without it; `?confirmado=1` follows a right code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  const url = new URL(request.url);
  const fresh = await hasFreshProof(context.db, context.customerToken);
  return {
    email,
    fresh,
    reason: !fresh && url.searchParams.get("confirmar") === "datos" ? FRESH_MESSAGES.download : null,
    confirmed: fresh && url.searchParams.get("confirmado") === "1" ? FRESH_MESSAGES.confirmed : null,
  };
}

/**
 * Three plain forms (no JavaScript needed), told apart by `intent`:
 * - "send-code": a code to the signed-in email (the sign-in's code, mail and limits).
 * - "confirm-code": the code typed; right, this session is fresh for 10 minutes and the page says so.
 * - "Eliminar mi cuenta": the email typed again must be the signed-in one, and the session fresh (403 and
 *   why otherwise). Done: every session of the email is gone with the rest (deleteAccount), this
 *   browser's cookie is cleared and the reader lands on /cuenta/eliminada. Refused (a box or an order in
 *   progress): 409 and why.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { email } = requireCustomer(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const ctx = requestContext(context);
  if (intent === "send-code") {
    return formAction(
      { confirmEmail: "", code: "" },
      async () => ({ ok: true as const, intent, message: (await sendFreshCode(ctx, email)).message }),
      { ok: false as const, intent },
    );
  }
  if (intent === "confirm-code") {
    const values = { confirmEmail: "", code: String(form.get("code") ?? "") };
    return formAction(
      values,
      async () => {
        await confirmFreshCode(ctx, email, context.customerToken, freshCodeSchema.parse(values));
        throw redirect("/cuenta/privacidad?confirmado=1", 303);
      },
      { ok: false as const, intent },
    );
  }
  const values = { confirmEmail: String(form.get("confirmEmail") ?? ""), code: "" };
  return formAction(
    values,
    async () => {
      const { confirmEmail } = deleteAccountSchema.parse(values);
      if (confirmEmail !== email) throw new Invalid(DELETE_MESSAGES.confirm, { field: "confirmEmail" });
      await requireFreshProof(context.db, context.customerToken, FRESH_MESSAGES.delete);
      await deleteAccount(ctx, email);
      throw redirect("/cuenta/eliminada", {
        status: 303,
        headers: { "Set-Cookie": clearedSessionCookie(context.config.secureCookies, CUSTOMER_COOKIE) },
      });
    },
    { ok: false as const, intent: "delete" },
  );
}

const section = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 sm:p-8";

export default function AccountPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const deleting = navigation.state === "submitting" && !navigation.formData?.has("intent");
  const failure = actionData && !actionData.ok ? actionData : null;
  const deleteFailure = failure?.intent === "delete" ? failure : null;
  const fieldError = deleteFailure?.fields.confirmEmail;
  return (
    <section aria-labelledby="privacidad-titulo" className="space-y-6">
      <h1 id="privacidad-titulo" className="font-serif text-3xl text-ink sm:text-4xl">
        Privacidad y tus datos
      </h1>

      {loaderData.confirmed ? (
        <p className="rounded-lg bg-moss/10 p-3 text-moss" role="status">
          {loaderData.confirmed}
        </p>
      ) : null}
      {loaderData.fresh ? null : (
        <FreshCodeBox
          email={loaderData.email}
          reason={loaderData.reason}
          sent={actionData?.ok ? actionData.message : null}
          sendError={failure?.intent === "send-code" ? failure.message : null}
          code={failure?.intent === "confirm-code" ? failure.values.code : ""}
          codeError={failure?.intent === "confirm-code" ? failure.message : null}
          busy={busy}
        />
      )}

      <div className={section}>
        <h2 className="font-serif text-2xl text-ink">Tus derechos</h2>
        <p className="mt-3 text-ink/85">
          La Ley 25.326 de Protección de los Datos Personales te da derecho a saber qué datos tuyos guardamos, a
          corregirlos y a pedir que los borremos. Podés ejercerlos acá mismo, sin trámites ni costo:
        </p>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-ink/85">
          <li>
            <strong>Acceso:</strong> descargá en un archivo todo lo que Rizoma guarda sobre{" "}
            <strong className="break-all">{loaderData.email}</strong>: pedidos, facturas, suscripciones, avisos,
            newsletter y los correos que te mandamos.
          </li>
          <li>
            <strong>Rectificación:</strong> tu nombre, teléfono y direcciones los cambiás en «Mis datos». Si ves algo
            mal en un pedido o una factura, escribinos y lo revisamos.
          </li>
          <li>
            <strong>Supresión:</strong> podés eliminar tu cuenta. Borramos tus datos y anonimizamos lo que la ley nos
            obliga a conservar.
          </li>
        </ul>
        <p className="mt-3 text-sm text-ink/75">
          Si sentís que no respondimos bien a tu pedido, podés reclamar ante la Agencia de Acceso a la Información
          Pública, el organismo de control de la Ley 25.326.
        </p>
        {/* No `download` attribute: the file comes as an attachment, and without a fresh code the same
            link has to land on this page (which says why) rather than be saved as a file. */}
        <a
          href="/cuenta/datos"
          className="mt-5 inline-flex rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
        >
          Descargar mis datos
        </a>
      </div>

      <div className={section}>
        <h2 className="font-serif text-2xl text-ink">Eliminar mi cuenta</h2>
        <p className="mt-3 text-ink/85">Si eliminás tu cuenta:</p>
        <ul className="mt-2 list-disc space-y-2 pl-5 text-ink/85">
          <li>
            Borramos tus datos de la cuenta y tus direcciones, tu lista «Quiero leerlo», tus avisos de stock, los
            recordatorios del carrito, tu suscripción al newsletter y se cierran todas tus sesiones.
          </li>
          <li>
            Tus pedidos, facturas y pagos quedan guardados porque la ley nos obliga a conservar los registros contables
            y fiscales durante 10 años, pero sin tu nombre, teléfono, dirección ni email. Los datos fiscales de las
            facturas (por ejemplo, el CUIT si pediste Factura A) no se pueden cambiar.
          </li>
          <li>No se puede deshacer. Si volvés a comprar con el mismo email, empezás de cero.</li>
        </ul>
        <p className="mt-3 text-sm text-ink/75">
          Antes tenés que dar de baja la Caja Rizoma si estás suscripto, y esperar a que lleguen (o se cancelen) los
          pedidos en curso.
        </p>
        <Form method="post" className="mt-5 space-y-3" noValidate>
          <div>
            <label htmlFor="confirmar-email" className="block text-sm font-semibold text-ink">
              Para confirmar, escribí tu email
            </label>
            <input
              id="confirmar-email"
              name="confirmEmail"
              type="email"
              autoComplete="off"
              required
              defaultValue={deleteFailure?.values.confirmEmail ?? ""}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={deleteFailure ? "eliminar-error" : undefined}
              className="mt-1 w-full max-w-md rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30"
            />
          </div>
          {deleteFailure ? (
            <p
              id="eliminar-error"
              role="alert"
              className="rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark"
            >
              {deleteFailure.message}
              {loaderData.fresh ? null : (
                <>
                  {" "}
                  <a href="#confirmar" className="font-semibold underline">
                    Pedir el código
                  </a>
                </>
              )}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={deleting}
            className="rounded-full bg-terracotta-dark px-6 py-3 font-semibold text-white hover:bg-terracotta focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-terracotta-dark disabled:cursor-wait disabled:opacity-80"
          >
            {deleting ? "Eliminando tu cuenta…" : "Eliminar mi cuenta"}
          </button>
        </Form>
      </div>
    </section>
  );
}
