import { PDFDocument } from "pdf-lib";
import { logger } from "~/lib/logger.server";
import type { Db } from "~db/index";
import { books, boxSubscriptions, type OrderCarrierChoice, orderItems, type orders } from "~db/schema";
import type { MemoryCarrier } from "./memory-carrier";
import { memoryCarriers } from "./memory-carrier";
import { insertOrder } from "./order-row";

/** A real PDF of `pages` pages (pdf-lib reads it back), each page naming `text`. */
export async function pdfWithPages(pages: number, text = "etiqueta"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(text);
  for (let page = 0; page < pages; page += 1) pdf.addPage([283, 425]);
  return pdf.save();
}

export async function pageCount(bytes: Uint8Array | ArrayBuffer): Promise<number> {
  return (await PDFDocument.load(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))).getPageCount();
}

/** The memory carrier's labels become one-page PDFs pdf-lib can merge (its own are a bare header). */
export function printableLabels(carrier: MemoryCarrier): MemoryCarrier {
  const create = carrier.createShipment;
  carrier.createShipment = async (request) => ({ ...(await create(request)), labelPdf: await pdfWithPages(1) });
  const label = carrier.label;
  carrier.label = async (trackingNumber) => {
    await label(trackingNumber);
    return pdfWithPages(1);
  };
  return carrier;
}

/** What the shipping domain needs of a request, with these carriers in force. */
export function shippingContext(db: Db, ...carriers: MemoryCarrier[]) {
  return {
    db,
    siteUrl: "http://localhost:3000",
    configuredSecret: null,
    carriers: memoryCarriers(...carriers),
    log: logger,
  };
}

/**
 * A paid order sent by post to Córdoba (5000) with two copies of a book weighing 350 g, or without the
 * weight (the settings' book weight then). `choice`: the carrier option the buyer chose at checkout.
 */
export async function paidShippingOrder(
  db: Db,
  options: {
    choice?: { carrier: "correo_argentino" | "andreani"; choice: OrderCarrierChoice };
    values?: Partial<typeof orders.$inferInsert>;
    weightGrams?: number | null;
  } = {},
) {
  const [book] = await db
    .insert(books)
    .values({
      title: "Zama",
      slug: `zama-${crypto.randomUUID()}`,
      author: "Antonio Di Benedetto",
      priceCents: 1_500_000,
      stock: 5,
      weightGrams: options.weightGrams === undefined ? 350 : options.weightGrams,
    })
    .returning({ id: books.id });
  const order = await insertOrder(db, {
    status: "paid",
    paidAt: new Date(),
    deliveryMethod: "shipping",
    shippingSpeed: options.choice ? null : "standard",
    address: "Av. Colón 1234",
    city: "Córdoba",
    province: "X",
    zipCode: "X5000ABC",
    subtotalCents: 3_000_000,
    shippingCents: 700_000,
    totalCents: 3_700_000,
    carrier: options.choice?.carrier ?? null,
    carrierChoice: options.choice?.choice ?? null,
    ...options.values,
  });
  await db.insert(orderItems).values({
    orderId: order.id,
    bookId: book?.id ?? 0,
    title: "Zama",
    author: "Antonio Di Benedetto",
    unitPriceCents: 1_500_000,
    quantity: 2,
    lineTotalCents: 3_000_000,
    netCents: 3_000_000,
    taxCents: 0,
  });
  return order;
}

export const ANDREANI_BRANCH: { carrier: "andreani"; choice: OrderCarrierChoice } = {
  carrier: "andreani",
  choice: {
    kind: "branch",
    service: "Andreani a sucursal",
    serviceCode: "BRANCH",
    days: { min: 3, max: 5 },
    branch: {
      id: "andreani-suc-1",
      name: "Andreani Villa Crespo",
      address: "Av. Corrientes 5300",
      city: "CABA",
      zip: "1414",
    },
  },
};

export async function insertBoxSubscription(db: Db, values: Partial<typeof boxSubscriptions.$inferInsert> = {}) {
  const [row] = await db
    .insert(boxSubscriptions)
    .values({
      planId: "monthly",
      priceCents: 5_400_000,
      frequencyMonths: 1,
      status: "active",
      firstName: "Mara",
      lastName: "Gómez",
      email: "mara@example.com",
      whatsapp: "+54 9 351 555-1234",
      deliveryMethod: "delivery",
      address: "Bv. San Juan 500",
      city: "Córdoba",
      state: "Córdoba",
      zipCode: "5000",
      ...values,
    })
    .returning();
  if (!row) throw new Error("subscription not written");
  return row;
}
