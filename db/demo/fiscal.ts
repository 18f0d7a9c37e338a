/**
 * The demo shop's seller identity ("Datos fiscales", issue 18): visibly an example, so the demo's footer
 * shows every fiscal line and the Data Fiscal QR without anyone mistaking it for a real taxpayer. The
 * CUIT passes its check digit (20-00000000-1: weights 5,4,3,2,7,6,5,4,3,2 over 2000000000 sum to 10,
 * 11 - 10 = 1) but no taxpayer holds eight zeros. Its shape is the `fiscal` settings section
 * (app/domain/settings/fiscal.ts), checked by its tests. Written by the demo seed only; leaving demo mode
 * clears every field that still holds these values.
 */
export const FISCAL_SETTINGS_KEY = "fiscal";

export const demoFiscal = {
  legalName: "Rizoma Libros (datos de ejemplo)",
  cuit: "20-00000000-1",
  taxCondition: "monotributo",
  legalAddress: "Av. Ejemplo 1234, CABA (ejemplo)",
  email: "fiscal@ejemplo.rizoma.com.ar",
  phone: "11 5555-0000",
  activityStart: "2015-03-01",
  dataRegistry: null,
  qrUrl: "https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=EJEMPLO-DATOS-FISCALES",
  qrImage: null,
} as const;

export type DemoFiscal = { [K in keyof typeof demoFiscal]: string | null };

/** A stored section with no field filled (never saved, or saved empty): the demo may fill it. */
export const isBlankFiscal = (value: unknown): boolean =>
  typeof value !== "object" ||
  value === null ||
  Object.values(value).every((field) => field === null || field === undefined || field === "");

/** The stored section with every field that still holds the demo's example emptied (the admin's own kept). */
export function withoutDemoFiscal(value: unknown): Record<string, unknown> | null {
  if (typeof value !== "object" || value === null) return null;
  const example = demoFiscal as Record<string, string | null>;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, field !== null && field === example[key] ? null : field]),
  );
}

/**
 * The demo issues its invoices with the built-in ARCA sandbox (test vouchers, no fiscal validity), so the
 * demo shows the whole flow: automatic invoices on, point of sale 1. Written by the demo seed over a
 * section never saved; "Pasar a producción" turns it off (the real shop configures ARCA and turns it on).
 */
export const INVOICING_SETTINGS_KEY = "invoicing";
export const demoInvoicing = { enabled: true, pointOfSale: 1 } as const;
