import { Info } from "lucide-react";
import type { Settings } from "~/domain/settings/schema";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

export function StoreSection({
  store,
  envStoreUrl,
  state,
}: {
  store: Settings["store"];
  envStoreUrl: string | null;
  state: SectionState;
}) {
  return (
    <SettingsForm
      section="store"
      description="La tienda online donde se compran los libros con botón «… EN TIENDA». Dejala vacía si no hay."
      names={["externalUrl"]}
      saveLabel="Guardar tienda externa"
      state={state}
      stored={store}
    >
      {envStoreUrl ? (
        <p className="flex gap-3 rounded-lg border border-ochre/40 bg-ochre/10 p-3 text-sm">
          <Info aria-hidden="true" className="size-5 shrink-0 text-ink/75" />
          <span>
            El servidor tiene configurada la variable TIENDANUBE_STORE_URL (
            <span className="break-all">{envStoreUrl}</span>): mientras esté definida, la tienda usa esa dirección y no
            la de este campo.
          </span>
        </p>
      ) : null}
      <Field
        name="externalUrl"
        label="Dirección de la tienda externa"
        value={store.externalUrl ?? ""}
        hint="Empieza con https://, por ejemplo https://rizoma.mitiendanube.com"
        type="url"
        inputMode="url"
        autoComplete="off"
      />
    </SettingsForm>
  );
}
