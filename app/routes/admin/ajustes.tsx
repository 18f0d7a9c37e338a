import { Info, Plus, Trash2 } from "lucide-react";
import { createContext, type ReactNode, useContext, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ShopModeSection } from "~/components/admin/shop-mode-section";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { listCategories } from "~/domain/catalog/categories.server";
import { shopMode } from "~/domain/demo/demo-mode.server";
import { PROVINCES_BY_NAME } from "~/domain/settings/argentina";
import {
  type FormValues,
  formatCategoryMap,
  formValues,
  pickupDraft,
  pickupRows,
  sectionFromForm,
} from "~/domain/settings/form";
import { isSectionKey, SECTION_LABELS, type SectionKey, type Settings } from "~/domain/settings/schema";
import { getSettings, sectionErrors, UNKNOWN_SECTION, updateSection } from "~/domain/settings/settings.server";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import type { FormFailure } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoneyInput } from "~/lib/money";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/ajustes";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const saved = params.get("guardado") ?? "";
  return {
    demo: (await shopMode(context.db)) === "demo",
    justWentLive: params.get("produccion") === "listo",
    settings: await getSettings(context.db),
    saved: isSectionKey(saved) ? saved : null,
    envStoreUrl: context.config.storeUrl,
    siteCategories: (await listCategories(context.db)).map(({ key, name }) => ({ key, name })),
  };
}

/** The form-action contract, placed by section; a pickup draft (rows added or removed) is no refusal: no message. */
type Outcome = FormFailure<FormValues> & { section: SectionKey | null };

/** Each section is its own form posting here with `section` (and `intent`), so all of it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const section = String(form.get("section") ?? "");
  const intent = String(form.get("intent") ?? "save");
  if (!isSectionKey(section)) {
    return data<Outcome>({ section: null, values: {}, fields: {}, message: UNKNOWN_SECTION }, 400);
  }
  let values = formValues(form);
  if (section === "pickup" && intent !== "save") {
    const remove = /^remove:(\d{1,2})$/.exec(intent);
    const op = remove ? { remove: Number(remove[1]) } : { add: true as const };
    return data<Outcome>({ section, values: pickupDraft(values, op), fields: {}, message: "" });
  }
  if (section === "pickup") values = pickupDraft(values, { dropEmpty: true });
  const { input, errors: formErrors } = sectionFromForm(section, values);
  const errors = { ...sectionErrors(section, input), ...formErrors };
  if (Object.keys(errors).length > 0) {
    return data<Outcome>({ section, values, fields: errors, message: Object.values(errors)[0] ?? "" }, 400);
  }
  return formAction(
    values,
    async () => {
      await updateSection(context.db, admin, section, input);
      return redirect(`/admin/ajustes?guardado=${section}#${section}`, 303);
    },
    { section },
  );
}

export const meta = () => seoMeta({ title: "Ajustes", noIndex: true });

export default function Ajustes({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, saved, envStoreUrl, siteCategories, demo, justWentLive } = loaderData;
  const outcome = actionData as Outcome | undefined;
  const stateOf = (key: SectionKey): SectionState => ({
    values: outcome?.section === key ? outcome.values : null,
    errors: outcome?.section === key ? outcome.fields : {},
    message: outcome?.section === key ? outcome.message || undefined : undefined,
    saved: saved === key && !outcome,
  });
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl">Ajustes</h1>
        <p className="mt-1 text-ink/75">
          Los datos que muestra la tienda: lo que guardes acá se ve enseguida en el sitio.
        </p>
      </div>
      <ShopModeSection demo={demo} justWentLive={justWentLive} />
      {outcome?.section === null ? (
        <RefusedNotice title="No se guardaron los cambios" message={outcome.message ?? ""} />
      ) : null}
      <nav aria-label="Secciones de ajustes">
        <ul className="flex flex-wrap gap-2 text-sm">
          {(Object.keys(SECTION_LABELS) as SectionKey[]).map((key) => (
            <li key={key}>
              <a
                href={`#${key}`}
                className="inline-block rounded-full border border-ink/15 bg-white px-3 py-1 hover:border-moss hover:text-moss"
              >
                {SECTION_LABELS[key].title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <BankSection bank={settings.bank} state={stateOf("bank")} />
      <ContactSection contact={settings.contact} state={stateOf("contact")} />
      <ShippingSection shipping={settings.shipping} state={stateOf("shipping")} />
      <PickupSection pickup={settings.pickup} state={stateOf("pickup")} />
      <StoreSection store={settings.store} envStoreUrl={envStoreUrl} state={stateOf("store")} />
      <RateLimitsSection rateLimits={settings.rateLimits} state={stateOf("rateLimits")} />
      <TiendanubeSection
        tiendanube={settings.tiendanube}
        siteCategories={siteCategories}
        state={stateOf("tiendanube")}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="No pudimos mostrar los ajustes"
      message="Probá de nuevo en unos minutos."
      retry={{ href: "/admin/ajustes", label: "Reintentar" }}
    />
  );
}

/**
 * The shared Notice's error tone, with the title in ink: terracotta text on its tinted background is
 * 4.37:1, under axe's 4.5:1 for normal text.
 */
function RefusedNotice({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-terracotta/40 border-l-4 border-l-terracotta bg-terracotta/10 px-4 py-3 text-sm"
    >
      <p className="font-semibold text-ink">{title}</p>
      {message ? <p className="mt-0.5 text-ink">{message}</p> : null}
    </div>
  );
}

interface SectionState {
  /** What was typed, when the last post of this section came back (refused, or a pickup draft). */
  values: FormValues | null;
  errors: Record<string, string>;
  message?: string;
  saved: boolean;
}

interface FieldsContext {
  section: SectionKey;
  values: FormValues | null;
  errors: Record<string, string>;
  /** The first refused field: focused on load, so the admin lands on it (with or without JavaScript). */
  focus: string | undefined;
}

const Fields = createContext<FieldsContext>({ section: "bank", values: null, errors: {}, focus: undefined });

/** One section: heading, result notice, its form (fields in DOM order in `names`) and its save button. */
function SettingsForm({
  section,
  description,
  names,
  saveLabel,
  state,
  formKey,
  children,
}: {
  section: SectionKey;
  description: ReactNode;
  names: string[];
  saveLabel: string;
  state: SectionState;
  /** Changes when the form must show other values (saved ones, or a draft the server sent back). */
  formKey: unknown;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("section") === section;
  const title = SECTION_LABELS[section].title;
  const refused = Object.keys(state.errors).length > 0;
  const unplaced = Object.entries(state.errors).find(([name]) => !names.includes(name))?.[1];
  const notice: NoticeData | null = state.saved
    ? { tone: "success", title: "Ajustes guardados", message: `${title}: el sitio ya muestra los cambios.` }
    : null;
  return (
    <section
      id={section}
      aria-labelledby={`${section}-title`}
      className="scroll-mt-4 rounded-xl border border-ink/10 bg-white p-4 sm:p-6"
    >
      <h2 id={`${section}-title`} className="font-serif text-2xl">
        {title}
      </h2>
      <div className="mt-1 text-sm text-ink/75">{description}</div>
      {refused || notice ? (
        <div className="mt-4">
          {refused ? (
            <RefusedNotice
              title={`No se guardaron los cambios de «${title}»`}
              message={unplaced ?? "Revisá los campos marcados."}
            />
          ) : (
            <Notice notice={notice} />
          )}
        </div>
      ) : null}
      <Fields.Provider
        value={{ section, values: state.values, errors: state.errors, focus: names.find((name) => state.errors[name]) }}
      >
        <Form key={JSON.stringify(formKey)} method="post" noValidate className="mt-5 space-y-5">
          <input type="hidden" name="section" value={section} />
          {children}
          <div className="flex justify-end border-t border-ink/10 pt-4">
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              className="w-full rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark disabled:opacity-70 sm:w-auto"
            >
              {busy ? "Guardando..." : saveLabel}
            </button>
          </div>
        </Form>
      </Fields.Provider>
    </section>
  );
}

const inputClass =
  "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2 aria-[invalid=true]:border-terracotta aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-terracotta";

/** A labelled input whose hint and error are read with it; it shows what was typed after a refusal. */
function Field({
  name,
  label,
  value,
  hint,
  className,
  labelClassName = "block text-sm font-semibold",
  autoFocus,
  ...input
}: {
  name: string;
  label: string;
  value: string | number;
  hint?: string;
  className?: string;
  labelClassName?: string;
} & Omit<React.ComponentProps<"input">, "name" | "value" | "defaultValue" | "className">) {
  const { section, values, errors, focus } = useContext(Fields);
  const id = `${section}-${name.replace(/\./g, "-")}`;
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink/75">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        defaultValue={values?.[name] ?? String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        // biome-ignore lint/a11y/noAutofocus: only the field the server refused, so the admin lands on it.
        autoFocus={autoFocus || focus === name}
        className={inputClass}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-terracotta">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function BankSection({ bank, state }: { bank: Settings["bank"]; state: SectionState }) {
  return (
    <SettingsForm
      section="bank"
      description="La cuenta que ve quien paga por transferencia, con el pedido registrado."
      names={["holder", "bank", "cbu", "alias", "cuit", "transferExpiryDays"]}
      saveLabel="Guardar datos bancarios"
      state={state}
      formKey={state.values ?? bank}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="holder" label="Titular" value={bank.holder} autoComplete="off" />
        <Field name="bank" label="Banco" value={bank.bank} autoComplete="off" />
        <Field
          name="cbu"
          label="CBU o CVU"
          value={bank.cbu}
          hint="22 dígitos; podés pegarlo con espacios."
          inputMode="numeric"
          autoComplete="off"
        />
        <Field
          name="alias"
          label="Alias"
          value={bank.alias}
          hint="Entre 6 y 20 letras, números, puntos o guiones."
          autoComplete="off"
        />
        <Field
          name="cuit"
          label="CUIT"
          value={bank.cuit}
          hint="11 dígitos, con o sin guiones."
          inputMode="numeric"
          autoComplete="off"
        />
        <Field
          name="transferExpiryDays"
          label="Días para pagar una transferencia"
          value={bank.transferExpiryDays}
          hint="Pasado ese plazo sin pago, el pedido se cancela y los libros vuelven al stock."
          type="number"
          min={1}
          max={30}
        />
      </div>
    </SettingsForm>
  );
}

function ContactSection({ contact, state }: { contact: Settings["contact"]; state: SectionState }) {
  return (
    <SettingsForm
      section="contact"
      description="Se muestran en el pie de todas las páginas de la tienda."
      names={["address", "hours", "whatsapp", "email"]}
      saveLabel="Guardar contacto"
      state={state}
      formKey={state.values ?? contact}
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

function ShippingSection({ shipping, state }: { shipping: Settings["shipping"]; state: SectionState }) {
  const names = [
    "standardDays.min",
    "standardDays.max",
    "fastDays.min",
    "fastDays.max",
    ...PROVINCES_BY_NAME.flatMap(({ code }) => [`rates.${code}.standardCents`, `rates.${code}.fastCents`]),
  ];
  const { errors } = state;
  const days = (kind: "standardDays" | "fastDays", legend: string) => (
    <fieldset className="rounded-lg border border-ink/15 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}: días hábiles</legend>
      <div className="grid grid-cols-2 gap-3">
        <Field name={`${kind}.min`} label="Desde" value={shipping[kind].min} type="number" min={1} max={60} />
        <Field name={`${kind}.max`} label="Hasta" value={shipping[kind].max} type="number" min={1} max={60} />
      </div>
    </fieldset>
  );
  const dayRange = (range: { min: number; max: number }) => `${range.min}-${range.max} días hábiles`;
  return (
    <SettingsForm
      section="shipping"
      description="Costo del envío por correo a cada provincia, en pesos (por ejemplo 12.500 o 12500,50). El retiro es gratis."
      names={names}
      saveLabel="Guardar envíos"
      state={state}
      formKey={state.values ?? shipping}
    >
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        {days("standardDays", "Envío estándar")}
        {days("fastDays", "Envío rápido")}
      </div>
      {/* Fixed layout: a long error message wraps inside its cell instead of widening the table. */}
      <table className="w-full max-w-2xl table-fixed text-sm">
        <caption className="sr-only">Costos de envío por provincia, en pesos</caption>
        <colgroup>
          <col className="w-[34%]" />
          <col className="w-[33%]" />
          <col className="w-[33%]" />
        </colgroup>
        <thead>
          <tr className="border-b border-ink/15 text-left">
            <th scope="col" className="py-2 pr-2 font-semibold">
              Provincia
            </th>
            <th scope="col" className="px-1 py-2 font-semibold">
              Estándar <span className="block text-xs font-normal text-ink/75">{dayRange(shipping.standardDays)}</span>
            </th>
            <th scope="col" className="py-2 pl-1 font-semibold">
              Rápido <span className="block text-xs font-normal text-ink/75">{dayRange(shipping.fastDays)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {PROVINCES_BY_NAME.map(({ code, name }) => {
            const cellError = errors[`rates.${code}.standardCents`] ?? errors[`rates.${code}.fastCents`];
            return (
              <tr key={code} className="border-b border-ink/10 align-top">
                <th scope="row" className={`py-2 pr-2 text-left font-normal ${cellError ? "text-terracotta" : ""}`}>
                  <span className="block pt-3">{name}</span>
                </th>
                {(["standardCents", "fastCents"] as const).map((kind) => (
                  <td key={kind} className={kind === "standardCents" ? "px-1 py-1" : "py-1 pl-1"}>
                    <MoneyField
                      name={`rates.${code}.${kind}`}
                      label={`${kind === "standardCents" ? "Envío estándar" : "Envío rápido"} a ${name}`}
                      cents={shipping.rates[code][kind]}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </SettingsForm>
  );
}

/** A peso amount: "$" outside the input, es-AR text inside ("12.500", "12500,50"). */
function MoneyField({ name, label, cents }: { name: string; label: string; cents: number }) {
  return (
    <div className="flex items-start gap-1">
      <span aria-hidden="true" className="pt-3 text-ink/75">
        $
      </span>
      <Field
        name={name}
        label={label}
        labelClassName="sr-only"
        value={formatMoneyInput(cents)}
        inputMode="decimal"
        autoComplete="off"
        className="min-w-0 flex-1"
      />
    </div>
  );
}

interface PickupRow {
  id: number;
  name: string;
  address: string;
  hours: string;
  added?: boolean;
}

function PickupSection({ pickup, state }: { pickup: Settings["pickup"]; state: SectionState }) {
  const source = state.values;
  const initial = source
    ? pickupRows(source).map((row) => ({
        name: source[`points.${row}.name`] ?? "",
        address: source[`points.${row}.address`] ?? "",
        hours: source[`points.${row}.hours`] ?? "",
      }))
    : pickup.points;
  const names = initial.flatMap((_, i) => [`points.${i}.name`, `points.${i}.address`, `points.${i}.hours`]);
  return (
    <SettingsForm
      section="pickup"
      description="Dónde se puede retirar un pedido sin costo. Se muestran en el checkout."
      names={names}
      saveLabel="Guardar puntos de retiro"
      state={state}
      formKey={source ?? pickup}
    >
      <PickupRows initial={initial} />
    </SettingsForm>
  );
}

/**
 * "Agregar" and "Quitar" are submit buttons: without JavaScript the server sends the edited draft back;
 * with it, the rows change here. The first button of the form is a hidden "save", so Enter saves.
 */
function PickupRows({ initial }: { initial: Omit<PickupRow, "id">[] }) {
  const [rows, setRows] = useState<PickupRow[]>(() => initial.map((point, id) => ({ id, ...point })));
  const [nextId, setNextId] = useState(initial.length);
  return (
    <>
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Guardar
      </button>
      {rows.length === 0 ? (
        <p className="rounded-lg bg-paper p-4 text-sm text-ink/75">
          No hay puntos de retiro: el checkout no ofrecerá retirar.
        </p>
      ) : null}
      {rows.map((row, index) => (
        <fieldset key={row.id} className="rounded-lg border border-ink/15 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold">Punto de retiro {index + 1}</legend>
          <div className="grid gap-3 md:grid-cols-[2fr_3fr_3fr]">
            <Field
              name={`points.${index}.name`}
              label="Nombre"
              value={row.name}
              autoFocus={row.added}
              autoComplete="off"
            />
            <Field name={`points.${index}.address`} label="Dirección" value={row.address} autoComplete="off" />
            <Field name={`points.${index}.hours`} label="Horarios" value={row.hours} autoComplete="off" />
          </div>
          <div className="mt-3 flex justify-end">
            <button
              type="submit"
              name="intent"
              value={`remove:${index}`}
              onClick={(event) => {
                event.preventDefault();
                setRows((current) => current.filter((other) => other.id !== row.id));
              }}
              className="inline-flex items-center gap-1.5 rounded-md border border-terracotta px-3 py-1.5 text-sm font-semibold text-terracotta hover:bg-terracotta hover:text-white"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Quitar <span className="sr-only">el punto de retiro {index + 1}</span>
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="submit"
        name="intent"
        value="add"
        onClick={(event) => {
          event.preventDefault();
          setRows((current) => [...current, { id: nextId, name: "", address: "", hours: "", added: true }]);
          setNextId(nextId + 1);
        }}
        className="inline-flex items-center gap-1.5 rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
      >
        <Plus aria-hidden="true" className="size-4" />
        Agregar punto de retiro
      </button>
    </>
  );
}

function StoreSection({
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
      formKey={state.values ?? store}
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

function RateLimitsSection({ rateLimits, state }: { rateLimits: Settings["rateLimits"]; state: SectionState }) {
  return (
    <SettingsForm
      section="rateLimits"
      description="Frenos contra abusos: cuántos intentos se aceptan antes de pedir que esperen."
      names={[
        "loginMaxFailures",
        "loginWindowMinutes",
        "newsletterPerIpPerHour",
        "mailPerSecond",
        "qrChecksPerMinute",
        "qrClaimsPerMinute",
        "boxSubscribePerIpPerHour",
        "discountValidatePerIpPerMinute",
        "specialOrdersPerIpPerHour",
        "ordersPerIpPerHour",
      ]}
      saveLabel="Guardar límites"
      state={state}
      formKey={state.values ?? rateLimits}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          name="loginMaxFailures"
          label="Intentos fallidos de ingreso"
          value={rateLimits.loginMaxFailures}
          hint="Por email y por IP, antes de bloquear."
          type="number"
          min={1}
          max={100}
        />
        <Field
          name="loginWindowMinutes"
          label="Ventana de ingreso (minutos)"
          value={rateLimits.loginWindowMinutes}
          hint="En cuánto tiempo se cuentan esos intentos."
          type="number"
          min={1}
          max={1440}
        />
        <Field
          name="newsletterPerIpPerHour"
          label="Suscripciones al newsletter"
          value={rateLimits.newsletterPerIpPerHour}
          hint="Por IP y por hora."
          type="number"
          min={1}
          max={1000}
        />
        <Field
          name="mailPerSecond"
          label="Correos por segundo"
          value={rateLimits.mailPerSecond}
          hint="Ritmo máximo de envío, para cuidar la cuenta de correo en los envíos masivos."
          type="number"
          min={1}
          max={100}
        />
        <Field
          name="qrChecksPerMinute"
          label="Consultas de códigos QR"
          value={rateLimits.qrChecksPerMinute}
          hint="Por IP y por minuto: frena a quien quiera adivinar códigos."
          type="number"
          min={1}
          max={10000}
        />
        <Field
          name="qrClaimsPerMinute"
          label="Reclamos de premios"
          value={rateLimits.qrClaimsPerMinute}
          hint="Por IP y por minuto."
          type="number"
          min={1}
          max={10000}
        />
        <Field
          name="boxSubscribePerIpPerHour"
          label="Suscripciones a la Caja Rizoma"
          value={rateLimits.boxSubscribePerIpPerHour}
          hint="Por IP y por hora: cada intento crea una suscripción en Mercado Pago."
          type="number"
          min={1}
          max={1000}
        />
        <Field
          name="discountValidatePerIpPerMinute"
          label="Consultas de códigos de descuento"
          value={rateLimits.discountValidatePerIpPerMinute}
          hint="Por IP y por minuto, en el checkout: frena a quien quiera adivinar códigos."
          type="number"
          min={1}
          max={10000}
        />
        <Field
          name="specialOrdersPerIpPerHour"
          label="Pedidos especiales"
          value={rateLimits.specialOrdersPerIpPerHour}
          hint="Por IP y por hora: cada pedido manda dos correos."
          type="number"
          min={1}
          max={1000}
        />
        <Field
          name="ordersPerIpPerHour"
          label="Pedidos de la tienda"
          value={rateLimits.ordersPerIpPerHour}
          hint="Por IP y por hora: cada pedido reserva stock."
          type="number"
          min={1}
          max={1000}
        />
      </div>
    </SettingsForm>
  );
}

function TiendanubeSection({
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
      formKey={values ?? tiendanube}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          Equivalencias de categorías
        </label>
        <p id={`${id}-hint`} className="text-xs text-ink/75">
          Una por línea: «categoría de Tienda Nube = clave del sitio». La categoría de Tienda Nube puede ser su nombre o
          su número. Claves del sitio: {siteCategories.map((c) => `${c.key} (${c.name})`).join(", ")}. Las categorías
          sin equivalencia se muestran con su nombre de Tienda Nube.
        </p>
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
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-terracotta">
            {error}
          </p>
        ) : null}
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
