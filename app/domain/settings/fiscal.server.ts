import { createHash } from "node:crypto";
import QRCode from "qrcode";
import { DomainError, Invalid } from "~/domain/errors";
import { storeCover } from "~/domain/uploads/uploads.server";
import type { Db } from "~db/index";
import { type FiscalSettings, type FooterFiscal, fiscalLines } from "./fiscal";

/** The form field of the Data Fiscal QR image (multipart); its refusals are placed on it. */
export const QR_IMAGE_FIELD = "qrImageFile";

/**
 * The QR image a settings form brought, stored through the uploads module (the book covers' store) and
 * returned as its /uploads/ path; null when no file was chosen. Call it once the rest of the form is
 * valid, so a refused form leaves no orphan upload. A refusal (not an image, over 5 MB) is an `Invalid`
 * on the file field, so the form shows it there.
 */
export async function storeFiscalQrImage(db: Db, file: FormDataEntryValue | null): Promise<string | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  try {
    return await storeCover(
      db,
      { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name },
      "El QR de Data Fiscal",
    );
  } catch (error) {
    if (error instanceof DomainError) throw new Invalid(error.message, { field: QR_IMAGE_FIELD });
    throw error;
  }
}

/** Where the footer's drawn QR is served (app/routes/datos-fiscales-qr.ts). */
export const FISCAL_QR_PATH = "/datos-fiscales-qr.svg";

/**
 * The seller's identity for the footer. With ARCA's URL and no uploaded image, the QR is drawn from the
 * URL (it is what the F.960/D's QR encodes), so a visitor can scan it or follow the link. The drawing is
 * an image of its own (FISCAL_QR_PATH, its address naming the URL's digest so it can be cached for good),
 * not a data: URL: every storefront page carried those 3.8 KB of base64 twice, in the footer's HTML and in
 * its hydration data (issue 36).
 */
export function footerFiscal(fiscal: FiscalSettings): FooterFiscal {
  const qr = fiscal.qrImage
    ? { src: fiscal.qrImage, href: fiscal.qrUrl }
    : fiscal.qrUrl
      ? { src: `${FISCAL_QR_PATH}?v=${qrVersion(fiscal.qrUrl)}`, href: fiscal.qrUrl }
      : null;
  return { lines: fiscalLines(fiscal), qr };
}

/** A short digest of ARCA's URL: the drawn QR's address changes when the URL does. */
export function qrVersion(url: string): string {
  return createHash("sha256").update(url).digest("base64url").slice(0, 10);
}

/** The last URL drawn: the shop has one. */
let drawn: { url: string; svg: string } | null = null;

/** The QR of ARCA's URL as an SVG document. */
export async function fiscalQrSvg(url: string): Promise<string> {
  if (drawn?.url === url) return drawn.svg;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  drawn = { url, svg };
  return svg;
}
