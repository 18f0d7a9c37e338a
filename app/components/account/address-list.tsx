import { Form, Link } from "react-router";
import { ProvinceOptions } from "~/components/ui/place-options";
import type { SavedAddress } from "~/domain/accounts/profile.server";
import { provinceName } from "~/domain/orders/delivery";
import { type AccountFormFailure, CARD, INPUT, LABEL, PRIMARY, SECONDARY } from "./form-styles";
import { TextField } from "./text-field";

type AddressValues = Pick<SavedAddress, "label" | "address" | "city" | "province" | "zipCode">;

/**
 * The saved addresses, each with "Editar" (a link that opens its form in place), "Usar como
 * predeterminada" and "Eliminar" (plain posts), and the form to add one. No JavaScript needed.
 */
export function AddressList({
  addresses,
  editing,
  suggested,
  failure,
  busy,
}: {
  addresses: SavedAddress[];
  editing: number | null;
  /** The latest order's address, offered in the add form while the profile is empty. */
  suggested: Omit<AddressValues, "label"> | null;
  failure: AccountFormFailure | null;
  busy: boolean;
}) {
  const failureFor = (intent: string, id?: number) =>
    failure && failure.intent === intent && (id === undefined || failure.id === String(id)) ? failure : null;
  const listFailure = failure && (failure.intent === "default" || failure.intent === "delete") ? failure : null;
  return (
    <section aria-labelledby="mis-direcciones">
      <h2 id="mis-direcciones" className="font-serif text-2xl text-ink sm:text-3xl">
        Mis direcciones
      </h2>
      {listFailure ? (
        <p role="alert" className="mt-4 rounded-lg bg-terracotta/10 p-3 text-terracotta-dark">
          {listFailure.message}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <p className="mt-3 text-ink/80">Todavía no guardaste direcciones.</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} id={`direccion-${address.id}`} className={CARD}>
              {editing === address.id || failureFor("update", address.id) ? (
                <AddressForm
                  intent="update"
                  id={address.id}
                  title={`Editar «${address.label}»`}
                  start={address}
                  isDefault={address.isDefault}
                  failure={failureFor("update", address.id)}
                  busy={busy}
                  cancelHref="/cuenta/perfil"
                />
              ) : (
                <>
                  <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {address.label}
                    {address.isDefault ? (
                      <span className="rounded-full bg-moss/10 px-2.5 py-0.5 text-xs font-bold text-moss">
                        Predeterminada
                      </span>
                    ) : null}
                  </h3>
                  <p className="mt-1 break-words text-ink/85">
                    {address.address}, {address.city}, {provinceName(address.province)} ({address.zipCode})
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <Link
                      to={`/cuenta/perfil?editar=${address.id}#direccion-${address.id}`}
                      className={SECONDARY}
                      aria-label={`Editar ${address.label}`}
                    >
                      Editar
                    </Link>
                    {address.isDefault ? null : (
                      <Form method="post">
                        <input type="hidden" name="id" value={address.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="default"
                          disabled={busy}
                          className={SECONDARY}
                          aria-label={`Usar ${address.label} como predeterminada`}
                        >
                          Usar como predeterminada
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="id" value={address.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        disabled={busy}
                        className={`${SECONDARY} text-terracotta-dark`}
                        aria-label={`Eliminar ${address.label}`}
                      >
                        Eliminar
                      </button>
                    </Form>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={`mt-6 ${CARD}`}>
        <AddressForm
          // A new list after a save: the form starts empty again (with JavaScript the page is not reloaded).
          key={addresses.map((a) => a.id).join(",")}
          intent="add"
          title="Agregar una dirección"
          start={suggested ? { label: "Casa", ...suggested } : null}
          isDefault={false}
          defaultChecked={addresses.length === 0}
          failure={failureFor("add")}
          busy={busy}
        />
      </div>
    </section>
  );
}

function AddressForm({
  intent,
  id,
  title,
  start,
  isDefault,
  defaultChecked = false,
  failure,
  busy,
  cancelHref,
}: {
  intent: "add" | "update";
  id?: number;
  title: string;
  start: AddressValues | null;
  isDefault: boolean;
  defaultChecked?: boolean;
  failure: AccountFormFailure | null;
  busy: boolean;
  cancelHref?: string;
}) {
  const prefix = intent === "add" ? "nueva" : `direccion-${id}`;
  const value = (name: keyof AddressValues) => failure?.values[name] ?? start?.[name] ?? "";
  const headingId = `${prefix}-titulo`;
  const provinceError = failure?.fields.province;
  return (
    <Form method="post" noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        {title}
      </h3>
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg bg-terracotta/10 p-3 text-terracotta-dark">
          {failure.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${prefix}-label`}
          name="label"
          label="Nombre de la dirección"
          placeholder="Casa, Trabajo…"
          defaultValue={value("label")}
          error={failure?.fields.label}
          className="sm:col-span-2"
        />
        <TextField
          id={`${prefix}-address`}
          name="address"
          label="Dirección"
          autoComplete="street-address"
          defaultValue={value("address")}
          error={failure?.fields.address}
          className="sm:col-span-2"
        />
        <TextField
          id={`${prefix}-city`}
          name="city"
          label="Ciudad o barrio"
          autoComplete="address-level2"
          defaultValue={value("city")}
          error={failure?.fields.city}
        />
        <div>
          <label htmlFor={`${prefix}-province`} className={LABEL}>
            Provincia
          </label>
          <select
            id={`${prefix}-province`}
            name="province"
            defaultValue={value("province")}
            aria-invalid={provinceError ? true : undefined}
            aria-describedby={provinceError ? `${prefix}-province-error` : undefined}
            className={INPUT}
          >
            <ProvinceOptions placeholder="Elegí una provincia" />
          </select>
          {provinceError ? (
            <p id={`${prefix}-province-error`} className="mt-1 text-sm text-terracotta-dark">
              {provinceError}
            </p>
          ) : null}
        </div>
        <TextField
          id={`${prefix}-zipCode`}
          name="zipCode"
          label="Código postal"
          placeholder="C1425ABC o 1425"
          autoComplete="postal-code"
          defaultValue={value("zipCode")}
          error={failure?.fields.zipCode}
        />
      </div>
      {isDefault ? null : (
        <label className="mt-4 flex items-center gap-2 text-ink">
          <input
            type="checkbox"
            name="makeDefault"
            defaultChecked={failure ? failure.values.makeDefault === "on" : defaultChecked}
            className="size-4 accent-moss"
          />
          Usar como predeterminada
        </label>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={PRIMARY}>
          {intent === "add" ? "Agregar la dirección" : "Guardar los cambios"}
        </button>
        {cancelHref ? (
          <Link to={cancelHref} className="font-semibold text-moss underline">
            Cancelar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
