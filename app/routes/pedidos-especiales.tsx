import { Form, Link, redirect, useNavigation } from "react-router";
import { SpecialOrderFields, SpecialOrderThanks } from "~/components/special-orders/special-order-fields";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { SCOPE_PROMISE, SPECIAL_ORDER_SCOPES } from "~/domain/special-orders/labels";
import { requestFromForm } from "~/domain/special-orders/rules";
import { bookForRequest, createSpecialOrder } from "~/domain/special-orders/special-orders.server";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/pedidos-especiales";

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: "Pedidos especiales",
    description: `¿No encontrás un libro? Lo conseguimos. ${SCOPE_PROMISE.national} ${SCOPE_PROMISE.international}`,
    url: data?.canonical,
  });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/**
 * The request form as a page: what the home's dialog and the "ORDENAR 72HS" buttons are without
 * JavaScript. `?libro={id}` starts it with that book; `?enviado={scope}` is the thank-you state the
 * action redirects to (303), with the shop's promise for the scope.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sent = SPECIAL_ORDER_SCOPES.find((scope) => scope === params.get("enviado")) ?? null;
  const bookId = parseId(params.get("libro"));
  const book = bookId ? await bookForRequest(context.db, bookId) : null;
  return {
    canonical: `${context.config.publicUrl}/pedidos-especiales`,
    sent,
    prefill: book ? { bookId: String(book.id), bookTitle: book.title, bookAuthor: book.author } : {},
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = requestFromForm(await readForm(request));
  return formAction(values, async () => {
    const { order } = await createSpecialOrder(requestContext(context), values);
    return redirect(`/pedidos-especiales?enviado=${order.scope}`, 303);
  });
}

export default function PedidosEspeciales({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, prefill } = loaderData;
  const sending = useNavigation().state === "submitting";
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <p className="text-xs font-bold tracking-widest text-terracotta-dark">PEDIDOS ESPECIALES</p>
        <h1 className="mt-1 font-serif text-3xl text-ink sm:text-4xl">¿No lo encontrás? Lo conseguimos</h1>
        {sent ? (
          <section aria-labelledby="pedido-enviado" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-ink/10 sm:p-8">
            <SpecialOrderThanks scope={sent} headingId="pedido-enviado">
              <div className="mt-6 flex flex-wrap gap-3">
                <Link
                  to="/tienda"
                  className="rounded-full bg-moss px-6 py-3 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
                >
                  SEGUIR EXPLORANDO
                </Link>
                <Link
                  to="/pedidos-especiales"
                  className="rounded-full border-2 border-moss px-6 py-3 text-sm font-bold tracking-wider text-moss hover:bg-moss hover:text-white"
                >
                  PEDIR OTRO LIBRO
                </Link>
              </div>
            </SpecialOrderThanks>
          </section>
        ) : (
          <>
            <p className="mt-3 text-ink/80">
              Un libro agotado, una edición que viste en otro lado, ese ensayo que nadie tiene: contanos cuál es y lo
              buscamos por vos. {SCOPE_PROMISE.national} {SCOPE_PROMISE.international}
            </p>
            <Form method="post" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-ink/10 sm:p-8">
              <SpecialOrderFields
                idPrefix="pedido"
                values={actionData?.values ?? prefill}
                error={
                  actionData
                    ? { message: actionData.message, field: Object.keys(actionData.fields)[0] ?? null }
                    : undefined
                }
                sending={sending}
              />
              <PersonalDataNotice className="mt-4" />
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
