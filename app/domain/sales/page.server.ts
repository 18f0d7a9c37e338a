import { asc, eq, inArray } from "drizzle-orm";
import QRCode from "qrcode";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { getSettings } from "~/domain/settings/settings.server";
import type { Db } from "~db/index";
import { fairSellers, fairs } from "~db/schema";

export interface OpenFair {
  id: number;
  name: string;
  place: string;
  discountPercent: number;
}

/**
 * The fairs open now that this admin may sell at: an owner at any; staff at those with no list of sellers or
 * with them on it (as recordSale checks). The fairs themselves are managed in /admin/ferias.
 */
export async function openFairsFor(db: Db, admin: AdminIdentity): Promise<OpenFair[]> {
  const open = await db
    .select({ id: fairs.id, name: fairs.name, place: fairs.place, discountPercent: fairs.discountPercent })
    .from(fairs)
    .where(eq(fairs.status, "open"))
    .orderBy(asc(fairs.startsOn), asc(fairs.id));
  if (admin.role === "owner" || open.length === 0) return open;
  const sellers = await db
    .select()
    .from(fairSellers)
    .where(
      inArray(
        fairSellers.fairId,
        open.map((fair) => fair.id),
      ),
    );
  return open.filter((fair) => {
    const listed = sellers.filter((seller) => seller.fairId === fair.id);
    return listed.length === 0 || listed.some((seller) => seller.adminId === admin.id);
  });
}

/** The alias as a QR the buyer's camera reads (text, not a link), drawn here like the other QRs of the shop. */
async function aliasQr(alias: string): Promise<string> {
  const svg = await QRCode.toString(alias, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * What the sale page needs to paint, and to keep working from its stored copy with no signal: the fairs,
 * the shop's bank details for a transfer (what the checkout shows every buyer), the invoicing threshold
 * above which ARCA asks to identify a final consumer, and whether this session is the shop's sale device.
 */
export async function salePageData(db: Db, admin: AdminIdentity, session: { saleDevice: boolean } | null) {
  const [settings, openFairs] = await Promise.all([getSettings(db), openFairsFor(db, admin)]);
  const { holder, bank, cbu, alias, cuit } = settings.bank;
  return {
    seller: admin.email,
    saleDevice: session?.saleDevice ?? false,
    fairs: openFairs,
    bank: { holder, bank, cbu, alias, cuit, aliasQr: await aliasQr(alias) },
    /** Centavos; null when the shop does not invoice (nobody must be identified). */
    identifyFromCents: settings.invoicing.enabled ? settings.invoicing.identifyConsumerFrom * 100 : null,
    issuesFacturaA: settings.fiscal.taxCondition === "responsable_inscripto",
  };
}

export type SalePageData = Awaited<ReturnType<typeof salePageData>>;
