import type { Settings } from "~/domain/settings/schema";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

/** The reorder list's threshold (Reportes → Reposición). */
export function ReorderSection({ reorder, state }: { reorder: Settings["reorder"]; state: SectionState }) {
  return (
    <SettingsForm
      section="reorder"
      description="La lista de reposición muestra los libros publicados con este stock o menos, para pedirlos al distribuidor."
      names={["threshold"]}
      saveLabel="Guardar reposición"
      state={state}
      stored={reorder}
    >
      <Field
        name="threshold"
        label="Umbral de stock"
        value={String(reorder.threshold)}
        hint="Un libro entra en la lista cuando le quedan esta cantidad de ejemplares o menos. Entre 0 y 1000."
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
      />
    </SettingsForm>
  );
}
