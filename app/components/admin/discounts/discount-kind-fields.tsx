import { useState } from "react";
import { fieldClass } from "./field-classes";

/** A percentage or a fixed amount (spec §5): typing one clears the other, so both inputs share state. */
export function DiscountKindFields({
  percentage: initialPercentage,
  amount: initialAmount,
}: {
  percentage: string;
  amount: string;
}) {
  const [percentage, setPercentage] = useState(initialPercentage);
  const [amount, setAmount] = useState(initialAmount);
  return (
    <fieldset aria-describedby="discount-kind-hint">
      <legend className={fieldClass.label}>Descuento</legend>
      <p id="discount-kind-hint" className={fieldClass.hint}>
        Un porcentaje o un monto fijo: al completar uno se borra el otro.
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="discount-percentage" className="block text-sm">
            Porcentaje (%)
          </label>
          <input
            id="discount-percentage"
            name="discountPercentage"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={percentage}
            onChange={(event) => {
              setPercentage(event.target.value);
              if (event.target.value !== "") setAmount("");
            }}
            className={fieldClass.input}
          />
        </div>
        <div>
          <label htmlFor="discount-amount" className="block text-sm">
            Monto fijo ($)
          </label>
          <input
            id="discount-amount"
            name="discountAmount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              if (event.target.value !== "") setPercentage("");
            }}
            className={fieldClass.input}
          />
        </div>
      </div>
    </fieldset>
  );
}
