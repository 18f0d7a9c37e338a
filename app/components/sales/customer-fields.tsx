import { useEffect, useId, useRef } from "react";
import { BUYER_TAX_CONDITION_LABELS, BUYER_TAX_CONDITIONS } from "~/domain/invoices/codes";
import { MAX_LEGAL_NAME } from "~/domain/orders/input";
import type { SaleCustomer } from "~/domain/sales/cart";

export type CustomerField = keyof SaleCustomer;

const input =
  "mt-1 min-h-12 w-full rounded-lg border border-ink/25 bg-white px-3 aria-[invalid=true]:border-terracotta";

/**
 * The buyer, all optional: an e-mail for the receipt; CUIT, razón social and condición frente al IVA for a
 * Factura A or B to a company (as the checkout asks, docs/decisions/0029); a final consumer's DNI or CUIL
 * when the sale reaches ARCA's identification threshold (`documentNeeded`). Folded away unless needed.
 */
export function CustomerFields({
  customer,
  onCustomer,
  error,
  documentNeeded,
  issuesFacturaA,
}: {
  customer: SaleCustomer;
  onCustomer(customer: SaleCustomer): void;
  error: { field: CustomerField; message: string } | null;
  /** The threshold's message when the sale reaches it and no CUIT was typed; null otherwise. */
  documentNeeded: string | null;
  issuesFacturaA: boolean;
}) {
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if ((error || documentNeeded) && details.current) details.current.open = true;
  }, [error, documentNeeded]);
  const field = (name: CustomerField) => ({
    id: `${id}-${name}`,
    value: customer[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onCustomer({ ...customer, [name]: event.currentTarget.value }),
    "aria-invalid": error?.field === name ? true : undefined,
    "aria-describedby": error?.field === name ? `${id}-${name}-error` : undefined,
    className: input,
  });
  const fieldError = (name: CustomerField) =>
    error?.field === name ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-semibold text-terracotta-dark">
        {error.message}
      </p>
    ) : null;
  return (
    <details ref={details} className="rounded-xl border border-ink/15 bg-white p-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-moss">
        Datos del comprador <span className="font-normal text-ink/75">(opcional)</span>
      </summary>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-email`} className="block text-sm font-semibold">
            E-mail <span className="font-normal text-ink/75">(le mandamos el comprobante)</span>
          </label>
          <input {...field("email")} type="email" inputMode="email" autoComplete="off" maxLength={254} />
          {fieldError("email")}
        </div>
        {!customer.cuit.trim() ? (
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-document`} className="block text-sm font-semibold">
              DNI o CUIL{" "}
              <span className="font-normal text-ink/75">{documentNeeded ? "(obligatorio)" : "(opcional)"}</span>
            </label>
            {documentNeeded ? <p className="text-sm text-ink/85">{documentNeeded}</p> : null}
            <input {...field("document")} inputMode="numeric" autoComplete="off" maxLength={20} />
            {fieldError("document")}
          </div>
        ) : null}
        <p className="text-sm text-ink/75 sm:col-span-2">
          Para factura a nombre de una empresa o institución, cargá su CUIT tal como figura en ARCA.
          {issuesFacturaA ? " Responsables inscriptos y monotributistas reciben factura A; exentos, factura B." : ""}
        </p>
        <div>
          <label htmlFor={`${id}-cuit`} className="block text-sm font-semibold">
            CUIT
          </label>
          <input {...field("cuit")} inputMode="numeric" autoComplete="off" maxLength={20} placeholder="30-71654321-4" />
          {fieldError("cuit")}
        </div>
        <div>
          <label htmlFor={`${id}-legalName`} className="block text-sm font-semibold">
            Razón social
          </label>
          <input {...field("legalName")} autoComplete="off" maxLength={MAX_LEGAL_NAME} />
          {fieldError("legalName")}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-taxCondition`} className="block text-sm font-semibold">
            Condición frente al IVA
          </label>
          <select {...field("taxCondition")}>
            <option value="">Elegí una opción</option>
            {BUYER_TAX_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {BUYER_TAX_CONDITION_LABELS[condition]}
              </option>
            ))}
          </select>
          {fieldError("taxCondition")}
        </div>
      </div>
    </details>
  );
}
