import { Form } from "react-router";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import type { CustomerProfile, LatestOrderDetails } from "~/domain/accounts/profile.server";
import { type AccountFormFailure, CARD, PRIMARY } from "./form-styles";
import { TextField } from "./text-field";

/**
 * Name, last name and phone. An empty profile starts with the latest order's details, said so above the
 * form: nothing is saved until the reader presses the button.
 */
export function DetailsForm({
  profile,
  fromOrder,
  failure,
  busy,
}: {
  profile: CustomerProfile;
  fromOrder: LatestOrderDetails | null;
  failure: AccountFormFailure | null;
  busy: boolean;
}) {
  const start = {
    firstName: profile.firstName ?? fromOrder?.firstName ?? "",
    lastName: profile.lastName ?? fromOrder?.lastName ?? "",
    phone: profile.phone ?? fromOrder?.phone ?? "",
  };
  const value = (name: keyof typeof start) => failure?.values[name] ?? start[name];
  return (
    <Form method="post" noValidate className={`mt-6 ${CARD}`} aria-labelledby="tus-datos">
      <h2 id="tus-datos" className="font-serif text-2xl text-ink">
        Tus datos
      </h2>
      {fromOrder ? (
        <p className="mt-3 rounded-lg bg-ochre-light/40 p-3 text-ink" data-testid="from-order">
          Completamos con los datos de tu último pedido ({fromOrder.number}). Revisalos y guardalos.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg bg-terracotta/10 p-3 text-terracotta-dark">
          {failure.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="details" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="perfil-firstName"
          name="firstName"
          label="Nombre"
          autoComplete="given-name"
          defaultValue={value("firstName")}
          error={failure?.fields.firstName}
        />
        <TextField
          id="perfil-lastName"
          name="lastName"
          label="Apellido"
          autoComplete="family-name"
          defaultValue={value("lastName")}
          error={failure?.fields.lastName}
        />
        <TextField
          id="perfil-phone"
          name="phone"
          label="Teléfono"
          type="tel"
          optional
          autoComplete="tel"
          placeholder="+54 9 11 1234-5678"
          defaultValue={value("phone")}
          error={failure?.fields.phone}
        />
        <div>
          <p className="text-sm font-semibold text-ink">Email</p>
          <p className="mt-1 break-all py-2 text-ink/85">{profile.email}</p>
        </div>
      </div>
      <button type="submit" disabled={busy} className={`mt-5 ${PRIMARY}`}>
        Guardar mis datos
      </button>
      <PersonalDataNotice className="mt-4" />
    </Form>
  );
}
