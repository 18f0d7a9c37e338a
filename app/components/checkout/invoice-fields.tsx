import { useEffect, useRef } from "react";
import { MAX_LEGAL_NAME } from "~/domain/orders/input";

/** The invoice fields' names in the order body (`customer.cuit`, `customer.legalName`). */
export type InvoiceField = "cuit" | "legalName";

const label = "block text-sm font-semibold text-ink";
const input =
  "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30 aria-[invalid=true]:border-terracotta";

/**
 * The optional CUIT and razón social (docs/decisions/0029): folded away in a native <details>, so most
 * buyers (final consumers) skip it and it opens without JavaScript. A Responsable Inscripto shop names the
 * Factura A; any other shop invoices the company with its own letter, so it asks in plainer words. It opens
 * itself when one of its fields has the error, and says which.
 */
export function InvoiceFields({
  issuesFacturaA,
  error,
}: {
  issuesFacturaA: boolean;
  error: { field: InvoiceField; message: string } | null;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  // Opened, never closed, from here: closing it under the buyer's hands would hide what they typed.
  useEffect(() => {
    if (error && details.current) details.current.open = true;
  }, [error]);
  const summary = issuesFacturaA
    ? "¿Necesitás factura A? Cargá el CUIT"
    : "¿Necesitás la factura a nombre de una empresa? Cargá el CUIT";
  return (
    <details ref={details} className="rounded-lg border border-ink/15 p-3" data-testid="checkout-invoice">
      <summary className="cursor-pointer text-sm font-semibold text-moss">{summary}</summary>
      <p className="mt-2 text-sm text-ink/75">
        Completá los dos datos tal como figuran en ARCA. Si no los cargás, la factura sale a tu nombre como consumidor
        final.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <InvoiceInput
          name="cuit"
          label="CUIT"
          placeholder="30-71654321-4"
          inputMode="numeric"
          maxLength={20}
          error={error?.field === "cuit" ? error.message : null}
        />
        <InvoiceInput
          name="legalName"
          label="Razón social"
          autoComplete="organization"
          maxLength={MAX_LEGAL_NAME}
          error={error?.field === "legalName" ? error.message : null}
        />
      </div>
    </details>
  );
}

function InvoiceInput(props: {
  name: InvoiceField;
  label: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "numeric";
  maxLength: number;
  error: string | null;
}) {
  const id = `checkout-${props.name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={label}>
        {props.label} <span className="font-normal text-ink/75">(opcional)</span>
      </label>
      <input
        id={id}
        name={props.name}
        type="text"
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? "off"}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={input}
      />
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-terracotta-dark" data-testid={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
