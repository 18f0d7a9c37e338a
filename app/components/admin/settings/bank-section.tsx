import { StepUpField } from "~/components/admin/step-up-field";
import type { StepUpState } from "~/domain/auth/step-up";
import { BOOK_PRICE_LAW_NOTE } from "~/domain/discounts/book-price-law";
import { MAX_TRANSFER_DISCOUNT_PERCENT } from "~/domain/orders/pricing";
import type { Settings } from "~/domain/settings/schema";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

export function BankSection({
  bank,
  state,
  stepUp,
}: {
  bank: Settings["bank"];
  state: SectionState;
  /** Changing where buyers send money asks who is at the keyboard again (step-up). */
  stepUp: StepUpState;
}) {
  return (
    <SettingsForm
      section="bank"
      description="La cuenta que ve quien paga por transferencia, con el pedido registrado."
      names={["holder", "bank", "cbu", "alias", "cuit", "transferExpiryDays", "transferDiscountPercent"]}
      saveLabel="Guardar datos bancarios"
      state={state}
      stored={bank}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="holder" label="Titular" value={bank.holder} autoComplete="off" />
        <Field name="bank" label="Banco" value={bank.bank} autoComplete="off" />
        <Field
          name="cbu"
          label="CBU o CVU"
          value={bank.cbu}
          hint="22 dígitos; podés pegarlo con espacios."
          inputMode="numeric"
          autoComplete="off"
        />
        <Field
          name="alias"
          label="Alias"
          value={bank.alias}
          hint="Entre 6 y 20 letras, números, puntos o guiones."
          autoComplete="off"
        />
        <Field
          name="cuit"
          label="CUIT"
          value={bank.cuit}
          hint="11 dígitos, con o sin guiones."
          inputMode="numeric"
          autoComplete="off"
        />
        <Field
          name="transferExpiryDays"
          label="Días para pagar una transferencia"
          value={bank.transferExpiryDays}
          hint="Pasado ese plazo sin pago, el pedido se cancela y los libros vuelven al stock."
          type="number"
          min={1}
          max={30}
        />
        <Field
          name="transferDiscountPercent"
          label="Descuento por transferencia (%)"
          value={bank.transferDiscountPercent}
          hint={`De 0 (sin descuento) a 50. ${BOOK_PRICE_LAW_NOTE}`}
          type="number"
          min={0}
          max={MAX_TRANSFER_DISCOUNT_PERCENT}
        />
      </div>
      <StepUpField state={stepUp} error={state.errors.stepUpProof} />
    </SettingsForm>
  );
}
