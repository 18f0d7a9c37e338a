import type { Settings } from "~/domain/settings/schema";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

/** Customer accounts: when the abandoned-cart reminder goes out. */
export function AccountsSection({ accounts, state }: { accounts: Settings["accounts"]; state: SectionState }) {
  return (
    <SettingsForm
      section="accounts"
      description="Mi cuenta y los recordatorios: solo escriben a quien tildó «Recordame mi carrito» en el checkout."
      names={["cartReminderHours"]}
      saveLabel="Guardar cuentas de clientes"
      state={state}
      stored={accounts}
    >
      <Field
        name="cartReminderHours"
        label="Recordatorio del carrito (horas)"
        value={String(accounts.cartReminderHours)}
        hint="Cuántas horas después de dejar el checkout sin comprar sale el único recordatorio. Entre 1 y 720."
        type="number"
        inputMode="numeric"
        min={1}
        max={720}
      />
    </SettingsForm>
  );
}
