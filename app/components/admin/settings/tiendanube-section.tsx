import { formatCategoryMap } from "~/domain/settings/form";
import type { Settings } from "~/domain/settings/schema";
import { Field, FieldError, FieldLabel, inputClass } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

export function TiendanubeSection({
  tiendanube,
  siteCategories,
  state,
}: {
  tiendanube: Settings["tiendanube"];
  siteCategories: { key: string; name: string }[];
  state: SectionState;
}) {
  const { values, errors } = state;
  const id = "tiendanube-categoryMap";
  // Errors of one equivalence come as "categoryMap.2.categoryKey": shown under the text area, numbered.
  const entryError = Object.entries(errors).find(([name]) => name.startsWith("categoryMap."));
  const error =
    errors.categoryMap ??
    (entryError ? `Equivalencia ${Number(entryError[0].split(".")[1]) + 1}: ${entryError[1]}` : undefined);
  return (
    <SettingsForm
      section="tiendanube"
      description={
        <>
          Cómo se ordenan en el sitio los productos que llegan de Tienda Nube.{" "}
          <a href="/admin/tiendanube" className="font-semibold text-moss underline">
            Ver la sincronización y sincronizar ahora
          </a>
          .
        </>
      }
      names={[
        "categoryMap",
        ...Object.keys(errors).filter((name) => name.startsWith("categoryMap.")),
        "syncIntervalMinutes",
      ]}
      saveLabel="Guardar Tienda Nube"
      state={state}
      stored={tiendanube}
    >
      <div>
        <FieldLabel
          id={id}
          label="Equivalencias de categorías"
          hint={
            <>
              Una por línea: «categoría de Tienda Nube = clave del sitio». La categoría de Tienda Nube puede ser su
              nombre o su número. Claves del sitio: {siteCategories.map((c) => `${c.key} (${c.name})`).join(", ")}. Las
              categorías sin equivalencia se muestran con su nombre de Tienda Nube.
            </>
          }
        />
        <textarea
          id={id}
          name="categoryMap"
          rows={6}
          defaultValue={values?.categoryMap ?? formatCategoryMap(tiendanube.categoryMap)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          // biome-ignore lint/a11y/noAutofocus: only when the server refused this field, so the admin lands on it.
          autoFocus={Boolean(error)}
          className={`${inputClass} font-mono text-sm`}
        />
        <FieldError id={id} error={error} />
      </div>
      <Field
        name="syncIntervalMinutes"
        label="Sincronización automática (minutos)"
        value={tiendanube.syncIntervalMinutes}
        hint="Cada cuánto se traen los productos que cambiaron en Tienda Nube (entre 5 y 1440)."
        type="number"
        min={5}
        max={1440}
        className="max-w-xs"
      />
    </SettingsForm>
  );
}
