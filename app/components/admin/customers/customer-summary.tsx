import type { ReactNode } from "react";
import type { CustomerDetail as CustomerView } from "~/domain/customers/detail.server";
import { provinceName } from "~/domain/orders/delivery";
import { mediumDateTime, shortDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { CustomerFlags } from "./customer-flags";
import { CustomerSection } from "./customer-section";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The figures of the list line (same numbers), the vouchers and the wishlist, as label/value rows. */
export function CustomerSummary({ customer }: { customer: CustomerView }) {
  const { summary, vouchers } = customer;
  return (
    <CustomerSection id="resumen" title="Resumen">
      <CustomerFlags flags={summary} empty={null} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact label="Pedidos">{summary.orders}</Fact>
        {summary.inPersonSales > 0 ? <Fact label="Compras en el local y ferias">{summary.inPersonSales}</Fact> : null}
        <Fact label="Total gastado">
          {formatMoney(summary.totalSpentCents)}{" "}
          <span className="text-ink/75">
            {summary.inPersonSales > 0 ? "(pedidos y compras pagados)" : "(pedidos pagados)"}
          </span>
        </Fact>
        <Fact label="Último pedido">{summary.lastOrderAt ? shortDate(summary.lastOrderAt) : "—"}</Fact>
        <Fact label="Última actividad">{mediumDateTime(summary.lastActivityAt)}</Fact>
        <Fact label="Facturas">
          {plural(vouchers.invoices, "emitida", "emitidas")}
          {vouchers.creditNotes > 0 ? `, ${plural(vouchers.creditNotes, "nota de crédito", "notas de crédito")}` : ""}
        </Fact>
        <Fact label="Quiero leerlo">{plural(customer.wishlistCount, "libro", "libros")}</Fact>
      </dl>
    </CustomerSection>
  );
}

/** What the person saved in /cuenta; for a guest, a line saying there is no account. */
export function CustomerAccount({ customer }: { customer: CustomerView }) {
  const account = customer.account;
  return (
    <CustomerSection id="cuenta" title="Cuenta">
      {account ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <Fact label="Nombre">{[account.firstName, account.lastName].filter(Boolean).join(" ") || "—"}</Fact>
            <Fact label="Teléfono">{account.phone ?? "—"}</Fact>
            <Fact label="Creada">{shortDate(account.createdAt)}</Fact>
            <Fact label="Último ingreso">{account.lastSignInAt ? mediumDateTime(account.lastSignInAt) : "—"}</Fact>
          </dl>
          {account.addresses.length > 0 ? (
            <ul className="space-y-1 text-sm" aria-label="Direcciones guardadas">
              {account.addresses.map((address) => (
                <li key={address.id}>
                  <span className="font-semibold">{address.label}</span>
                  {address.isDefault ? <span className="text-ink/75"> (principal)</span> : null}: {address.address},{" "}
                  {address.city}, {provinceName(address.province)} ({address.zipCode})
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink/75">Sin direcciones guardadas.</p>
          )}
        </>
      ) : (
        <p className="text-sm text-ink/75">Nunca ingresó a Mi cuenta: lo que hizo, lo hizo como invitado.</p>
      )}
    </CustomerSection>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
