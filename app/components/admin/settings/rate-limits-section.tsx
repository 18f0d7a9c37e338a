import type { Settings } from "~/domain/settings/schema";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

type RateLimits = Settings["rateLimits"];

/** Every limit is a whole number from 1 up to `max`; listed in the order the form shows them. */
const LIMITS: { name: keyof RateLimits; label: string; hint: string; max: number }[] = [
  {
    name: "loginMaxFailures",
    label: "Intentos fallidos de ingreso",
    hint: "Por email y por IP, antes de bloquear.",
    max: 100,
  },
  {
    name: "loginWindowMinutes",
    label: "Ventana de ingreso (minutos)",
    hint: "En cuánto tiempo se cuentan esos intentos.",
    max: 1440,
  },
  { name: "newsletterPerIpPerHour", label: "Suscripciones al newsletter", hint: "Por IP y por hora.", max: 1000 },
  {
    name: "mailPerSecond",
    label: "Correos por segundo",
    hint: "Ritmo máximo de envío, para cuidar la cuenta de correo en los envíos masivos.",
    max: 100,
  },
  {
    name: "qrChecksPerMinute",
    label: "Consultas de códigos QR",
    hint: "Por IP y por minuto: frena a quien quiera adivinar códigos.",
    max: 10000,
  },
  { name: "qrClaimsPerMinute", label: "Reclamos de premios", hint: "Por IP y por minuto.", max: 10000 },
  {
    name: "withdrawalsPerIpPerHour",
    label: "Pedidos de arrepentimiento",
    hint: "Por IP y por hora: cada intento prueba un número de pedido y un email.",
    max: 1000,
  },
  {
    name: "boxSubscribePerIpPerHour",
    label: "Suscripciones a la Caja Rizoma",
    hint: "Por IP y por hora: cada intento crea una suscripción en Mercado Pago.",
    max: 1000,
  },
  {
    name: "boxCancelPerIpPerHour",
    label: "Bajas de la Caja Rizoma",
    hint: "Por IP y por hora: cuenta los pedidos de código y los intentos de confirmar la baja.",
    max: 1000,
  },
  {
    name: "discountValidatePerIpPerMinute",
    label: "Consultas de códigos de descuento",
    hint: "Por IP y por minuto, en el checkout: frena a quien quiera adivinar códigos.",
    max: 10000,
  },
  {
    name: "specialOrdersPerIpPerHour",
    label: "Pedidos especiales",
    hint: "Por IP y por hora: cada pedido manda dos correos.",
    max: 1000,
  },
  {
    name: "ordersPerIpPerHour",
    label: "Pedidos de la tienda",
    hint: "Por IP y por hora: cada pedido reserva stock.",
    max: 1000,
  },
  {
    name: "accountCodesPerIpPerHour",
    label: "Códigos para entrar a Mi cuenta",
    hint: "Por IP y por hora: cada pedido de código manda un correo.",
    max: 1000,
  },
  {
    name: "stockAlertsPerIpPerHour",
    label: "Avisos de stock",
    hint: "Por IP y por hora: «Avisame cuando vuelva» y «Avisame cuando salga».",
    max: 1000,
  },
  {
    name: "shippingQuotesPerIpPerMinute",
    label: "Cotizaciones de envío",
    hint: "Por IP y por minuto, en el checkout: cada consulta pregunta a los correos.",
    max: 10000,
  },
];

export function RateLimitsSection({ rateLimits, state }: { rateLimits: RateLimits; state: SectionState }) {
  return (
    <SettingsForm
      section="rateLimits"
      description="Frenos contra abusos: cuántos intentos se aceptan antes de pedir que esperen."
      names={LIMITS.map((limit) => limit.name)}
      saveLabel="Guardar límites"
      state={state}
      stored={rateLimits}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {LIMITS.map(({ name, label, hint, max }) => (
          <Field
            key={name}
            name={name}
            label={label}
            value={rateLimits[name]}
            hint={hint}
            type="number"
            min={1}
            max={max}
          />
        ))}
      </div>
    </SettingsForm>
  );
}
