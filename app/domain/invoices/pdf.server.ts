import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { invoices } from "~db/schema";
import { type Column, type Labelled, TEST_NOTICE, type VoucherContent, voucherContent } from "./pdf-content";
import {
  ALERT,
  BOLD,
  BOTTOM,
  box,
  type Doc,
  heightOf,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  put,
  QR_SIZE,
  REGULAR,
  RIGHT,
  RULE,
  WIDTH,
} from "./pdf-draw.server";
import { invoiceQrUrl } from "./qr";

export type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoicePdfInput {
  /** An issued voucher (number, CAE and date set); the seller is its `issuer` snapshot plus its CUIT and condition. */
  invoice: InvoiceRow;
  /** For a credit note, the invoice it cancels. */
  original: InvoiceRow | null;
  /** What the voucher is for, printed under the lines: "Pedido RZ-000123" or "Caja Rizoma, cobro de noviembre de 2026". */
  reference: string | null;
}

/*
 * Drawn with pdfkit's standard Helvetica (WinAnsi covers Spanish, docs/decisions/0028): A4, every length in
 * points. Each page repeats the test band, "ORIGINAL", the seller's and the buyer's boxes and the table's
 * head; the totals, CAE and QR close the last page; every page says "Página n de N".
 */

/** "CUIT: 20-26756539-3": one text call, so the label and its value read as one line. */
const line = (item: Labelled) => `${item.label}: ${item.value}`;

/** The band, "ORIGINAL", the seller's box with the letter, and the buyer's box; returns where they end. */
function drawHeader(doc: Doc, c: VoucherContent): number {
  let y = MARGIN;
  if (c.test) {
    doc.lineWidth(1.2).rect(MARGIN, y, WIDTH, 24).fillAndStroke("#fde8e8", ALERT);
    put(doc, TEST_NOTICE, MARGIN, y + 6, { width: WIDTH, align: "center", font: BOLD, size: 13, color: ALERT });
    y += 30;
  }
  box(doc, MARGIN, y, WIDTH, 18);
  put(doc, "ORIGINAL", MARGIN, y + 5, { width: WIDTH, align: "center", font: BOLD, size: 10 });
  y += 18;

  const centre = MARGIN + WIDTH / 2;
  const letterBox = { width: 50, height: 52 };
  box(doc, centre - letterBox.width / 2, y, letterBox.width, letterBox.height, "#ffffff");
  put(doc, c.letter, centre - letterBox.width / 2, y + 6, {
    width: letterBox.width,
    align: "center",
    font: BOLD,
    size: 32,
  });
  put(doc, c.code, centre - letterBox.width / 2, y + 40, {
    width: letterBox.width,
    align: "center",
    font: BOLD,
    size: 7,
  });

  // A legal name is never cut: a long one is set smaller, and the box grows with what it holds.
  const column = WIDTH / 2 - letterBox.width / 2 - 18;
  const left = MARGIN + 10;
  const nameSize = [13, 11].find((size) => heightOf(doc, c.seller.name, column, BOLD, size) <= 2.5 * size) ?? 9;
  let ly = y + 10;
  ly += put(doc, c.seller.name, left, ly, { width: column, font: BOLD, size: nameSize }) + 8;
  if (c.seller.address) ly += put(doc, `Domicilio comercial: ${c.seller.address}`, left, ly, { width: column }) + 3;
  ly += put(doc, `Condición frente al IVA: ${c.seller.condition}`, left, ly, { width: column });

  const right = centre + letterBox.width / 2 + 10;
  let ry = y + 10;
  ry += put(doc, c.heading, right, ry, { width: column, font: BOLD, size: 16 }) + 6;
  ry += put(doc, c.numberLine, right, ry, { width: column, font: BOLD, size: 9 }) + 4;
  for (const text of [
    `Fecha de emisión: ${c.issuedOn}`,
    `CUIT: ${c.seller.cuit}`,
    ...(c.seller.activityStart ? [`Inicio de actividades: ${c.seller.activityStart}`] : []),
  ]) {
    ry += put(doc, text, right, ry, { width: column, size: 9 }) + 3;
  }
  const height = Math.max(ly, ry, y + letterBox.height + 24) - y + 8;
  box(doc, MARGIN, y, WIDTH, height);
  doc
    .moveTo(centre, y + letterBox.height)
    .lineTo(centre, y + height)
    .strokeColor(INK)
    .stroke();
  y += height + 6;

  const inner = WIDTH - 20;
  const buyerLines = c.buyer.map(line);
  const associated = c.associated ? `Comprobante asociado: ${c.associated}` : null;
  const buyerHeight =
    buyerLines.reduce((sum, text) => sum + heightOf(doc, text, inner) + 3, 0) +
    (associated ? heightOf(doc, associated, inner, BOLD) + 6 : 0) +
    14;
  box(doc, MARGIN, y, WIDTH, buyerHeight);
  let by = y + 8;
  for (const text of buyerLines) by += put(doc, text, MARGIN + 10, by, { width: inner }) + 3;
  if (associated) put(doc, associated, MARGIN + 10, by + 3, { width: inner, font: BOLD });
  return y + buyerHeight + 8;
}

interface Cell {
  x: number;
  width: number;
  align: Column["align"];
}

function cells(columns: readonly Column[]): Cell[] {
  let x = MARGIN;
  return columns.map((column) => {
    const cell = { x, width: column.width * WIDTH, align: column.align };
    x += cell.width;
    return cell;
  });
}

/** Inside a cell: 4 points each side, 3.5 above and below. */
const PAD = 4;
const ROW_PAD = 3.5;

function drawTableHead(doc: Doc, columns: readonly Column[], y: number): number {
  doc.lineWidth(0.8).rect(MARGIN, y, WIDTH, 18).fillAndStroke("#e8e8e8", INK);
  cells(columns).forEach((cell, i) => {
    const header = columns[i]?.header ?? "";
    put(doc, header, cell.x + PAD, y + 5, { width: cell.width - 2 * PAD, align: cell.align, font: BOLD, size: 8 });
  });
  return y + 18;
}

function rowHeight(doc: Doc, columns: readonly Column[], row: readonly string[]): number {
  const heights = cells(columns).map((cell, i) => heightOf(doc, row[i] ?? "", cell.width - 2 * PAD));
  return Math.max(...heights) + 2 * ROW_PAD;
}

function drawRow(doc: Doc, columns: readonly Column[], row: readonly string[], y: number): number {
  const height = rowHeight(doc, columns, row);
  cells(columns).forEach((cell, i) => {
    put(doc, row[i] ?? "", cell.x + PAD, y + ROW_PAD, { width: cell.width - 2 * PAD, align: cell.align });
  });
  doc
    .lineWidth(0.4)
    .moveTo(MARGIN, y + height)
    .lineTo(RIGHT, y + height)
    .strokeColor(RULE)
    .stroke();
  return y + height;
}

const TOTALS_WIDTH = 230;
const TRANSPARENCY_TITLE = "Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)";

/** The totals, the reference, Ley 27.618's legend and Ley 27.743's block, then CAE and QR: its height, to keep it on one page. */
function closingHeight(doc: Doc, c: VoucherContent): number {
  const left = WIDTH - TOTALS_WIDTH - 20;
  const leftHeight =
    (c.reference ? heightOf(doc, c.reference, left, BOLD, 9) + 8 : 0) +
    (c.legend ? heightOf(doc, c.legend, left, BOLD, 8.5) + 8 : 0) +
    (c.transparency ? heightOf(doc, TRANSPARENCY_TITLE, left - 16, BOLD, 8) + c.transparency.length * 12 + 16 : 0);
  const totalsHeight = c.totals.length * 14 + 10;
  return 10 + Math.max(leftHeight, totalsHeight) + 14 + QR_SIZE + 4;
}

function drawClosing(doc: Doc, c: VoucherContent, qrPng: Buffer, top: number) {
  let y = top + 10;
  const leftWidth = WIDTH - TOTALS_WIDTH - 20;
  let ly = y;
  if (c.reference) ly += put(doc, c.reference, MARGIN, ly, { width: leftWidth, font: BOLD, size: 9 }) + 8;
  if (c.legend) ly += put(doc, c.legend, MARGIN, ly, { width: leftWidth, font: BOLD, size: 8.5 }) + 8;
  if (c.transparency) {
    const inner = leftWidth - 16;
    const height = heightOf(doc, TRANSPARENCY_TITLE, inner, BOLD, 8) + c.transparency.length * 12 + 12;
    box(doc, MARGIN, ly, leftWidth, height);
    let ty = ly + 6;
    ty += put(doc, TRANSPARENCY_TITLE, MARGIN + 8, ty, { width: inner, font: BOLD, size: 8 }) + 3;
    for (const item of c.transparency) ty += put(doc, line(item), MARGIN + 8, ty, { width: inner, size: 8.5 }) + 3;
    ly += height + 4;
  }

  const x = RIGHT - TOTALS_WIDTH;
  let ty = y;
  c.totals.forEach((item, i) => {
    const last = i === c.totals.length - 1;
    if (last) {
      doc.lineWidth(0.8).moveTo(x, ty).lineTo(RIGHT, ty).strokeColor(INK).stroke();
      ty += 4;
    }
    const font = last ? BOLD : REGULAR;
    const size = last ? 11 : 9;
    put(doc, `${item.label}:`, x, ty, { width: TOTALS_WIDTH - 100, font, size });
    // Right-aligned with the table's amounts above it.
    put(doc, item.value, RIGHT - 100 - PAD, ty, { width: 100, align: "right", font, size });
    ty += last ? 16 : 14;
  });

  y = Math.max(ly, ty) + 8;
  doc.lineWidth(0.8).moveTo(MARGIN, y).lineTo(RIGHT, y).strokeColor(INK).stroke();
  y += 6;
  doc.image(qrPng, MARGIN, y, { width: QR_SIZE, height: QR_SIZE });
  const beside = MARGIN + QR_SIZE + 10;
  put(doc, "Comprobante autorizado por ARCA", beside, y + 24, { width: 200, font: BOLD, size: 11 });
  put(doc, `CAE N°: ${c.cae}`, RIGHT - 220, y + 24, { width: 220, align: "right", font: BOLD, size: 11 });
  put(doc, `Fecha de vencimiento del CAE: ${c.caeExpiry}`, RIGHT - 220, y + 42, {
    width: 220,
    align: "right",
    size: 9,
  });
}

/** Diagonal, light and behind nothing that matters: a test voucher cannot pass for a real one. */
function drawWatermark(doc: Doc) {
  // As large as fits along the diagonal, with a margin at both corners.
  const diagonal = Math.hypot(PAGE.width, PAGE.height);
  const size = Math.min(40, (0.8 * diagonal) / doc.font(BOLD).fontSize(1).widthOfString(TEST_NOTICE));
  doc.fontSize(size);
  const width = doc.widthOfString(TEST_NOTICE);
  const angle = (-Math.atan2(PAGE.height, PAGE.width) * 180) / Math.PI;
  const cx = PAGE.width / 2;
  const cy = PAGE.height / 2;
  doc.save();
  doc.rotate(angle, { origin: [cx, cy] });
  doc.fillColor(ALERT).fillOpacity(0.09);
  doc.text(TEST_NOTICE, cx - width / 2, cy - size / 2, { lineBreak: false });
  doc.restore();
}

/** Lines flow from page to page under a repeated header; the closing block goes where it fits whole. */
function drawPages(doc: Doc, c: VoucherContent, qrPng: Buffer) {
  let y = drawTableHead(doc, c.columns, drawHeader(doc, c));
  const newPage = () => {
    doc.addPage();
    y = drawTableHead(doc, c.columns, drawHeader(doc, c));
  };
  const closing = closingHeight(doc, c);
  c.rows.forEach((row, i) => {
    // The last line goes with the totals: a last page never holds the totals under an empty table.
    const needed = rowHeight(doc, c.columns, row) + (i === c.rows.length - 1 ? closing : 0);
    if (y + needed > BOTTOM && i > 0) newPage();
    y = drawRow(doc, c.columns, row, y);
  });
  if (y + closing > BOTTOM) newPage();
  drawClosing(doc, c, qrPng, y);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    if (c.test) drawWatermark(doc);
    put(doc, `Página ${i - range.start + 1} de ${range.count}`, MARGIN, PAGE.height - MARGIN - 8, {
      width: WIDTH,
      align: "center",
      size: 8,
      color: MUTED,
    });
  }
}

/** The voucher's PDF: ARCA's required content, its RG 4892 QR, and the test notice outside production. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, original, reference } = input;
  const c = voucherContent(invoice, original, reference);
  const qrPng = await QRCode.toBuffer(invoiceQrUrl(c.qr), {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    scale: 4,
  });
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 8 },
    bufferPages: true,
    lang: "es-AR",
    displayTitle: true,
    info: {
      Title: c.title,
      Author: c.seller.name,
      Subject: c.test ? `${c.title} (${TEST_NOTICE})` : c.title,
      Creator: "Rizoma",
      // Fixed by the voucher, so the same voucher renders to the same bytes.
      CreationDate: invoice.issuedAt ?? new Date(`${invoice.issuedOn}T12:00:00-03:00`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  drawPages(doc, c, qrPng);
  doc.end();
  return done;
}
