import { useContext } from "react";
import { type FiscalSettings, TAX_CONDITIONS } from "~/domain/settings/fiscal";
import { todayInBuenosAires } from "~/lib/dates";
import { Field, FieldError, FieldLabel, inputClass } from "./field";
import { Fields, type SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

const NAMES = [
  "legalName",
  "cuit",
  "taxCondition",
  "legalAddress",
  "email",
  "phone",
  "activityStart",
  "dataRegistry",
  "qrImageFile",
  "qrUrl",
  "qrImage",
];

/** "Datos fiscales": the seller's identity the footer shows. Every field may stay empty; a filled one must be valid. */
export function FiscalSection({ fiscal, state }: { fiscal: FiscalSettings; state: SectionState }) {
  return (
    <SettingsForm
      section="fiscal"
      description="La identidad de quien vende, como la piden la Resolución 270/2020 y ARCA: se muestra en el pie de todas las páginas. Podés cargarla de a poco: el pie muestra solo los datos que completes."
      names={NAMES}
      saveLabel="Guardar datos fiscales"
      state={state}
      stored={fiscal}
      encType="multipart/form-data"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="legalName"
          label="Razón social"
          value={fiscal.legalName ?? ""}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <Field
          name="cuit"
          label="CUIT"
          value={fiscal.cuit ?? ""}
          hint="11 dígitos, con o sin guiones: XX-XXXXXXXX-X."
          inputMode="numeric"
          autoComplete="off"
        />
        <TaxConditionSelect value={fiscal.taxCondition ?? ""} />
        <Field
          name="legalAddress"
          label="Domicilio legal"
          value={fiscal.legalAddress ?? ""}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <Field name="email" label="Email" value={fiscal.email ?? ""} type="email" autoComplete="off" />
        <Field
          name="phone"
          label="Teléfono"
          value={fiscal.phone ?? ""}
          hint="Con código de área, por ejemplo 11 5555-1234."
          type="tel"
          autoComplete="off"
        />
        <Field
          name="activityStart"
          label="Inicio de actividades"
          value={fiscal.activityStart ?? ""}
          type="date"
          max={todayInBuenosAires()}
        />
        <Field
          name="dataRegistry"
          label="Inscripción de la base de datos en la AAIP"
          value={fiscal.dataRegistry ?? ""}
          hint="El número que te dio el Registro Nacional de Bases de Datos de la Agencia de Acceso a la Información Pública. Se muestra en la política de privacidad."
          autoComplete="off"
        />
      </div>
      <DataFiscalQr qrImage={fiscal.qrImage} qrUrl={fiscal.qrUrl} />
    </SettingsForm>
  );
}

function TaxConditionSelect({ value }: { value: string }) {
  const { values, errors, focus } = useContext(Fields);
  const id = "fiscal-taxCondition";
  const error = errors.taxCondition;
  return (
    <div>
      <FieldLabel id={id} label="Condición frente al IVA" />
      <select
        id={id}
        name="taxCondition"
        defaultValue={values?.taxCondition ?? value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: only when the server refused this field, so the admin lands on it.
        autoFocus={focus === "taxCondition"}
        className={inputClass}
      >
        <option value="">Sin indicar</option>
        {Object.entries(TAX_CONDITIONS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The Data Fiscal QR: the image ARCA gives with the F.960/D (uploaded here) and/or the URL its QR opens.
 * The stored image travels in a hidden field, so saving other fields keeps it.
 */
function DataFiscalQr({ qrImage, qrUrl }: { qrImage: string | null; qrUrl: string | null }) {
  const { values, errors, focus } = useContext(Fields);
  const current = values ? values.qrImage || null : qrImage;
  const fileId = "fiscal-qrImageFile";
  const fileError = errors.qrImageFile ?? errors.qrImage;
  return (
    <fieldset className="min-w-0 rounded-lg border border-ink/15 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">QR de Data Fiscal (formulario 960/D)</legend>
      <p className="text-xs text-ink/75">
        Generalo en ARCA con tu clave fiscal (servicio «Formulario 960/D - Data Fiscal»). Podés subir la imagen del QR,
        pegar la dirección que abre, o las dos: el pie muestra el QR y lo enlaza a ARCA.
      </p>
      <div className="mt-3 flex flex-wrap items-start gap-4">
        {current ? (
          <div className="space-y-2">
            <img
              src={current}
              alt="QR de Data Fiscal guardado"
              width={80}
              height={80}
              className="size-20 rounded border border-ink/15 object-contain"
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="qrImageRemove" defaultChecked={values?.qrImageRemove === "on"} />
              Quitar la imagen
            </label>
          </div>
        ) : null}
        <input type="hidden" name="qrImage" value={current ?? ""} />
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <FieldLabel
              id={fileId}
              label={current ? "Reemplazar la imagen del QR" : "Imagen del QR"}
              hint="JPEG, PNG o WebP de hasta 5 MB."
            />
            <input
              id={fileId}
              name="qrImageFile"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ""}`}
              // biome-ignore lint/a11y/noAutofocus: only when the server refused the image, so the admin lands on it.
              autoFocus={focus === "qrImageFile" || focus === "qrImage"}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-moss file:px-4 file:py-2 file:font-semibold file:text-white"
            />
            <FieldError id={fileId} error={fileError} />
          </div>
          <Field
            name="qrUrl"
            label="Dirección del QR en ARCA"
            value={qrUrl ?? ""}
            hint="La que abre el QR, por ejemplo https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=…"
            type="url"
            inputMode="url"
            autoComplete="off"
          />
        </div>
      </div>
    </fieldset>
  );
}
