import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import {
  CustomerBoxes,
  CustomerNewsletter,
  CustomerOrders,
  CustomerOtherHistory,
  CustomerPurchases,
} from "~/components/admin/customers/customer-history";
import { CustomerAccount, CustomerSummary } from "~/components/admin/customers/customer-summary";
import { AdminRouteError } from "~/components/layout/route-error";
import { customerDetail } from "~/domain/customers/detail.server";
import { NotFound } from "~/domain/errors";
import { receiptLinks } from "~/domain/sales/receipt-links.server";
import { requireAdmin } from "~/lib/admin.server";
import { normalizeEmail } from "~/lib/email";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? (data.summary.name ?? data.summary.email) : "Cliente"} | Panel Rizoma` },
];

/**
 * One person's page: `/admin/clientes/{email}`, the email as one encoded path segment (React Router hands
 * it decoded). It is normalised as stored, so "Ana@Example.com" finds ana@example.com; an email the shop
 * knows nothing about is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  try {
    const customer = await customerDetail(context.db, normalizeEmail(params.email));
    const links = await receiptLinks(
      context.db,
      requestContext(context),
      customer.inPersonSales.map((sale) => sale.number),
    );
    return {
      ...customer,
      inPersonSales: customer.inPersonSales.map((sale) => ({ ...sale, receiptUrl: links[sale.number]?.path ?? "" })),
    };
  } catch (error) {
    if (error instanceof NotFound) throw data(error.message, { status: 404 });
    throw error;
  }
}

export default function AdminCliente({ loaderData: customer }: Route.ComponentProps) {
  const { email, name } = customer.summary;
  return (
    <div className="space-y-6">
      <Link to="/admin/clientes" className="inline-flex items-center gap-1 text-sm font-semibold text-moss underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Volver a los clientes
      </Link>
      <div>
        <h1 className="font-serif text-2xl break-words sm:text-3xl">{name ?? email}</h1>
        <a href={`mailto:${email}`} className="break-all text-moss underline">
          {email}
        </a>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CustomerSummary customer={customer} />
        <CustomerAccount customer={customer} />
      </div>
      <CustomerOrders orders={customer.orders} />
      {customer.inPersonSales.length > 0 ? <CustomerPurchases purchases={customer.inPersonSales} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <CustomerBoxes email={email} subscriptions={customer.subscriptions} />
        <CustomerNewsletter newsletter={customer.newsletter} />
      </div>
      <CustomerOtherHistory customer={customer} />
    </div>
  );
}

/** An unknown email is said as such, with the way back to the list; anything else, inside the admin. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <AdminRouteError
        title="Cliente no encontrado"
        message="No hay pedidos, suscripciones ni altas con ese email. Revisá que esté bien escrito."
        retry={{ href: "/admin/clientes", label: "Volver a los clientes" }}
      />
    );
  }
  return (
    <AdminRouteError
      title="Cliente"
      message="No se pudo cargar la ficha del cliente"
      retry={{ href: "/admin/clientes", label: "Volver a los clientes" }}
    />
  );
}
