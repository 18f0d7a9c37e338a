import { ArcaRejected, ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaApi, AuthorizedVoucher, CaeRequest } from "~/integrations/arca/types";

/**
 * ARCA's numbering rules in memory, for the invoicing core's unit tests (the SOAP fake in
 * tests/support/fake-arca.ts tests the client itself): last number per point of sale and type, a
 * number that is not last + 1 refused with 10016, and faults to inject — authorise and then lose the
 * answer, fail before arriving, reject.
 */
export function memoryArca(cuit = "30716543214") {
  const vouchers = new Map<string, AuthorizedVoucher & { request: CaeRequest }>();
  const key = (pos: number, type: number, number: number) => `${pos}-${type}-${number}`;
  const calls = { lastAuthorized: 0, requestCae: 0, findVoucher: 0 };
  let caeCounter = 71_000_000_000_000;
  const faults: ("authorise-then-lose" | "unreachable" | { reject: string })[] = [];
  const last = (pos: number, type: number) =>
    Math.max(
      0,
      ...[...vouchers.values()].filter((v) => v.pointOfSale === pos && v.voucherType === type).map((v) => v.number),
    );

  const api: ArcaApi = {
    environment: "homologacion",
    cuit,
    async lastAuthorized(pos, type) {
      calls.lastAuthorized++;
      return last(pos, type);
    },
    async requestCae(request) {
      calls.requestCae++;
      const fault = faults.shift();
      if (fault === "unreachable") throw new ArcaUnavailable("ARCA no respondió a tiempo");
      if (fault && typeof fault === "object") throw new ArcaRejected([{ code: 10015, message: fault.reject }]);
      if (request.number !== last(request.pointOfSale, request.voucherType) + 1) {
        throw new ArcaRejected([
          { code: 10016, message: "El numero o fecha del comprobante no se corresponde con el proximo a autorizar." },
        ]);
      }
      if (request.totalCents !== request.netCents + request.exemptCents + request.vatCents) {
        throw new ArcaRejected([{ code: 10048, message: "ImpTotal no suma" }]);
      }
      const cae = String(++caeCounter);
      vouchers.set(key(request.pointOfSale, request.voucherType, request.number), {
        pointOfSale: request.pointOfSale,
        voucherType: request.voucherType,
        number: request.number,
        date: request.date,
        docType: request.docType,
        docNumber: request.docNumber,
        totalCents: request.totalCents,
        cae,
        caeExpiry: "2026-12-31",
        request,
      });
      if (fault === "authorise-then-lose") throw new ArcaUnavailable("ARCA no respondió a tiempo");
      return { cae, caeExpiry: "2026-12-31", observations: [] };
    },
    async findVoucher(pos, type, number) {
      calls.findVoucher++;
      return vouchers.get(key(pos, type, number)) ?? null;
    },
    async pointsOfSale() {
      return [{ number: 1, emission: "CAE", blocked: false }];
    },
    async status() {
      return { app: "OK", db: "OK", auth: "OK" };
    },
  };
  return {
    api,
    vouchers,
    calls,
    /** The next requestCae calls misbehave, in order. */
    inject: (...next: typeof faults) => faults.push(...next),
  };
}
