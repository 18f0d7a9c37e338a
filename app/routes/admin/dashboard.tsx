import { Link } from "react-router";
import { FiscalWarning } from "~/components/admin/dashboard/fiscal-warning";
import { InvoiceWarning } from "~/components/admin/dashboard/invoice-warning";
import { ShipmentWarning } from "~/components/admin/dashboard/shipment-warning";
import { catalogueFigures, LOW_STOCK } from "~/domain/admin/dashboard.server";
import { latestAudit } from "~/domain/audit/audit.server";
import { mayAct, roleForPath } from "~/domain/auth/roles";
import { boxStats } from "~/domain/box/subscriptions.server";
import { discountFigures } from "~/domain/discounts/admin.server";
import { invoiceDashboard } from "~/domain/invoices/admin.server";
import { outboxCounts } from "~/domain/mail/outbox.server";
import { newsletterCounts } from "~/domain/newsletter/newsletter.server";
import { orderFigures } from "~/domain/orders/queries.server";
import { prizeFigures } from "~/domain/prizes/prizes.server";
import { salesThisMonth } from "~/domain/reports/month.server";
import { flaggedSalesCount } from "~/domain/sales/queries.server";
import { missingFiscalFields } from "~/domain/settings/fiscal";
import { getSection } from "~/domain/settings/settings.server";
import { shipmentsNeedingAttention } from "~/domain/shipping/order-panel.server";
import { specialOrderFigures } from "~/domain/special-orders/special-orders.server";
import { requireAdmin } from "~/lib/admin.server";
import { dayMonthTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const owner = admin.role === "owner";
  const [
    catalogue,
    audit,
    newsletter,
    mail,
    prizes,
    box,
    discounts,
    specialOrders,
    orders,
    invoices,
    parcels,
    month,
    flagged,
  ] = await Promise.all([
    catalogueFigures(context.db),
    // The audit log is the owners' (/admin/auditoria): staff do not get its lines here either.
    owner ? latestAudit(context.db, 20) : Promise.resolve([]),
    newsletterCounts(context.db),
    outboxCounts(context.db),
    prizeFigures(context.db),
    boxStats(context.db),
    discountFigures(context.db),
    specialOrderFigures(context.db),
    orderFigures(context.db),
    invoiceDashboard(context.db),
    shipmentsNeedingAttention(context.db),
    salesThisMonth(context.db),
    flaggedSalesCount(context.db),
  ]);
  const missingFiscal = missingFiscalFields(await getSection(context.db, "fiscal"));
  return {
    role: admin.role,
    catalogue,
    subscribers: newsletter.active,
    mail,
    prizes,
    box,
    discounts,
    specialOrders,
    orders,
    month,
    flagged,
    parcels,
    invoices,
    lowStock: LOW_STOCK,
    missingFiscal,
    audit: audit.map(({ id, at, adminEmail, summary }) => ({ id, at: at.toISOString(), adminEmail, summary })),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    catalogue,
    lowStock,
    audit,
    subscribers,
    mail,
    prizes,
    box,
    discounts,
    specialOrders,
    orders,
    month,
    flagged,
    invoices,
    role,
  } = loaderData;
  const inPerson = month.counter.sales + month.fair.sales;
  const allCards: { label: string; value: number | string; note: string; to?: string }[] = [
    {
      label: "Pedidos esperando el pago",
      value: orders.pendingPayment,
      note: "Confirmá las transferencias",
      to: "/admin/pedidos?estado=pending_payment",
    },
    {
      // Every channel (DESIGN §9): the online orders and the counter's and fairs' sales, as the reports count them.
      label: "Ventas de este mes",
      value: formatMoney(month.totalCents),
      note: `${month.online.sales} ${month.online.sales === 1 ? "pedido pagado" : "pedidos pagados"}${
        inPerson > 0 ? ` y ${inPerson} ${inPerson === 1 ? "venta" : "ventas"} en el local y ferias` : ""
      }`,
      to: "/admin/pedidos?estado=paid",
    },
    {
      label: "Ventas sin stock para revisar",
      value: flagged,
      note: flagged > 0 ? "Revisalas en el cierre de caja" : "Cierre de caja",
      to: flagged > 0 ? "/admin/cierre#sin-stock" : "/admin/cierre",
    },
    {
      label: "Descuentos de este mes",
      value: formatMoney(orders.discountThisMonthCents),
      // The month's orders may have had different transfer discounts (it is a setting): no percent here.
      note: "Códigos y descuento por transferencia",
      to: "/admin/pedidos",
    },
    {
      label: "Facturas de este mes",
      value: invoices.issuedThisMonth,
      note: invoices.pending > 0 ? `${invoices.pending} por emitir · ver facturas` : "Ver facturas",
      to: "/admin/facturas",
    },
    {
      label: "Libros en el catálogo",
      value: catalogue.books,
      note: `${catalogue.published} publicados`,
      to: "/admin/libros",
    },
    {
      label: "Sin stock",
      value: catalogue.outOfStock,
      note: "Se pueden pedir en 72 hs",
      to: "/admin/libros?estado=sin-stock",
    },
    {
      label: "Poco stock",
      value: catalogue.lowStock,
      note: `${lowStock} unidades o menos`,
      to: "/admin/libros?estado=poco-stock",
    },
    {
      label: "Preventas activas",
      value: catalogue.preorders,
      note: "Con fecha de salida futura",
      to: "/admin/libros?estado=preventa",
    },
    { label: "En el carrusel", value: catalogue.featured, note: "Recomendado: 3 o 4 libros", to: "/admin/carousel" },
    { label: "Suscriptores al newsletter", value: subscribers, note: "Ver suscriptores", to: "/admin/newsletter" },
    { label: "Códigos QR disponibles", value: prizes.available, note: "Ver códigos", to: "/admin/qr?tab=codigos" },
    {
      label: "Premios reclamados este mes",
      value: prizes.claimedThisMonth,
      note: "Ver ganadores",
      to: "/admin/qr?tab=ganadores",
    },
    {
      label: "Suscripciones a la Caja Rizoma",
      value: box.activeSubscriptions,
      note:
        box.pendingSubscriptions > 0 ? `${box.pendingSubscriptions} esperando el pago` : "Activas · ver suscripciones",
      to: "/admin/caja",
    },
    {
      label: "Ingreso mensual de la caja",
      value: formatMoney(box.monthlyRevenueCents),
      note: "Equivalente mensual de las activas",
      to: "/admin/caja",
    },
    {
      label: "Códigos de descuento activos",
      value: discounts.activeCodes,
      note: `${discounts.usesThisMonth === 1 ? "1 uso" : `${discounts.usesThisMonth.toLocaleString("es-AR")} usos`} este mes`,
      to: "/admin/descuentos",
    },
    {
      label: "Pedidos especiales nuevos",
      value: specialOrders.new,
      note: specialOrders.open > 0 ? `${specialOrders.open} abiertos · ver pedidos` : "Ver pedidos",
      to: specialOrders.new > 0 ? "/admin/pedidos-especiales?estado=nuevo" : "/admin/pedidos-especiales",
    },
    {
      label: "Correos fallidos",
      value: mail.failed,
      note: mail.queued > 0 ? `${mail.queued} en cola` : "Ver correos",
      to: mail.failed > 0 ? "/admin/correos?estado=failed" : "/admin/correos",
    },
  ];
  // Only the cards whose section this admin's role may open (app/domain/auth/roles.ts).
  const cards = allCards.filter(
    (card) => !card.to || mayAct(role, roleForPath(card.to.split(/[?#]/)[0] ?? "") ?? "owner"),
  );
  return (
    <>
      <h1 className="font-serif text-3xl">Panel Principal</h1>
      <p className="mt-1 text-ink/75">La librería de un vistazo.</p>
      <FiscalWarning missing={loaderData.missingFiscal} />
      <InvoiceWarning failed={invoices.failed} />
      <ShipmentWarning {...loaderData.parcels} />
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-ink/10 bg-white p-5">
            <p className="text-sm font-semibold text-ink/75">{card.label}</p>
            <p className="mt-1 font-serif text-4xl text-moss">
              {typeof card.value === "number" ? card.value.toLocaleString("es-AR") : card.value}
            </p>
            <p className="mt-1 text-sm text-ink/75">
              {card.to ? (
                <Link to={card.to} className="underline hover:text-moss">
                  {card.note}
                </Link>
              ) : (
                card.note
              )}
            </p>
          </li>
        ))}
      </ul>
      {role === "owner" ? (
        <section aria-labelledby="audit-title" className="mt-10">
          <h2 id="audit-title" className="font-serif text-2xl">
            Últimos cambios
          </h2>
          {audit.length === 0 ? (
            <p className="mt-3 text-ink/75">Todavía no hubo cambios desde el panel.</p>
          ) : (
            <ol className="mt-3 divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
              {audit.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 px-4 py-2.5 text-sm">
                  <time dateTime={entry.at} className="w-32 shrink-0 text-ink/75">
                    {dayMonthTime(entry.at)}
                  </time>
                  <span className="flex-1">{entry.summary}</span>
                  <span className="text-ink/75">{entry.adminEmail}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </>
  );
}
