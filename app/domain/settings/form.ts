import { STEP_UP_FIELD } from "~/domain/auth/step-up";
import { parseMoney } from "~/lib/money";
import { PROVINCES } from "./argentina";
import { FREE_SHIPPING_OPTIONS, type SectionKey } from "./schema";
import { taxesFromForm } from "./taxes-form";

/**
 * The settings page's forms: field names are the section's paths ("cbu", "rates.A.standardCents",
 * "points.0.name"), so the domain's field errors land next to the right input. Values travel as the
 * text people typed, so a refused form comes back as it was.
 */
export type FormValues = Record<string, string>;

/** The text fields of a submitted form (files and the control fields left out). */
export function formValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of form) {
    // The step-up's proof is never a setting, and never sent back to the page.
    if (typeof value === "string" && name !== "section" && name !== "intent" && name !== STEP_UP_FIELD) {
      values[name] = value;
    }
  }
  return values;
}

const number = (text: string | undefined) => (text === undefined || text.trim() === "" ? Number.NaN : Number(text));

/** Indices of a table's rows present in the form, in order (formRows(values, "points"): "points.3.name" -> 3). */
export function formRows(values: FormValues, table: string): number[] {
  const pattern = new RegExp(`^${table}\\.(\\d{1,2})\\.`);
  const rows = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = pattern.exec(name);
    if (match) rows.add(Number(match[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

export const pickupRows = (values: FormValues) => formRows(values, "points");

const POINT_FIELDS = ["name", "address", "hours"] as const;

/**
 * Pickup rows renumbered from 0: "Agregar" adds an empty row, "Quitar" drops one (the draft a page
 * without JavaScript shows, nothing saved); saving drops the rows left completely empty.
 */
export function pickupDraft(
  values: FormValues,
  op: { add: true } | { remove: number } | { dropEmpty: true },
): FormValues {
  const blank = (row: number) => POINT_FIELDS.every((field) => !values[`points.${row}.${field}`]?.trim());
  const rows = pickupRows(values).filter((row) =>
    "remove" in op ? row !== op.remove : "dropEmpty" in op ? !blank(row) : true,
  );
  const draft: FormValues = {};
  rows.forEach((row, index) => {
    for (const field of POINT_FIELDS) draft[`points.${index}.${field}`] = values[`points.${row}.${field}`] ?? "";
  });
  if ("add" in op) for (const field of POINT_FIELDS) draft[`points.${rows.length}.${field}`] = "";
  return draft;
}

/**
 * A section's input from its form, plus the errors only the form can have (money that is not money).
 * Everything else is the domain schema's job.
 */
export function sectionFromForm(
  key: SectionKey,
  values: FormValues,
): { input: unknown; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string) => values[name] ?? "";
  switch (key) {
    case "bank":
      return {
        input: {
          ...pick(values, ["holder", "bank", "cbu", "alias", "cuit"]),
          transferExpiryDays: number(values.transferExpiryDays),
          transferDiscountPercent: number(values.transferDiscountPercent),
        },
        errors,
      };
    case "contact":
      return { input: pick(values, ["address", "hours", "whatsapp", "email"]), errors };
    case "fiscal": {
      const fields = [
        "legalName",
        "cuit",
        "taxCondition",
        "legalAddress",
        "email",
        "phone",
        "activityStart",
        "dataRegistry",
        "qrUrl",
      ];
      // The stored QR image travels as a hidden field; "Quitar la imagen" drops it (a new upload replaces it).
      const qrImage = values.qrImageRemove === "on" ? "" : text("qrImage");
      return { input: { ...pick(values, fields), qrImage }, errors };
    }
    case "store":
      return { input: { externalUrl: text("externalUrl") }, errors };
    case "rateLimits":
      return {
        input: {
          loginMaxFailures: number(values.loginMaxFailures),
          loginWindowMinutes: number(values.loginWindowMinutes),
          newsletterPerIpPerHour: number(values.newsletterPerIpPerHour),
          mailPerSecond: number(values.mailPerSecond),
          qrChecksPerMinute: number(values.qrChecksPerMinute),
          qrClaimsPerMinute: number(values.qrClaimsPerMinute),
          withdrawalsPerIpPerHour: number(values.withdrawalsPerIpPerHour),
          boxSubscribePerIpPerHour: number(values.boxSubscribePerIpPerHour),
          boxCancelPerIpPerHour: number(values.boxCancelPerIpPerHour),
          discountValidatePerIpPerMinute: number(values.discountValidatePerIpPerMinute),
          specialOrdersPerIpPerHour: number(values.specialOrdersPerIpPerHour),
          ordersPerIpPerHour: number(values.ordersPerIpPerHour),
          accountCodesPerIpPerHour: number(values.accountCodesPerIpPerHour),
          stockAlertsPerIpPerHour: number(values.stockAlertsPerIpPerHour),
          shippingQuotesPerIpPerMinute: number(values.shippingQuotesPerIpPerMinute),
        },
        errors,
      };
    case "tiendanube": {
      const { entries, error } = parseCategoryMap(text("categoryMap"));
      if (error) errors.categoryMap = error;
      return { input: { categoryMap: entries, syncIntervalMinutes: number(values.syncIntervalMinutes) }, errors };
    }
    case "taxes":
      return { input: taxesFromForm(values), errors };
    case "invoicing": {
      // "Identificar al consumidor final desde" is whole pesos typed as money ("10.000.000").
      const from = parseMoney(text("identifyConsumerFrom"));
      if (from === null || from % 100 !== 0 || from <= 0) {
        errors.identifyConsumerFrom =
          "Identificar al consumidor final desde: ingresá un monto en pesos enteros, como 10.000.000";
      }
      return {
        input: {
          enabled: values.enabled === "on",
          pointOfSale: text("pointOfSale").trim() === "" ? null : number(values.pointOfSale),
          identifyConsumerFrom: from === null ? Number.NaN : from / 100,
        },
        errors,
      };
    }
    case "accounts":
      return { input: { cartReminderHours: number(values.cartReminderHours) }, errors };
    case "reorder":
      return { input: { threshold: number(values.threshold) }, errors };
    case "holidays": {
      const { entries, error } = parseHolidays(text("extra"));
      if (error) errors.extra = error;
      return { input: { extra: entries }, errors };
    }
    case "carriers": {
      // "Envío gratis desde" is whole pesos typed as money ("50.000"); empty turns free shipping off.
      let freeShippingFrom: number | null = null;
      if (text("freeShippingFrom").trim() !== "") {
        const cents = parseMoney(text("freeShippingFrom"));
        if (cents === null || cents % 100 !== 0) {
          errors.freeShippingFrom = "Envío gratis desde: ingresá un monto en pesos enteros, como 50.000";
        } else freeShippingFrom = cents / 100;
      }
      return {
        input: {
          originZip: text("originZip"),
          packaging: {
            weightGrams: number(values["packaging.weightGrams"]),
            heightCm: number(values["packaging.heightCm"]),
            widthCm: number(values["packaging.widthCm"]),
            lengthCm: number(values["packaging.lengthCm"]),
          },
          bookWeightGrams: number(values.bookWeightGrams),
          defaultCarrier: text("defaultCarrier"),
          freeShippingFrom,
          // One checkbox per option: "free.table", "free.correo_argentino:home"...
          freeShippingOptions: FREE_SHIPPING_OPTIONS.filter((option) => values[`free.${option}`] === "on"),
        },
        errors,
      };
    }
    case "pickup": {
      const points = pickupRows(values).map((row) => ({
        name: text(`points.${row}.name`),
        address: text(`points.${row}.address`),
        hours: text(`points.${row}.hours`),
      }));
      return { input: { points }, errors };
    }
    case "shipping": {
      const money = (name: string, label: string) => {
        const cents = parseMoney(text(name));
        if (cents === null) errors[name] = `${label}: ingresá un monto como 12.500 o 12500,50`;
        return cents ?? 0;
      };
      const rates = Object.fromEntries(
        PROVINCES.map(({ code, name }) => [
          code,
          {
            standardCents: money(`rates.${code}.standardCents`, `Envío estándar a ${name}`),
            fastCents: money(`rates.${code}.fastCents`, `Envío rápido a ${name}`),
          },
        ]),
      );
      const days = (prefix: string) => ({ min: number(values[`${prefix}.min`]), max: number(values[`${prefix}.max`]) });
      return { input: { standardDays: days("standardDays"), fastDays: days("fastDays"), rates }, errors };
    }
  }
}

function pick(values: FormValues, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, values[name] ?? ""]));
}

/**
 * The category map as the settings page edits it: one equivalence a line, "Tienda Nube = clave del
 * sitio" ("Filosofía = filosofia-pensamiento", or by the category's number "1234 = arte-diseno").
 */
export function parseCategoryMap(text: string): {
  entries: { tiendanube: string; categoryKey: string }[];
  error?: string;
} {
  const entries: { tiendanube: string; categoryKey: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const at = line.lastIndexOf("=");
    if (at < 0) {
      return {
        entries,
        error: `Línea ${index + 1}: escribí «categoría de Tienda Nube = clave del sitio», por ejemplo «Filosofía = filosofia-pensamiento»`,
      };
    }
    entries.push({ tiendanube: line.slice(0, at).trim(), categoryKey: line.slice(at + 1).trim() });
  }
  return { entries };
}

export function formatCategoryMap(entries: { tiendanube: string; categoryKey: string }[]): string {
  return entries.map((entry) => `${entry.tiendanube} = ${entry.categoryKey}`).join("\n");
}

/**
 * The added holidays as Ajustes edits them: one a line, "fecha = nombre", the date as 2027-11-22 or
 * 22/11/2027 ("2027-11-22 = Día de la Soberanía Nacional (trasladado)").
 */
export function parseHolidays(text: string): { entries: { day: string; name: string }[]; error?: string } {
  const entries: { day: string; name: string }[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    const at = line.indexOf("=");
    const rawDay = (at < 0 ? "" : line.slice(0, at)).trim();
    const name = at < 0 ? "" : line.slice(at + 1).trim();
    const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(rawDay);
    const day = local ? `${local[3]}-${local[2]?.padStart(2, "0")}-${local[1]?.padStart(2, "0")}` : rawDay;
    if (!day || !name) {
      return {
        entries,
        error: `Línea ${index + 1}: escribí «fecha = nombre», por ejemplo «2027-11-22 = Feriado trasladado»`,
      };
    }
    entries.push({ day, name });
  }
  return { entries };
}

export function formatHolidays(entries: { day: string; name: string }[]): string {
  return entries.map((entry) => `${entry.day} = ${entry.name}`).join("\n");
}
