import { useState } from "react";
import { normaliseDiscountCode } from "~/domain/discounts/rules";
import { type Cents, centsToPesos, fromPesos } from "~/lib/money";

export interface AppliedCode {
  code: string;
  discountCents: Cents;
}

/**
 * The discount code, applied live through POST /api/discount-codes/validate {code, subtotal} ->
 * {valid, discountAmount, message}. The order's server recomputes it anyway; when the endpoint cannot
 * answer, the code still travels with the order and is checked there.
 */
export function DiscountField(props: {
  subtotalCents: Cents;
  applied: AppliedCode | null;
  onChange: (code: AppliedCode | null) => void;
}) {
  const [text, setText] = useState(props.applied?.code ?? "");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    const code = normaliseDiscountCode(text);
    if (!code) return;
    setBusy(true);
    try {
      const response = await fetch("/api/discount-codes/validate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code, subtotal: centsToPesos(props.subtotalCents) }),
      });
      const json = (await response.json().catch(() => null)) as {
        valid?: boolean;
        discountAmount?: number;
        message?: string;
        error?: string;
      } | null;
      if (response.ok && json?.valid) {
        props.onChange({ code, discountCents: fromPesos(json.discountAmount ?? 0) ?? 0 });
        setMessage({ ok: true, text: json.message ?? "Código aplicado" });
      } else if (json && (json.valid === false || (json.error && response.status !== 404))) {
        props.onChange(null);
        setMessage({ ok: false, text: json.message ?? json.error ?? "El código no es válido" });
      } else {
        props.onChange({ code, discountCents: 0 });
        setMessage({ ok: true, text: "Lo aplicamos al confirmar el pedido." });
      }
    } catch {
      props.onChange({ code, discountCents: 0 });
      setMessage({ ok: true, text: "Lo aplicamos al confirmar el pedido." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor="checkout-discount" className="block text-sm font-semibold text-ink">
        Código de descuento
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="checkout-discount"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void apply();
            }
          }}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-ink/25 bg-white px-3 py-2 uppercase text-ink"
        />
        <button
          type="button"
          onClick={apply}
          disabled={busy || !text.trim()}
          className="rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss-dark hover:bg-moss/10 disabled:opacity-60"
        >
          Aplicar
        </button>
      </div>
      {message ? (
        <p
          role="status"
          data-testid="discount-message"
          className={`mt-1 text-sm ${message.ok ? "text-moss-dark" : "text-terracotta-dark"}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
