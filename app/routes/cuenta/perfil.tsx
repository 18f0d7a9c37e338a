import { redirect, useNavigation } from "react-router";
import { AddressList } from "~/components/account/address-list";
import { DetailsForm } from "~/components/account/details-form";
import {
  addAddress,
  customerProfile,
  deleteAddress,
  latestOrderDetails,
  PROFILE_MESSAGES,
  saveDetails,
  setDefaultAddress,
  updateAddress,
} from "~/domain/accounts/profile.server";
import { Invalid } from "~/domain/errors";
import { requireCustomer } from "~/lib/customer.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { idParam, ownEntry, parseId } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/perfil";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Mis datos", noIndex: true });

/** The notice after a change (Post/Redirect/Get: `?listo=`), so a reload does not post again. */
const DONE = {
  datos: PROFILE_MESSAGES.detailsSaved,
  agregada: PROFILE_MESSAGES.addressAdded,
  actualizada: PROFILE_MESSAGES.addressUpdated,
  borrada: PROFILE_MESSAGES.addressDeleted,
  predeterminada: PROFILE_MESSAGES.defaultSet,
} as const;

/**
 * `?editar={id}` opens that address's form (a link, so no JavaScript is needed). A reader whose profile
 * is still empty (no name, no address) gets the details of their latest order filled in, to check and save.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  const url = new URL(request.url);
  const profile = await customerProfile(context.db, email);
  const empty = !profile.firstName && !profile.lastName && profile.addresses.length === 0;
  return {
    profile,
    fromOrder: empty ? await latestOrderDetails(context.db, email) : null,
    editing: parseId(url.searchParams.get("editar")),
    done: ownEntry(DONE, url.searchParams.get("listo")) ?? null,
  };
}

const FIELDS = ["firstName", "lastName", "phone", "label", "address", "city", "province", "zipCode", "makeDefault"];

export async function action({ request, context }: Route.ActionArgs) {
  const { email } = requireCustomer(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("id") ?? "");
  const values: Record<string, string> = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  const details = { firstName: values.firstName, lastName: values.lastName, phone: values.phone };
  const address = {
    label: values.label,
    address: values.address,
    city: values.city,
    province: values.province,
    zipCode: values.zipCode,
    makeDefault: values.makeDefault === "on",
  };
  const db = context.db;
  const done = (key: keyof typeof DONE) => redirect(`/cuenta/perfil?listo=${key}`, 303);
  const addressId = () => idParam(rawId, PROFILE_MESSAGES.notFound);
  return formAction(
    values,
    async () => {
      switch (intent) {
        case "details":
          await saveDetails(db, email, details);
          return done("datos");
        case "add":
          await addAddress(db, email, address);
          return done("agregada");
        case "update":
          await updateAddress(db, email, addressId(), address);
          return done("actualizada");
        case "default":
          await setDefaultAddress(db, email, addressId());
          return done("predeterminada");
        case "delete":
          await deleteAddress(db, email, addressId());
          return done("borrada");
        default:
          throw new Invalid("Elegí qué querés cambiar");
      }
    },
    { intent, id: rawId },
  );
}

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { profile, fromOrder, editing, done } = loaderData;
  const failure = actionData ?? null;
  return (
    <div className="space-y-10">
      <section aria-labelledby="mis-datos">
        <h1 id="mis-datos" className="font-serif text-3xl text-ink sm:text-4xl">
          Mis datos
        </h1>
        <p className="mt-2 text-ink/80">Con esto completamos el checkout por vos: solo revisás y confirmás.</p>
        {done ? (
          <p role="status" className="mt-4 rounded-lg bg-moss/10 p-3 text-moss">
            {done}
          </p>
        ) : null}
        <DetailsForm
          profile={profile}
          fromOrder={fromOrder}
          failure={failure?.intent === "details" ? failure : null}
          busy={busy}
        />
      </section>
      <AddressList
        addresses={profile.addresses}
        editing={editing}
        suggested={fromOrder?.address ?? null}
        failure={failure && failure.intent !== "details" ? failure : null}
        busy={busy}
      />
    </div>
  );
}
