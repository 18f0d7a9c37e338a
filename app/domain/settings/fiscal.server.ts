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

/**
 * The seller's identity for the footer. With ARCA's URL and no uploaded image, the QR is drawn from the
 * URL (it is what the F.960/D's QR encodes), so a visitor can scan it or follow the link.
 */
export async function footerFiscal(fiscal: FiscalSettings): Promise<FooterFiscal> {
  const qr = fiscal.qrImage
    ? { src: fiscal.qrImage, href: fiscal.qrUrl }
    : fiscal.qrUrl
      ? { src: await qrSvgDataUrl(fiscal.qrUrl), href: fiscal.qrUrl }
      : null;
  return { lines: fiscalLines(fiscal), qr };
}

/** The last URL drawn: the shop has one, and every page's layout asks for it. */
let drawn: { url: string; dataUrl: string } | null = null;

async function qrSvgDataUrl(url: string): Promise<string> {
  if (drawn?.url === url) return drawn.dataUrl;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  drawn = { url, dataUrl };
  return dataUrl;
}
