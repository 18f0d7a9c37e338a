/*
 * The drawing primitives of the voucher's PDF (pdf.server.ts): A4 in points, pdfkit's standard Helvetica,
 * and text made printable in WinAnsi (docs/decisions/0028-invoice-document.md).
 */
export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 28;
export const WIDTH = PAGE.width - 2 * MARGIN;
export const RIGHT = MARGIN + WIDTH;
/** Where rows and the closing block must end: above the page number. */
export const BOTTOM = PAGE.height - MARGIN - 18;
export const QR_SIZE = 85; // 3 cm
export const INK = "#111111";
export const MUTED = "#555555";
export const RULE = "#999999";
export const ALERT = "#b91c1c";

export const REGULAR = "Helvetica";
export const BOLD = "Helvetica-Bold";

/** The characters pdfkit's standard fonts can print (WinAnsi: Latin-1 plus the cp1252 extras). */
const WIN_ANSI = /[^\x20-\x7E\xA0-\xFF–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽžƒ˜]/gu;

/** Text the font can encode: other letters lose their accent when that makes them printable, else "?". */
export function printable(text: string): string {
  return (
    text
      // Line breaks and tabs become spaces; spaces (and es-AR money's no-break space) stay as they are.
      .replace(/[\t\n\v\f\r]+/g, " ")
      .normalize("NFC")
      .replace(WIN_ANSI, (char) => {
        const base = char.normalize("NFD").replace(/\p{M}/gu, "");
        return base !== char && !base.match(WIN_ANSI) ? base : "?";
      })
  );
}

export interface TextOptions {
  width: number;
  align?: "left" | "right" | "center";
  font?: string;
  size?: number;
  color?: string;
}

/** One text call at (x, y), wrapped to `width`; returns the height it took. */
export function put(doc: Doc, text: string, x: number, y: number, options: TextOptions): number {
  const { width, align = "left", font = REGULAR, size = 8.5, color = INK } = options;
  const body = printable(text);
  doc.font(font).fontSize(size).fillColor(color).text(body, x, y, { width, align });
  return doc.heightOfString(body, { width });
}

export function heightOf(doc: Doc, text: string, width: number, font = REGULAR, size = 8.5): number {
  return doc.font(font).fontSize(size).heightOfString(printable(text), { width });
}

export function box(doc: Doc, x: number, y: number, width: number, height: number, fill?: string) {
  doc.lineWidth(0.8).rect(x, y, width, height);
  if (fill) doc.fillAndStroke(fill, INK);
  else doc.strokeColor(INK).stroke();
}
