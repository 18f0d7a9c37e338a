import { data, redirect } from "react-router";
import { AccountsSection } from "~/components/admin/settings/accounts-section";
import { BankSection } from "~/components/admin/settings/bank-section";
import { CarriersSection } from "~/components/admin/settings/carriers-section";
import { ContactSection } from "~/components/admin/settings/contact-section";
import { FiscalSection } from "~/components/admin/settings/fiscal-section";
import { HolidaysSection } from "~/components/admin/settings/holidays-section";
import { InvoicingSection } from "~/components/admin/settings/invoicing-section";
import { PickupSection } from "~/components/admin/settings/pickup-section";
import { RateLimitsSection } from "~/components/admin/settings/rate-limits-section";
import { RefusedNotice } from "~/components/admin/settings/refused-notice";
import { ReorderSection } from "~/components/admin/settings/reorder-section";
import { type SettingsOutcome, sectionState } from "~/components/admin/settings/section-state";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { ShippingSection } from "~/components/admin/settings/shipping-section";
import { ShopModeSection } from "~/components/admin/settings/shop-mode-section";
import { StoreSection } from "~/components/admin/settings/store-section";
import { TaxesSection } from "~/components/admin/settings/taxes-section";
import { TiendanubeSection } from "~/components/admin/settings/tiendanube-section";
import { AdminRouteError } from "~/components/layout/route-error";
import { alertBankChange } from "~/domain/auth/owner-alerts.server";
import { listCategories } from "~/domain/catalog/categories.server";
import { shopMode } from "~/domain/demo/demo-mode.server";
import { arcaStatus } from "~/domain/invoices/admin.server";
import { checkArcaConnection } from "~/domain/invoices/connection.server";
import { storeFiscalQrImage } from "~/domain/settings/fiscal.server";
import { formValues, pickupDraft, sectionFromForm } from "~/domain/settings/form";
import { isSectionKey, type SectionKey } from "~/domain/settings/schema";
import { getSettings, sectionErrors, UNKNOWN_SECTION, updateSection } from "~/domain/settings/settings.server";
import { taxesDraft } from "~/domain/settings/taxes-form";
import { carriersInForce } from "~/domain/shipping/options.server";
import { taxCategoryUsage } from "~/domain/taxes/table.server";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import { alertOrigin, requireFormStepUp, stepUpState } from "~/lib/step-up.server";
import type { Route } from "./+types/ajustes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const saved = params.get("guardado") ?? "";
  return {
    demo: (await shopMode(context.db)) === "demo",
    justWentLive: params.get("produccion") === "listo",
    settings: await getSettings(context.db),
    saved: isSectionKey(saved) ? saved : null,
    envStoreUrl: context.config.storeUrl,
    siteCategories: (await listCategories(context.db)).map(({ key, name }) => ({ key, name })),
    taxUsage: await taxCategoryUsage(context.db),
    arca: arcaStatus((await (await requestContext(context)).arca?.current()) ?? null),
    carriersInForce: await carriersInForce(context.carriers),
    // The bank details ask for a fresh proof (step-up): whether the form must ask for it now.
    stepUp: await stepUpState(context, admin),
  };
}

/** Each section is its own form posting here with `section` (and `intent`), so all of it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const section = String(form.get("section") ?? "");
  const intent = String(form.get("intent") ?? "save");
  if (!isSectionKey(section)) {
    return data<SettingsOutcome>({ section: null, values: {}, fields: {}, message: UNKNOWN_SECTION }, 400);
  }
  let values = formValues(form);
  if (section === "pickup" && intent !== "save") {
    const remove = /^remove:(\d{1,2})$/.exec(intent);
    const op = remove ? { remove: Number(remove[1]) } : { add: true as const };
    return data<SettingsOutcome>({ section, values: pickupDraft(values, op), fields: {}, message: "" });
  }
  if (section === "pickup") values = pickupDraft(values, { dropEmpty: true });
  if (section === "taxes" && intent !== "save") {
    const remove = /^remove:(\d{1,2})$/.exec(intent);
    const op = remove ? { remove: Number(remove[1]) } : { add: true as const };
    return data<SettingsOutcome>({ section, values: taxesDraft(values, op), fields: {}, message: "" });
  }
  if (section === "taxes") values = taxesDraft(values, { dropEmpty: true });
  if (section === "invoicing" && intent === "check") {
    // Tries the point of sale as typed, before saving it.
    const typed = Number(values.pointOfSale);
    const pointOfSale = Number.isInteger(typed) && typed > 0 ? typed : null;
    const link = (await (await requestContext(context)).arca?.current()) ?? null;
    const check = await checkArcaConnection(link, pointOfSale);
    return data<SettingsOutcome>({ section, values, fields: {}, message: "", check });
  }
  const { input, errors: formErrors } = sectionFromForm(section, values);
  const errors = { ...sectionErrors(section, input), ...formErrors };
  if (Object.keys(errors).length > 0) {
    return data<SettingsOutcome>({ section, values, fields: errors, message: Object.values(errors)[0] ?? "" }, 400);
  }
  return formAction(
    values,
    async () => {
      // Datos fiscales: a new QR image is stored only now that the rest of the form is valid.
      if (section === "bank") {
        // Where transfer buyers send their money: a fresh proof first, and every owner told of the change.
        await requireFormStepUp(context, admin, form);
        const origin = alertOrigin(request, context);
        await updateSection(context.db, admin, section, input, { onChange: alertBankChange(admin, origin) });
        return redirect(`/admin/ajustes?guardado=${section}#${section}`, 303);
      }
      const qrImage = section === "fiscal" ? await storeFiscalQrImage(context.db, form.get("qrImageFile")) : null;
      await updateSection(context.db, admin, section, qrImage ? { ...(input as object), qrImage } : input);
      return redirect(`/admin/ajustes?guardado=${section}#${section}`, 303);
    },
    { section },
  );
}

export const meta = () => seoMeta({ title: "Ajustes", noIndex: true });

export default function Ajustes({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, saved, envStoreUrl, siteCategories, demo, justWentLive } = loaderData;
  const outcome = actionData as SettingsOutcome | undefined;
  const stateOf = (key: SectionKey) => sectionState(key, outcome, saved);
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
      <SettingsNav />
      <BankSection bank={settings.bank} state={stateOf("bank")} stepUp={loaderData.stepUp} />
      <ContactSection contact={settings.contact} state={stateOf("contact")} />
      <FiscalSection fiscal={settings.fiscal} state={stateOf("fiscal")} />
      <ShippingSection shipping={settings.shipping} state={stateOf("shipping")} />
      <PickupSection pickup={settings.pickup} state={stateOf("pickup")} />
      <StoreSection store={settings.store} envStoreUrl={envStoreUrl} state={stateOf("store")} />
      <RateLimitsSection rateLimits={settings.rateLimits} state={stateOf("rateLimits")} />
      <TiendanubeSection
        tiendanube={settings.tiendanube}
        siteCategories={siteCategories}
        state={stateOf("tiendanube")}
      />
      <TaxesSection taxes={settings.taxes} usage={loaderData.taxUsage} state={stateOf("taxes")} />
      <InvoicingSection
        invoicing={settings.invoicing}
        arca={loaderData.arca}
        state={stateOf("invoicing")}
        check={outcome?.section === "invoicing" ? outcome.check : null}
      />
      <AccountsSection accounts={settings.accounts} state={stateOf("accounts")} />
      <CarriersSection carriers={settings.carriers} inForce={loaderData.carriersInForce} state={stateOf("carriers")} />
      <ReorderSection reorder={settings.reorder} state={stateOf("reorder")} />
      <HolidaysSection holidays={settings.holidays} state={stateOf("holidays")} />
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
