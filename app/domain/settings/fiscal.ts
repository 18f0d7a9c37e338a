import { z } from "zod";
import { isCalendarDay, longDate, todayInBuenosAires } from "~/lib/dates";
import { emailSchema } from "~/lib/email-schema";
import { argentinePhoneDigits, normaliseCuit } from "./argentina";

/**
 * The seller's identity (issue 18, docs/decisions/0023-seller-identity.md): what Res. 270/2020 (Mercosur GMC
 * 37/19) asks a shop to show on its site, plus ARCA's Data Fiscal QR (F.960/D). Optional as a whole: every
 * field may be empty (null), a filled one must be valid; the footer shows only the filled ones and the
 * dashboard names the required ones still missing. Client-safe: the settings page and the footer use it.
 */

/** Condición frente al IVA: stored keys (the invoicing issue reads them) and how people read them. */
export const TAX_CONDITIONS = {
  monotributo: "Monotributo",
  responsable_inscripto: "Responsable Inscripto",
  exento: "Exento",
} as const;
export type TaxCondition = keyof typeof TAX_CONDITIONS;
const TAX_CONDITION_KEYS = Object.keys(TAX_CONDITIONS) as [TaxCondition, ...TaxCondition[]];

/** Hosts ARCA (formerly AFIP) serves the Data Fiscal answer from: the domain itself or any subdomain. */
const ARCA_DOMAINS = ["afip.gob.ar", "arca.gob.ar"];
export const isArcaUrl = (text: string): boolean => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  const host = url.hostname.toLowerCase();
  return url.protocol === "https:" && ARCA_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
};

/** An image uploaded through app/domain/uploads, as it is served. */
export const UPLOADED_IMAGE = /^\/uploads\/\d{1,9}\.(?:jpg|png|webp)$/;

/**
 * "" or only spaces (what an untouched form field sends), null and absent all mean "not given" (null);
 * any other text is trimmed and must pass `field`.
 */
const optional = <T extends z.ZodType>(field: (string: z.ZodString) => T, label: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    field(z.string({ error: `${label}: escribilo como texto` }).trim()).nullable(),
  );

const text = (label: string, max: number) =>
  optional((string) => string.max(max, `${label}: máximo ${max} caracteres`), label);

export const FISCAL_MESSAGES = {
  cuit: "El CUIT no es válido: revisá los 11 dígitos y el dígito verificador (XX-XXXXXXXX-X)",
  taxCondition: "Elegí la condición frente al IVA: Monotributo, Responsable Inscripto o Exento",
  email: "El email no es válido",
  phone: "El teléfono no es válido: escribilo con el código de área, por ejemplo 11 5555-1234",
  activityStartFormat: "Inicio de actividades: ingresá una fecha válida (AAAA-MM-DD)",
  activityStartFuture: "Inicio de actividades: la fecha no puede ser posterior a hoy",
  qrUrl: "La dirección del QR debe ser la que da ARCA: https://… en afip.gob.ar o arca.gob.ar",
  qrImage: "La imagen del QR no es válida: volvé a subirla",
} as const;

export const fiscalSchema = z
  .object({
    legalName: text("Razón social", 200),
    cuit: optional(
      (string) =>
        string.transform((value, ctx) => {
          const cuit = normaliseCuit(value);
          if (cuit) return cuit;
          ctx.addIssue({ code: "custom", message: FISCAL_MESSAGES.cuit });
          return z.NEVER;
        }),
      "CUIT",
    ),
    taxCondition: optional(
      (string) => string.pipe(z.enum(TAX_CONDITION_KEYS, { error: FISCAL_MESSAGES.taxCondition })),
      "Condición frente al IVA",
    ),
    legalAddress: text("Domicilio legal", 200),
    email: optional((string) => string.pipe(emailSchema({ invalid: FISCAL_MESSAGES.email }, 200)), "Email"),
    phone: optional(
      (string) =>
        string
          .max(40, FISCAL_MESSAGES.phone)
          .transform((value) => value.replace(/\s+/g, " "))
          .refine((value) => argentinePhoneDigits(value) !== null, FISCAL_MESSAGES.phone),
      "Teléfono",
    ),
    /** A Buenos Aires calendar day, "YYYY-MM-DD", today at the latest. */
    activityStart: optional(
      (string) =>
        string
          .refine(isCalendarDay, FISCAL_MESSAGES.activityStartFormat)
          .refine((day) => day <= todayInBuenosAires(), FISCAL_MESSAGES.activityStartFuture),
      "Inicio de actividades",
    ),
    /**
     * The database's registration with the AAIP's Registro Nacional de Bases de Datos (Ley 25.326 art. 21):
     * its number or the tramit's, as the AAIP gave it. /privacidad says it; empty, /privacidad says none is
     * recorded yet.
     */
    dataRegistry: text("Inscripción en la AAIP", 120),
    /** The URL ARCA gives with the F.960/D ("https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=…"). */
    qrUrl: optional(
      (string) => string.max(500, FISCAL_MESSAGES.qrUrl).refine(isArcaUrl, FISCAL_MESSAGES.qrUrl),
      "Dirección del QR",
    ),
    /** The QR image the admin uploaded (/uploads/{id}.{ext}), as ARCA printed it. */
    qrImage: optional((string) => string.regex(UPLOADED_IMAGE, FISCAL_MESSAGES.qrImage), "Imagen del QR"),
  })
  .strict();

export type FiscalSettings = z.output<typeof fiscalSchema>;

/** Nothing filled: what a shop that never saved the section (and is no demo) has. */
export const EMPTY_FISCAL: FiscalSettings = {
  legalName: null,
  cuit: null,
  taxCondition: null,
  legalAddress: null,
  email: null,
  phone: null,
  activityStart: null,
  dataRegistry: null,
  qrUrl: null,
  qrImage: null,
};

/** The fields Res. 270/2020 and the invoicing need; the dashboard warns while one is missing. */
export const REQUIRED_FISCAL_FIELDS = {
  legalName: "razón social",
  cuit: "CUIT",
  taxCondition: "condición frente al IVA",
  legalAddress: "domicilio legal",
} as const satisfies Partial<Record<keyof FiscalSettings, string>>;

/** The required fields still empty, named for people ("razón social", "CUIT"...), in the form's order. */
export function missingFiscalFields(fiscal: Partial<FiscalSettings>): string[] {
  return Object.entries(REQUIRED_FISCAL_FIELDS)
    .filter(([key]) => !fiscal[key as keyof FiscalSettings])
    .map(([, label]) => label);
}

/** One line of the footer's fiscal block: only filled fields make one. */
export interface FiscalLine {
  label: string;
  value: string;
  href?: string;
}

/**
 * The footer's lines, in the order people look for them; an empty field gives no line (never a
 * placeholder, never "CUIT:" with nothing after it).
 */
export function fiscalLines(fiscal: FiscalSettings): FiscalLine[] {
  const lines: (FiscalLine | null)[] = [
    fiscal.legalName ? { label: "Razón social", value: fiscal.legalName } : null,
    fiscal.cuit ? { label: "CUIT", value: fiscal.cuit } : null,
    fiscal.taxCondition ? { label: "Condición frente al IVA", value: TAX_CONDITIONS[fiscal.taxCondition] } : null,
    fiscal.legalAddress ? { label: "Domicilio legal", value: fiscal.legalAddress } : null,
    fiscal.email ? { label: "Email", value: fiscal.email, href: `mailto:${fiscal.email}` } : null,
    fiscal.phone ? { label: "Teléfono", value: fiscal.phone, href: telHref(fiscal.phone) } : null,
    fiscal.activityStart ? { label: "Inicio de actividades", value: longDate(fiscal.activityStart) } : null,
  ];
  return lines.filter((line): line is FiscalLine => line !== null);
}

/** What the footer shows of the seller: the filled lines, and the Data Fiscal QR when there is one. */
export interface FooterFiscal {
  lines: FiscalLine[];
  /** `src`: the uploaded image, else the QR of ARCA's URL drawn on the server; `href`: ARCA's URL, when given. */
  qr: { src: string; href: string | null } | null;
}

const telHref = (phone: string) => {
  const digits = argentinePhoneDigits(phone);
  return digits ? `tel:+54${digits}` : undefined;
};
