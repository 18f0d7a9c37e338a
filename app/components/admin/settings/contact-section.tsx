import type { Settings } from "~/domain/settings/schema";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

export function ContactSection({ contact, state }: { contact: Settings["contact"]; state: SectionState }) {
  return (
    <SettingsForm
      section="contact"
      description="Se muestran en el pie de todas las páginas de la tienda."
      names={["address", "hours", "whatsapp", "email"]}
      saveLabel="Guardar contacto"
      state={state}
      stored={contact}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="address" label="Dirección" value={contact.address} autoComplete="off" className="sm:col-span-2" />
        <Field
          name="hours"
          label="Horarios de atención"
          value={contact.hours}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <Field
          name="whatsapp"
          label="WhatsApp"
          value={contact.whatsapp}
          hint="Celular con código de país: +54 9 11 1234-5678."
          type="tel"
          autoComplete="off"
        />
        <Field name="email" label="Email" value={contact.email} type="email" autoComplete="off" />
      </div>
    </SettingsForm>
  );
}
