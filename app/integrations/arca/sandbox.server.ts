import { randomInt } from "node:crypto";
import { and, eq, max } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import { isUniqueViolation } from "~db/errors";
import type { Db } from "~db/index";
import { arcaSandboxVouchers } from "~db/schema";
import { ArcaRejected } from "./errors";
import type { ArcaApi, AuthorizedVoucher, CaeRequest, PointOfSale } from "./types";

/** ARCA's codes the sandbox answers with, so the invoicing worker meets the same refusals as in homologación. */
export const NOT_NEXT_NUMBER = 10016;
export const TOTAL_MISMATCH = 10048;

/** A 14-digit CAE-looking number (not ARCA's: the sandbox's vouchers have no fiscal validity). */
const fakeCae = () => `${randomInt(1, 10)}${String(randomInt(0, 10 ** 13)).padStart(13, "0")}`;

/**
 * The demo shop's built-in ARCA (environment "sandbox"): it numbers vouchers per point of sale and type in
 * `arca_sandbox_vouchers` exactly as ARCA does (only last + 1, error 10016 otherwise; the primary key
 * settles two requests for the same number) and answers a made-up CAE valid for 10 days. The invoices it
 * authorises are printed "COMPROBANTE DE PRUEBA — sin validez fiscal".
 */
export function arcaSandbox(db: Db, cuit: string): ArcaApi {
  const voucherKey = (pointOfSale: number, voucherType: number) =>
    and(
      eq(arcaSandboxVouchers.cuit, cuit),
      eq(arcaSandboxVouchers.pointOfSale, pointOfSale),
      eq(arcaSandboxVouchers.voucherType, voucherType),
    );

  async function lastAuthorized(pointOfSale: number, voucherType: number): Promise<number> {
    const [row] = await db
      .select({ last: max(arcaSandboxVouchers.number) })
      .from(arcaSandboxVouchers)
      .where(voucherKey(pointOfSale, voucherType));
    return row?.last ?? 0;
  }

  const notNext = (last: number) =>
    new ArcaRejected([
      {
        code: NOT_NEXT_NUMBER,
        message: `El número de comprobante informado debe ser el próximo a autorizar (último autorizado: ${last})`,
      },
    ]);

  return {
    environment: "sandbox",
    cuit,
    lastAuthorized,

    async requestCae(request: CaeRequest) {
      if (request.netCents + request.exemptCents + request.vatCents !== request.totalCents) {
        throw new ArcaRejected([
          {
            code: TOTAL_MISMATCH,
            message: "El importe total debe ser igual a la suma del neto, el exento y el IVA",
          },
        ]);
      }
      const last = await lastAuthorized(request.pointOfSale, request.voucherType);
      if (request.number !== last + 1) throw notNext(last);
      const result = { cae: fakeCae(), caeExpiry: addDays(request.date, 10), observations: [] };
      try {
        await db.insert(arcaSandboxVouchers).values({
          cuit,
          pointOfSale: request.pointOfSale,
          voucherType: request.voucherType,
          number: request.number,
          cae: result.cae,
          caeExpiry: result.caeExpiry,
          data: { ...request },
        });
      } catch (error) {
        // Another request took this number between our read and our insert.
        if (isUniqueViolation(error)) throw notNext(request.number);
        throw error;
      }
      return result;
    },

    async findVoucher(pointOfSale, voucherType, number): Promise<AuthorizedVoucher | null> {
      const [row] = await db
        .select()
        .from(arcaSandboxVouchers)
        .where(and(voucherKey(pointOfSale, voucherType), eq(arcaSandboxVouchers.number, number)));
      if (!row) return null;
      const request = row.data as unknown as CaeRequest;
      return {
        pointOfSale,
        voucherType,
        number,
        date: request.date,
        docType: request.docType,
        docNumber: request.docNumber,
        totalCents: request.totalCents,
        netCents: request.netCents,
        exemptCents: request.exemptCents,
        vatCents: request.vatCents,
        associated: (request.associated ?? []).map((voucher) => ({
          voucherType: voucher.voucherType,
          pointOfSale: voucher.pointOfSale,
          number: voucher.number,
        })),
        cae: row.cae,
        caeExpiry: row.caeExpiry,
      };
    },

    async pointsOfSale(): Promise<PointOfSale[]> {
      const used = await db
        .selectDistinct({ number: arcaSandboxVouchers.pointOfSale })
        .from(arcaSandboxVouchers)
        .where(eq(arcaSandboxVouchers.cuit, cuit));
      const numbers = [...new Set([1, ...used.map((row) => row.number)])].sort((a, b) => a - b);
      return numbers.map((number) => ({ number, emission: "CAE", blocked: false }));
    },

    async status() {
      return { app: "OK", db: "OK", auth: "OK" };
    },
  };
}
