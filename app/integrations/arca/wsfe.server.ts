import type { Db } from "~db/index";
import type { ArcaConfig } from "./config";
import { ARCA_INTERNAL_ERRORS, ArcaInternalError, ArcaRejected, ArcaUnavailable } from "./errors";
import { soapCall, xmlText } from "./soap.server";
import type { ArcaApi, ArcaMessage, AuthorizedVoucher, CaeRequest, CaeResult, PointOfSale } from "./types";
import { type Ticket, ticketKeeper } from "./wsaa.server";

const FEV1 = "http://ar.gov.afip.dif.FEV1/";

/** ARCA's "no results" (FECompConsultar of a number it does not hold, FEParamGet* with nothing to list). */
export const NO_RESULTS = 602;

export interface ArcaClientSetup {
  db: Db;
  config: ArcaConfig;
  /** Each SOAP call, in ms (default 20 s). */
  timeoutMs?: number;
}

type Node = Record<string, unknown>;

/** Centavos as ARCA's decimal with two places: 123456 → "1234.56". */
export function arcaAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`importe inválido: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** ARCA's decimal ("1234.56", "1234.5", "1234") as centavos. */
export const centsOf = (text: unknown): number => Math.round(Number(String(text ?? "0")) * 100);

/** "yyyy-mm-dd" → ARCA's "yyyymmdd", and back. */
export const arcaDate = (day: string) => day.replaceAll("-", "");
export const isoDate = (text: unknown) => {
  const raw = String(text ?? "");
  return /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : raw;
};

const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);

function messages(container: unknown, item: "Err" | "Obs"): ArcaMessage[] {
  return list((container as Node | undefined)?.[item]).map((entry) => ({
    code: Number(entry.Code),
    message: String(entry.Msg ?? ""),
  }));
}

/** WSFE's refusal of the Auth block: the ticket is unknown, forged or expired (error 600, ValidacionDeToken). */
const isTicketError = (error: ArcaMessage) =>
  error.code === 600 || /ValidacionDeToken|token.{0,40}(expir|venci|inv[aá]lid)/i.test(error.message);

/** FECAESolicitar's detail for one voucher, in ARCA's element order. */
function caeRequestXml(request: CaeRequest): string {
  const vat = request.vat.length
    ? `<ar:Iva>${request.vat
        .map(
          (rate) =>
            `<ar:AlicIva><ar:Id>${rate.id}</ar:Id><ar:BaseImp>${arcaAmount(rate.baseCents)}</ar:BaseImp><ar:Importe>${arcaAmount(rate.amountCents)}</ar:Importe></ar:AlicIva>`,
        )
        .join("")}</ar:Iva>`
    : "";
  const associated = request.associated?.length
    ? `<ar:CbtesAsoc>${request.associated
        .map(
          (voucher) =>
            `<ar:CbteAsoc><ar:Tipo>${voucher.voucherType}</ar:Tipo><ar:PtoVta>${voucher.pointOfSale}</ar:PtoVta><ar:Nro>${voucher.number}</ar:Nro><ar:Cuit>${xmlText(voucher.cuit)}</ar:Cuit><ar:CbteFch>${arcaDate(voucher.date)}</ar:CbteFch></ar:CbteAsoc>`,
        )
        .join("")}</ar:CbtesAsoc>`
    : "";
  return `<ar:FeCAEReq><ar:FeCabReq><ar:CantReg>1</ar:CantReg><ar:PtoVta>${request.pointOfSale}</ar:PtoVta><ar:CbteTipo>${request.voucherType}</ar:CbteTipo></ar:FeCabReq><ar:FeDetReq><ar:FECAEDetRequest><ar:Concepto>1</ar:Concepto><ar:DocTipo>${request.docType}</ar:DocTipo><ar:DocNro>${xmlText(request.docNumber)}</ar:DocNro><ar:CbteDesde>${request.number}</ar:CbteDesde><ar:CbteHasta>${request.number}</ar:CbteHasta><ar:CbteFch>${arcaDate(request.date)}</ar:CbteFch><ar:ImpTotal>${arcaAmount(request.totalCents)}</ar:ImpTotal><ar:ImpTotConc>0.00</ar:ImpTotConc><ar:ImpNeto>${arcaAmount(request.netCents)}</ar:ImpNeto><ar:ImpOpEx>${arcaAmount(request.exemptCents)}</ar:ImpOpEx><ar:ImpTrib>0.00</ar:ImpTrib><ar:ImpIVA>${arcaAmount(request.vatCents)}</ar:ImpIVA><ar:MonId>PES</ar:MonId><ar:MonCotiz>1</ar:MonCotiz><ar:CondicionIVAReceptorId>${request.receiverTaxCondition}</ar:CondicionIVAReceptorId>${associated}${vat}</ar:FECAEDetRequest></ar:FeDetReq></ar:FeCAEReq>`;
}

/**
 * The real WSFEv1 client (INTEGRATIONS.md, "ARCA"): logs in through the shared WSAA ticket, writes each
 * call's envelope, and maps ARCA's answers to our types. A WSFE refusal of the ticket (expired, revoked)
 * drops it and repeats the call once with a new login.
 */
export function arcaClient(setup: ArcaClientSetup): ArcaApi {
  const { config } = setup;
  const timeoutMs = setup.timeoutMs ?? 20_000;
  const tickets = ticketKeeper({ db: setup.db, config, timeoutMs });

  async function call(method: string, inner: string, what: string): Promise<Node> {
    const answer = await soapCall({
      url: config.wsfeUrl,
      action: `${FEV1}${method}`,
      namespaces: { ar: FEV1 },
      body: `<ar:${method}>${inner}</ar:${method}>`,
      timeoutMs,
      what,
    });
    if (answer.fault) {
      throw new ArcaUnavailable(`ARCA respondió con un error interno (${what}): ${answer.fault.message}`);
    }
    const result = (answer.body[`${method}Response`] as Node | undefined)?.[`${method}Result`];
    if (!result || typeof result !== "object") {
      throw new ArcaUnavailable(`ARCA respondió sin resultado (${what})`);
    }
    return result as Node;
  }

  const auth = (ticket: Ticket) =>
    `<ar:Auth><ar:Token>${xmlText(ticket.token)}</ar:Token><ar:Sign>${xmlText(ticket.sign)}</ar:Sign><ar:Cuit>${config.cuit}</ar:Cuit></ar:Auth>`;

  /**
   * A call with Auth; its Errors come back for the caller to read (602 means different things). ARCA's own
   * errors (500/501/502) throw `ArcaInternalError`. A refused ticket (600) is renewed once (`tickets.refused`:
   * a new login, or the same ticket kept when ARCA says it is still valid) and the call repeated; refused
   * again, the call is `ArcaUnavailable` — it was not processed, and the worker tries later.
   */
  async function authorised(
    method: string,
    inner: string,
    what: string,
  ): Promise<{ result: Node; errors: ArcaMessage[] }> {
    let ticket = await tickets.ticket();
    for (let attempt = 0; ; attempt++) {
      const result = await call(method, auth(ticket) + inner, what);
      const errors = messages(result.Errors, "Err");
      if (errors.some(isTicketError)) {
        if (attempt > 0) {
          throw new ArcaUnavailable(
            `ARCA rechazó el ticket de acceso (${errors.map((error) => `${error.code} ${error.message}`).join("; ")}) al ${what}; se reintenta.`,
          );
        }
        ticket = await tickets.refused(ticket);
        continue;
      }
      if (errors.some((error) => ARCA_INTERNAL_ERRORS.has(error.code))) throw new ArcaInternalError(errors, what);
      return { result, errors };
    }
  }

  return {
    environment: config.environment,
    cuit: config.cuit,

    async lastAuthorized(pointOfSale, voucherType) {
      const { result, errors } = await authorised(
        "FECompUltimoAutorizado",
        `<ar:PtoVta>${pointOfSale}</ar:PtoVta><ar:CbteTipo>${voucherType}</ar:CbteTipo>`,
        "consultar el último comprobante autorizado",
      );
      if (errors.length > 0) throw new ArcaRejected(errors);
      return Number(result.CbteNro ?? 0);
    },

    async requestCae(request): Promise<CaeResult> {
      const { result, errors } = await authorised("FECAESolicitar", caeRequestXml(request), "pedir el CAE");
      const detail = list((result.FeDetResp as Node | undefined)?.FECAEDetResponse)[0];
      const observations = messages(detail?.Observaciones, "Obs");
      if (detail?.Resultado === "A" && detail.CAE) {
        return { cae: String(detail.CAE), caeExpiry: isoDate(detail.CAEFchVto), observations };
      }
      if (errors.length > 0 || detail?.Resultado === "R" || (result.FeCabResp as Node | undefined)?.Resultado === "R") {
        throw new ArcaRejected(errors, observations);
      }
      throw new ArcaUnavailable("ARCA respondió el pedido de CAE sin aprobarlo ni rechazarlo");
    },

    async findVoucher(pointOfSale, voucherType, number): Promise<AuthorizedVoucher | null> {
      const { result, errors } = await authorised(
        "FECompConsultar",
        `<ar:FeCompConsReq><ar:CbteTipo>${voucherType}</ar:CbteTipo><ar:CbteNro>${number}</ar:CbteNro><ar:PtoVta>${pointOfSale}</ar:PtoVta></ar:FeCompConsReq>`,
        "consultar un comprobante",
      );
      if (errors.some((error) => error.code === NO_RESULTS)) return null;
      if (errors.length > 0) throw new ArcaRejected(errors);
      const found = result.ResultGet as Node | undefined;
      if (!found) return null;
      return {
        pointOfSale: Number(found.PtoVta ?? pointOfSale),
        voucherType: Number(found.CbteTipo ?? voucherType),
        number: Number(found.CbteDesde ?? number),
        date: isoDate(found.CbteFch),
        docType: Number(found.DocTipo),
        docNumber: String(found.DocNro ?? ""),
        totalCents: centsOf(found.ImpTotal),
        netCents: centsOf(found.ImpNeto),
        exemptCents: centsOf(found.ImpOpEx),
        vatCents: centsOf(found.ImpIVA),
        associated: list((found.CbtesAsoc as Node | undefined)?.CbteAsoc).map((entry) => ({
          voucherType: Number(entry.Tipo),
          pointOfSale: Number(entry.PtoVta),
          number: Number(entry.Nro),
        })),
        cae: String(found.CodAutorizacion ?? ""),
        caeExpiry: isoDate(found.FchVto),
      };
    },

    async pointsOfSale(): Promise<PointOfSale[]> {
      const { result, errors } = await authorised("FEParamGetPtosVenta", "", "listar los puntos de venta");
      if (errors.some((error) => error.code === NO_RESULTS)) return [];
      if (errors.length > 0) throw new ArcaRejected(errors);
      return list((result.ResultGet as Node | undefined)?.PtoVenta).map((entry) => ({
        number: Number(entry.Nro),
        emission: String(entry.EmisionTipo ?? ""),
        blocked: String(entry.Bloqueado ?? "N").toUpperCase() === "S",
      }));
    },

    async status() {
      const result = await call("FEDummy", "", "consultar el estado de ARCA");
      return {
        app: String(result.AppServer ?? ""),
        db: String(result.DbServer ?? ""),
        auth: String(result.AuthServer ?? ""),
      };
    },
  };
}
