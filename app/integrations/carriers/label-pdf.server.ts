import PDFDocument from "pdfkit";
import type { ShipmentRequest } from "./types";

/**
 * A parcel label drawn by the shop (10 × 15 cm, the size of the carriers' own labels), for the two cases
 * where the carrier gives none by API: MiCorreo's import (its official label is printed from the MiCorreo
 * panel) and the demo's sandbox. `notice` says which, in large letters, so nobody takes it for what it is
 * not. The same input gives the same bytes (fixed creation date), so a reprint matches the first print.
 */
export interface LabelInput {
  carrierName: string;
  service: string | null;
  trackingNumber: string;
  createdAt: Date;
  /** Printed boxed at the top: "SANDBOX — sin validez", or what the label is for. */
  notice: string;
  /** The shipment as it was asked for; null for a reprint that only knows the tracking number. */
  request: ShipmentRequest | null;
  /** Where the branch is, for a branch delivery ("Sucursal Palermo, Av. Santa Fe 3253"), when known. */
  branchText?: string | null;
}

const MM = 72 / 25.4;

export function drawLabelPdf(input: LabelInput): Promise<Uint8Array> {
  const width = 100 * MM;
  const height = 150 * MM;
  const margin = 6 * MM;
  const doc = new PDFDocument({
    size: [width, height],
    margins: { top: margin, left: margin, right: margin, bottom: margin },
    lang: "es-AR",
    info: {
      Title: `Etiqueta ${input.carrierName} ${input.trackingNumber}`,
      Author: "Rizoma",
      Creator: "Rizoma",
      CreationDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  const inner = width - 2 * margin;
  const section = (title: string, lines: string[]) => {
    doc.moveDown(0.4).font("Helvetica-Bold").fontSize(8).text(title.toUpperCase(), { width: inner });
    doc.font("Helvetica").fontSize(10);
    for (const line of lines.filter(Boolean)) doc.text(line, { width: inner });
  };

  const top = doc.y;
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(input.notice, margin + 4, top + 4, { width: inner - 8, align: "center" });
  const boxHeight = doc.y - top + 4;
  doc.rect(margin, top, inner, boxHeight).lineWidth(1.5).stroke();
  doc.x = margin;
  doc.y = top + boxHeight + 6;

  doc.font("Helvetica-Bold").fontSize(14).text(input.carrierName, { width: inner });
  if (input.service) doc.font("Helvetica").fontSize(9).text(input.service, { width: inner });
  doc.moveDown(0.3).font("Helvetica").fontSize(8).text("NÚMERO DE SEGUIMIENTO", { width: inner });
  doc.font("Courier-Bold").fontSize(15).text(input.trackingNumber, { width: inner });

  const request = input.request;
  if (request) {
    doc.font("Helvetica").fontSize(9).text(`Referencia: ${request.reference}`, { width: inner });
    const recipient = request.recipient;
    const destination =
      request.kind === "branch"
        ? [`Retira en sucursal: ${input.branchText ?? request.branchId ?? ""}`]
        : request.address
          ? [request.address.street, `${request.address.zip} ${request.address.city} (${request.address.province})`]
          : [];
    section("Destinatario", [`${recipient.firstName} ${recipient.lastName}`, ...destination, recipient.phone]);
    const sender = request.sender;
    section("Remitente", [
      sender.name,
      sender.address.street,
      `${sender.address.zip} ${sender.address.city} (${sender.address.province})`,
      sender.phone,
    ]);
    const p = request.parcel;
    const n = (value: number) => value.toLocaleString("es-AR", { maximumFractionDigits: 2 });
    section("Bulto", [`${n(p.weightGrams / 1000)} kg · ${n(p.heightCm)} × ${n(p.widthCm)} × ${n(p.lengthCm)} cm`]);
  } else {
    section("Reimpresión", ["Solo el número de seguimiento: los datos del envío están en el pedido."]);
  }
  doc.end();
  return done;
}
