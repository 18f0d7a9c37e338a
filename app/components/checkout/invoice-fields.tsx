import { useEffect, useRef } from "react";
import { BUYER_TAX_CONDITION_LABELS, BUYER_TAX_CONDITIONS } from "~/domain/invoices/codes";
import { MAX_LEGAL_NAME } from "~/domain/orders/input";
import { formatMoney } from "~/lib/money";

/**
 * The buyer's fields with their own error on the page, by their names in the order body
 * (`customer.cuit`, `customer.legalName`, `customer.taxCondition`; `customer.document`, the DNI or CUIL).
 */
export type InvoiceField = "cuit" | "legalName" | "taxCondition" | "document";

const label = "block text-sm font-semibold text-ink";
const input =
  "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30 aria-[invalid=true]:border-terracotta";

/**
 * The optional CUIT, razón social and condición frente al IVA (docs/decisions/0029): folded away in a
 * native <details>, so most buyers (final consumers) skip it and it opens without JavaScript. The summary
 * promises no letter: from a Responsable Inscripto shop the condition decides it (A or B), which the text
 * below says; any other shop invoices with its own letter (C). It opens itself when one of its fields has
 * the error, and says which. `onCuitChange` tells the page whether a CUIT is typed (a final consumer's DNI
 * is asked only without one).
 */
export function InvoiceFields({
  issuesFacturaA,
  error,
  onCuitChange,
}: {
  issuesFacturaA: boolean;
  error: { field: InvoiceField; message: string } | null;
  onCuitChange?: (typed: boolean) => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  // Opened, never closed, from here: closing it under the buyer's hands would hide what they typed.
  useEffect(() => {
    if (error && details.current) details.current.open = true;
  }, [error]);
  return (
    <details ref={details} className="rounded-lg border border-ink/15 p-3" data-testid="checkout-invoice">
      <summary className="cursor-pointer text-sm font-semibold text-moss">
        ¿Necesitás factura a nombre de una empresa o institución? Cargá el CUIT
      </summary>
      <p className="mt-2 text-sm text-ink/75">
        Completá los datos tal como figuran en ARCA.{" "}
        {issuesFacturaA
          ? "Responsables inscriptos y monotributistas reciben factura A; exentos (escuelas, bibliotecas, ONG), factura B. "
          : ""}
        Si no los cargás, la factura sale a tu nombre como consumidor final.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <InvoiceInput
          name="cuit"
          label="CUIT"
          placeholder="30-71654321-4"
          inputMode="numeric"
          maxLength={20}
          error={error?.field === "cuit" ? error.message : null}
          onChange={onCuitChange ? (event) => onCuitChange(event.currentTarget.value.trim() !== "") : undefined}
        />
        <InvoiceInput
          name="legalName"
          label="Razón social"
          autoComplete="organization"
          maxLength={MAX_LEGAL_NAME}
          error={error?.field === "legalName" ? error.message : null}
        />
        <TaxConditionSelect error={error?.field === "taxCondition" ? error.message : null} />
      </div>
    </details>
  );
}

/** Required with a CUIT (the server says so too): no option is preselected, so nobody is filed wrongly. */
function TaxConditionSelect({ error }: { error: string | null }) {
  const id = "checkout-taxCondition";
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={label}>
        Condición frente al IVA <span className="font-normal text-ink/75">(con el CUIT)</span>
      </label>
      <select
        id={id}
        name="taxCondition"
        defaultValue=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={input}
      >
        <option value="">Elegí una opción</option>
        {BUYER_TAX_CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {BUYER_TAX_CONDITION_LABELS[condition]}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-terracotta-dark" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A final consumer's DNI or CUIL, asked only when the order reaches ARCA's identification threshold
 * (RG 5700/2025, Ajustes → Facturación electrónica) and no CUIT was typed. Required then.
 */
export function DocumentField({ fromCents, error }: { fromCents: number; error: string | null }) {
  const id = "checkout-document";
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className={label}>
        DNI o CUIL
      </label>
      <p id={hintId} className="text-xs text-ink/75">
        Para compras desde {formatMoney(fromCents)} ARCA pide que la factura te identifique (RG 5700/2025).
      </p>
      <input
        id={id}
        name="document"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        required
        placeholder="30123456"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
        className={input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-terracotta-dark" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
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
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
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
        onChange={props.onChange}
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
