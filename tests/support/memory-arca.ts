import { ArcaInternalError, ArcaRejected, ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaApi, AuthorizedVoucher, CaeRequest } from "~/integrations/arca/types";

type Fault =
  /** Authorised and stored; the answer is lost (a timeout after ARCA committed). */
  | "authorise-then-lose"
  /** Never arrives (a dropped connection): nothing authorised. */
  | "unreachable"
  /** ARCA's own error in the answer (501 "Error interno de base de datos"): nothing authorised. */
  | "internal"
  /**
   * Accepted, committed only when the test calls `commitLate()`: until then the number is not ARCA's last
   * and FECompConsultar does not find it, and any other request of that sequence times out behind it.
   */
  | "late"
  | { reject: string; code?: number };

/**
 * ARCA's numbering rules in memory, for the invoicing core's unit tests (the SOAP fake in
 * tests/support/fake-arca.ts tests the client itself): last number per point of sale and type, a number
 * that is not last + 1 refused with 10016 (also a date before the last voucher's), and faults to inject.
 */
export function memoryArca(cuit = "30716543214") {
  const vouchers = new Map<string, AuthorizedVoucher & { request: CaeRequest }>();
  const key = (pos: number, type: number, number: number) => `${pos}-${type}-${number}`;
  const calls = { lastAuthorized: 0, requestCae: 0, findVoucher: 0 };
  let caeCounter = 71_000_000_000_000;
  const faults: Fault[] = [];
  const pending = new Map<string, () => void>();
  const inSequence = (pos: number, type: number) =>
    [...vouchers.values()].filter((v) => v.pointOfSale === pos && v.voucherType === type);
  const last = (pos: number, type: number) => Math.max(0, ...inSequence(pos, type).map((v) => v.number));

  function authorise(request: CaeRequest): string {
    const cae = String(++caeCounter);
    vouchers.set(key(request.pointOfSale, request.voucherType, request.number), {
      pointOfSale: request.pointOfSale,
      voucherType: request.voucherType,
      number: request.number,
      date: request.date,
      docType: request.docType,
      docNumber: request.docNumber,
      totalCents: request.totalCents,
      netCents: request.netCents,
      exemptCents: request.exemptCents,
      vatCents: request.vatCents,
      associated: (request.associated ?? []).map(({ voucherType, pointOfSale, number }) => ({
        voucherType,
        pointOfSale,
        number,
      })),
      cae,
      caeExpiry: "2026-12-31",
      request,
    });
    return cae;
  }

  const api: ArcaApi = {
    environment: "homologacion",
    cuit,
    async lastAuthorized(pos, type) {
      calls.lastAuthorized++;
      return last(pos, type);
    },
    async requestCae(request) {
      calls.requestCae++;
      const sequence = `${request.pointOfSale}-${request.voucherType}`;
      // Serialised per sequence: a request behind an uncommitted one waits past the caller's timeout.
      if (pending.has(sequence)) throw new ArcaUnavailable("ARCA no respondió a tiempo (pedir el CAE, 3 s)");
      const fault = faults.shift();
      if (fault === "unreachable") throw new ArcaUnavailable("No se pudo conectar con ARCA (pedir el CAE)");
      if (fault === "internal") {
        throw new ArcaInternalError([{ code: 501, message: "Error interno de base de datos" }], "pedir el CAE");
      }
      if (fault && typeof fault === "object") {
        throw new ArcaRejected([{ code: fault.code ?? 10015, message: fault.reject }]);
      }
      const previous = inSequence(request.pointOfSale, request.voucherType).find(
        (v) => v.number === last(request.pointOfSale, request.voucherType),
      );
      if (
        request.number !== last(request.pointOfSale, request.voucherType) + 1 ||
        (previous && request.date < previous.date)
      ) {
        throw new ArcaRejected([
          { code: 10016, message: "El numero o fecha del comprobante no se corresponde con el proximo a autorizar." },
        ]);
      }
      // RG 5616: the receiver's condition must suit the voucher's class (FEParamGetCondicionIvaReceptor).
      const letter = [1, 3].includes(request.voucherType) ? "A" : [6, 8].includes(request.voucherType) ? "B" : "C";
      const forA = [1, 6, 13, 16].includes(request.receiverTaxCondition);
      if (
        (letter === "A" && !forA) ||
        (letter === "B" && forA) ||
        (request.docType === 99 && request.receiverTaxCondition !== 5)
      ) {
        throw new ArcaRejected([
          { code: 10243, message: "El campo Condicion IVA receptor no es valido para la clase de comprobante." },
        ]);
      }
      if (request.totalCents !== request.netCents + request.exemptCents + request.vatCents) {
        throw new ArcaRejected([{ code: 10048, message: "ImpTotal no suma" }]);
      }
      if (fault === "late") {
        pending.set(sequence, () => authorise(request));
        throw new ArcaUnavailable("ARCA no respondió a tiempo (pedir el CAE, 3 s)");
      }
      const cae = authorise(request);
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
    inject: (...next: Fault[]) => faults.push(...next),
    /** ARCA commits the requests it accepted late ("late"), as it finally does. */
    commitLate() {
      for (const [sequence, commit] of pending) {
        pending.delete(sequence);
        commit();
      }
    },
    /** A voucher authorised outside the shop (ARCA's portal, another system) takes the next number. */
    authoriseElsewhere(request: CaeRequest) {
      return authorise(request);
    },
  };
}
