import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { CmsRefused, verifiedTra } from "./fake-arca-cms";

/**
 * ARCA's WSAA and WSFEv1 on loopback (port 0), speaking SOAP 1.1 as ARCA does (INTEGRATIONS.md, "ARCA"), at its
 * worst when asked to be.
 *
 * WSAA (`/ws/services/LoginCms`) really checks the CMS: the signer's certificate must be the trusted one,
 * the messageDigest attribute the SHA-256 of the TRA, the RSA signature valid over the authenticated
 * attributes (DER, as a SET), the service "wsfe" and the TRA's time window around now. It refuses a second
 * login while its ticket is valid (coe.alreadyAuthenticated), as ARCA does.
 *
 * WSFE (`/wsfev1/service.asmx`) checks Auth (token, sign, CUIT: 600/601) and validates FECAESolicitar as the
 * manual (RG 4291, "Validaciones y errores" of FECAESolicitar) describes, in this order:
 * - 10002 CantReg and CbteHasta; 10016 a number that is not last + 1, or a CbteFch earlier than the last
 *   voucher's of that sequence (an Err, with ARCA's message); 10016 again, as an observation with Resultado R
 *   and ARCA's own wording, for a Concepto 1 CbteFch outside today ± 5 days (Buenos Aires); 10152 a future
 *   CbteFch in another month;
 * - 10013 class A without DocTipo 80; 10015 DocTipo 99 with a DocNro other than 0, or DocTipo 80/86 whose
 *   DocNro is not 11 digits with a valid CUIT check digit (mod 11); 10243 DocTipo 99 with a receiver that is
 *   not 5 (Consumidor Final);
 * - 10048 ImpTotal vs the sum of the parts, with ARCA's margin (error absoluto <= 0.01 or relativo <= 0.01%);
 * - 10246 CondicionIVAReceptorId missing, 10242 a value that is no condition at all, 10243 one that is not
 *   valid for the voucher's class (FEParamGetCondicionIvaReceptor's table, RECEIVER_CONDITIONS below);
 * - 10071 IVA on a type C voucher; 10119 currency;
 * - 10019 an AlicIva Id that is not one of ARCA's rates; 10051 an AlicIva Importe that is not BaseImp × rate;
 *   10061 the BaseImp not adding up to ImpNeto; 10023 the Importe not adding up to ImpIVA (each with ARCA's
 *   margin; 10051 and 10061 not checked on debit and credit notes 2, 3, 7, 8, as the manual says).
 * It keeps the last number and date per point of sale and type, and answers FECompUltimoAutorizado,
 * FECompConsultar (602 when it holds none; with CbtesAsoc and CondicionIVAReceptorId), FEParamGetPtosVenta and
 * FEDummy.
 *
 * Failures on demand (each consumed by the calls it applies to):
 * - `failNext(method, error)`: the next call of `method` answers Errors with that error;
 * - `rejectNext(obs)` / `observeNext(obs)`: the next FECAESolicitar is rejected (R) / authorised with that
 *   observation;
 * - `authoriseThenHang(count)`: the next vouchers are authorised and stored, and their answer never comes;
 * - `commitLate(delayMs, count)`: the next vouchers that pass validation are committed only `delayMs` later
 *   (until then FECompUltimoAutorizado says the previous number and FECompConsultar 602); other
 *   FECAESolicitar of that sequence wait for the commit before being validated; the answer is written at
 *   commit time if the caller is still there;
 * - `internalErrorNext(method, code, count)`: ARCA's own 500/501/502 in Errors, nothing authorised;
 * - `httpErrorNext(status, count)`: the next WSFE calls get that HTTP status and a proxy's HTML page;
 * - `setLatency(ms)`: every WSFE answer and WSAA login is delayed by `ms` (after the work is done);
 * - `chaos({ seed, ... })`: each FECAESolicitar draws, from a seeded PRNG, at most one of late commit,
 *   internal error (501/502), authorise-then-hang or a dropped connection; `chaos(null)` stops it;
 * - `expireTicket()`: ARCA's ticket runs out now.
 * `stats` counts the misbehaviours performed (on demand or by chaos).
 */
export interface FakeArcaVoucher {
  pointOfSale: number;
  voucherType: number;
  number: number;
  /** yyyymmdd, as sent. */
  date: string;
  docType: number;
  docNumber: string;
  receiverTaxCondition: number;
  total: string;
  net: string;
  exempt: string;
  vat: string;
  iva: { id: number; base: string; amount: string }[];
  /** CbtesAsoc as sent: Cuit and CbteFch (yyyymmdd) when the request carried them. */
  associated: { type: number; pointOfSale: number; number: number; cuit?: string; date?: string }[];
  cae: string;
  /** yyyymmdd. */
  caeExpiry: string;
}

export interface ArcaMessageSpec {
  code: number;
  message: string;
}

/** `chaos`'s odds, each per FECAESolicitar (their sum at most 1); one draw picks at most one misbehaviour. */
export interface FakeArcaChaos {
  seed: number;
  /** Accepted and committed `lateCommitMs` later (as `commitLate`). */
  lateCommitRate?: number;
  /** Default 1000. */
  lateCommitMs?: number;
  /** ARCA's 501 or 502 in Errors (half and half), nothing authorised. */
  internalErrorRate?: number;
  /** Authorised and stored, the answer never sent (as `authoriseThenHang`). */
  hangRate?: number;
  /** The connection is destroyed before anything is done (nothing authorised). */
  dropRate?: number;
}

/** What the fake did wrong so far, on demand or by chaos. */
export interface FakeArcaStats {
  lateCommits: number;
  internalErrors: number;
  hangs: number;
  drops: number;
  httpErrors: number;
}

export interface FakeArca {
  wsaaUrl: string;
  wsfeUrl: string;
  /** Requests received per method ("loginCms", "FECAESolicitar", ...), answered or not. */
  requests: Record<string, number>;
  /** Authorised (committed) vouchers by `${pointOfSale}-${voucherType}-${number}`. */
  vouchers: Map<string, FakeArcaVoucher>;
  stats: FakeArcaStats;
  /** The ticket WSAA handed out last (null before the first login). */
  ticket(): { token: string; sign: string; expiresAt: Date } | null;
  setLastNumber(pointOfSale: number, voucherType: number, number: number): void;
  lastNumber(pointOfSale: number, voucherType: number): number;
  /** Late commits accepted and not committed yet. */
  pendingCommits(): number;
  /** The next `count` FECAESolicitar are authorised and stored, and their answer never comes. */
  authoriseThenHang(count?: number): void;
  /**
   * The next `count` FECAESolicitar that pass validation are committed `delayMs` later (the voucher stored, the
   * last number advanced, the answer written if the socket is still open); meanwhile the sequence holds any
   * other FECAESolicitar, which is validated after the commit.
   */
  commitLate(delayMs: number, count?: number): void;
  /** The next `count` calls of `method` answer ARCA's own error `code` in Errors (FECAESolicitar: Resultado R). */
  internalErrorNext(method: string, code: 500 | 501 | 502, count?: number): void;
  /** The next `count` WSFE calls answer HTTP `status` with a proxy's HTML page (nothing authorised). */
  httpErrorNext(status: number, count?: number): void;
  /** Every WSFE answer and WSAA login leaves `ms` later (0: off). */
  setLatency(ms: number): void;
  /** Seeded misbehaviour for each FECAESolicitar; null turns it off. */
  chaos(options: FakeArcaChaos | null): void;
  /** The next call of `method` answers ARCA's Errors with this error (nothing is authorised). */
  failNext(method: string, error: ArcaMessageSpec): void;
  /** The next FECAESolicitar is authorised with this observation. */
  observeNext(observation: ArcaMessageSpec): void;
  /** The next FECAESolicitar is rejected (Resultado "R") with this observation; its number stays free. */
  rejectNext(observation: ArcaMessageSpec): void;
  /** ARCA's ticket runs out now: WSFE refuses it (600) and WSAA gives a new one. */
  expireTicket(): void;
  close(): Promise<void>;
}

const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const FEV1 = "http://ar.gov.afip.dif.FEV1/";
const TICKET_HOURS = 12;

/** ARCA's own errors (manual, "Tratamiento de errores en el WS"). */
const INTERNAL_ERRORS: Record<500 | 501 | 502, string> = {
  500: "Error interno de aplicación",
  501: "Error interno de base de datos",
  502: "Error interno de base de datos - Autorizador CAE - Transacción Activa",
};

/**
 * FEParamGetCondicionIvaReceptor: the receiver's conditions and the voucher classes they may receive (1, 6, 13,
 * 16 "A/M/C"; 4, 5, 7, 8, 9, 10, 15 "B/C").
 */
const RECEIVER_CONDITIONS: Record<number, string> = {
  1: "AC",
  4: "BC",
  5: "BC",
  6: "AC",
  7: "BC",
  8: "BC",
  9: "BC",
  10: "BC",
  13: "AC",
  15: "BC",
  16: "AC",
};

/** FEParamGetTiposIva: AlicIva Id → rate in thousandths. */
const VAT_RATES: Record<number, number> = { 3: 0, 4: 105, 5: 210, 6: 270, 8: 50, 9: 25 };

const voucherClass = (voucherType: number) =>
  [1, 2, 3, 4, 5].includes(voucherType) ? "A" : [6, 7, 8, 9, 10].includes(voucherType) ? "B" : "C";

/** Debit and credit notes A and B: ARCA skips 10051 and 10061 for them. */
const ADJUSTMENT_TYPES = [2, 3, 7, 8];

/**
 * ARCA's margin on amounts that must add up (10048, 10051, 10061, 10023): "Error relativo porcentual deberá ser
 * <= 0.01% o el error absoluto <= 0.01" (times the number of AlicIva for the sums over them). In centavos.
 */
function withinMargin(givenCents: number, expectedCents: number, terms = 1): boolean {
  const error = Math.abs(givenCents - expectedCents);
  return error <= terms + 1e-9 || (expectedCents !== 0 && error / Math.abs(expectedCents) <= 0.0001 + 1e-12);
}

/** A CUIT/CUIL: 11 digits, the last one the mod-11 check digit of the first ten. */
function validCuit(text: string): boolean {
  if (!/^\d{11}$/.test(text)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(text[index]), 0);
  const check = 11 - (sum % 11);
  return check !== 10 && (check === 11 ? 0 : check) === Number(text[10]);
}

/** mulberry32: a tiny seeded PRNG, enough for deterministic chaos. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === "AlicIva" || name === "CbteAsoc",
});

const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

const faultXml = (code: string, message: string) =>
  envelope(
    `<soap:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${code}</faultcode><faultstring>${xmlEscape(message)}</faultstring></soap:Fault>`,
  );

const errorsXml = (errors: ArcaMessageSpec[]) =>
  errors.length
    ? `<Errors>${errors.map((error) => `<Err><Code>${error.code}</Code><Msg>${xmlEscape(error.message)}</Msg></Err>`).join("")}</Errors>`
    : "";

const obsXml = (observations: ArcaMessageSpec[]) =>
  observations.length
    ? `<Observaciones>${observations.map((obs) => `<Obs><Code>${obs.code}</Code><Msg>${xmlEscape(obs.message)}</Msg></Obs>`).join("")}</Observaciones>`
    : "";

/** What a proxy in front of ARCA answers when ARCA is down: HTML, not SOAP. */
const proxyPage = (status: number) =>
  `<!DOCTYPE html><html><head><title>${status} ${STATUS_CODES[status] ?? "Error"}</title></head><body><h1>${status} ${STATUS_CODES[status] ?? "Error"}</h1><hr><center>nginx</center></body></html>`;

const cents = (text: unknown) => Math.round(Number(String(text ?? "0")) * 100);

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}

function addDaysToArcaDate(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return yyyymmdd(date);
}

/** Today in Buenos Aires, where ARCA counts "the date the request was sent", as yyyymmdd. */
const buenosAires = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" });
const todayAtArca = () => buenosAires.format(new Date()).replaceAll("-", "");

/** Whole days from yyyymmdd `from` to yyyymmdd `to`. */
const daysBetween = (from: string, to: string) =>
  Math.round(
    (Date.parse(`${to.slice(0, 4)}-${to.slice(4, 6)}-${to.slice(6, 8)}T00:00:00Z`) -
      Date.parse(`${from.slice(0, 4)}-${from.slice(4, 6)}-${from.slice(6, 8)}T00:00:00Z`)) /
      86_400_000,
  );

/** ARCA's wording of 10016 (number or date not the next one): an Err. */
const NOT_NEXT =
  "El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.";

/** A FECAESolicitar answer, and whether it is never sent (authorised, then hanging). */
interface Answer {
  xml: string;
  hang: boolean;
}

/** Per FECAESolicitar: chaos's pick, applied if the voucher passes validation. */
interface Misbehaviour {
  lateMs?: number;
  hang?: boolean;
}

export async function startFakeArca(options: { certificatePem: string; cuit?: string }): Promise<FakeArca> {
  const requests: Record<string, number> = {};
  const vouchers = new Map<string, FakeArcaVoucher>();
  const last = new Map<string, number>();
  const lastDate = new Map<string, string>();
  const failures = new Map<string, ArcaMessageSpec[]>();
  const internalFailures = new Map<string, (500 | 501 | 502)[]>();
  const httpFailures: number[] = [];
  const lateCommits: number[] = [];
  const observations: ArcaMessageSpec[] = [];
  const rejections: ArcaMessageSpec[] = [];
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  /** Per sequence, the late commit under way: other FECAESolicitar of that sequence wait for it. */
  const pending = new Map<string, Promise<void>>();
  const stats: FakeArcaStats = { lateCommits: 0, internalErrors: 0, hangs: 0, drops: 0, httpErrors: 0 };
  let hangCount = 0;
  let latencyMs = 0;
  let chaos: { options: FakeArcaChaos; next: () => number } | null = null;
  let closed = false;
  let ticket: { token: string; sign: string; expiresAt: Date } | null = null;

  const sequence = (pointOfSale: number, voucherType: number) => `${pointOfSale}-${voucherType}`;

  /** A pause close() can cancel (the promise then never settles; its socket is destroyed). */
  const pause = (ms: number) =>
    ms > 0
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.add(timer);
        })
      : Promise.resolve();

  function login(body: Node): string {
    const in0 = String((body.loginCms as Node | undefined)?.in0 ?? "");
    let tra: Node;
    try {
      tra = (parser.parse(verifiedTra(in0, options.certificatePem)) as Node).loginTicketRequest as Node;
    } catch (error) {
      if (error instanceof CmsRefused) return faultXml(error.code, error.message);
      return faultXml("xml.bad", "No se ha podido interpretar el XML contra el SCHEMA");
    }
    const header = (tra?.header ?? {}) as Node;
    const now = Date.now();
    const generation = Date.parse(String(header.generationTime ?? ""));
    const expiration = Date.parse(String(header.expirationTime ?? ""));
    if (!(generation <= now))
      return faultXml("xml.generationTime.invalid", "generationTime posee formato o dato inválido");
    if (!(expiration > now) || expiration - generation > 24 * 3600_000) {
      return faultXml("xml.expirationTime.invalid", "expirationTime posee formato o dato inválido");
    }
    if (tra.service !== "wsfe") return faultXml("coe.notAuthorized", "Computador no autorizado a acceder al servicio");
    if (ticket && ticket.expiresAt.getTime() > now) {
      return faultXml("coe.alreadyAuthenticated", "El CEE ya posee un TA valido para el acceso al WSN solicitado");
    }
    ticket = {
      token: randomBytes(48).toString("base64"),
      sign: randomBytes(32).toString("base64"),
      expiresAt: new Date(now + TICKET_HOURS * 3600_000),
    };
    const ta = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header><source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source><destination>CN=rizoma-tests</destination><uniqueId>${randomInt(1, 2 ** 31)}</uniqueId><generationTime>${new Date(now).toISOString()}</generationTime><expirationTime>${ticket.expiresAt.toISOString()}</expirationTime></header><credentials><token>${ticket.token}</token><sign>${ticket.sign}</sign></credentials></loginTicketResponse>`;
    return envelope(
      `<ns1:loginCmsResponse xmlns:ns1="http://wsaa.view.sua.dvadac.desein.afip.gov"><ns1:loginCmsReturn>${xmlEscape(ta)}</ns1:loginCmsReturn></ns1:loginCmsResponse>`,
    );
  }

  /** Auth's refusal, as WSFE words it, or null when token, sign and CUIT are right. */
  function authErrors(auth: Node | undefined): ArcaMessageSpec[] {
    if (!ticket || auth?.Token !== ticket.token || auth?.Sign !== ticket.sign) {
      return [{ code: 600, message: "ValidacionDeToken: No validaron las firmas digitales" }];
    }
    if (ticket.expiresAt.getTime() <= Date.now()) {
      return [
        { code: 600, message: "ValidacionDeToken: Error al verificar hash: VerificacionDeHash: El Token ha expirado." },
      ];
    }
    if (!/^\d{11}$/.test(String(auth?.Cuit ?? "")) || (options.cuit && auth?.Cuit !== options.cuit)) {
      return [{ code: 601, message: "CUIT representada no incluida en Token" }];
    }
    return [];
  }

  function store(voucher: FakeArcaVoucher) {
    vouchers.set(`${voucher.pointOfSale}-${voucher.voucherType}-${voucher.number}`, voucher);
    last.set(sequence(voucher.pointOfSale, voucher.voucherType), voucher.number);
    lastDate.set(sequence(voucher.pointOfSale, voucher.voucherType), voucher.date);
  }

  /** The first of FECAESolicitar's validations (manual, RG 4291) the detail fails, or null. */
  function refusalOf(
    cab: Node,
    det: Node,
    seq: string,
  ):
    | { errors: ArcaMessageSpec[]; observations?: undefined }
    | { errors?: undefined; observations: ArcaMessageSpec[] }
    | null {
    const voucherType = Number(cab.CbteTipo);
    const number = Number(det.CbteDesde);
    const kind = voucherClass(voucherType);
    const refuse = (code: number, message: string) => ({ errors: [{ code, message }] });
    if (Number(cab.CantReg) !== 1 || Number(det.CbteHasta) !== number) {
      return refuse(10002, "La cantidad de registros no coincide con CbteDesde y CbteHasta");
    }
    const expected = (last.get(seq) ?? 0) + 1;
    if (number !== expected) return refuse(10016, `${NOT_NEXT} (próximo: ${expected})`);
    // CbteFch: absent means today; never before the last voucher's date of the sequence (an Err, as 10016's
    // number); for products within today ± 5 days (ARCA answers that one as an observation, with these words).
    const today = todayAtArca();
    const date = String(det.CbteFch ?? "") || today;
    const previous = lastDate.get(seq);
    if (/^\d{8}$/.test(date) && previous && date < previous) return refuse(10016, NOT_NEXT);
    if (!/^\d{8}$/.test(date) || (Number(det.Concepto ?? 1) === 1 && Math.abs(daysBetween(today, date)) > 5)) {
      return {
        observations: [
          {
            code: 10016,
            message:
              "Campo CbteFch Debe estar comprendido  en el  rango  N-5 y N+5 siendo N la fecha de envio del pedido  de autorizacion para 1 - Productos",
          },
        ],
      };
    }
    if (date > today && date.slice(0, 6) !== today.slice(0, 6)) {
      // The manual's text of 10152 (no answer of ARCA's seen with it).
      return refuse(
        10152,
        "Si informa fecha de comprobante CbteFch para el Concepto 01 - Productos con fecha superior a la fecha de envio de autorizacion, el mes de la fecha del comprobante debe coincidir con el mes de la fecha de envio de autorizacion.",
      );
    }

    const docType = Number(det.DocTipo);
    const docNumber = String(det.DocNro ?? "");
    if (kind === "A" && docType !== 80) {
      return refuse(10013, "Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT).");
    }
    // 10015 is the manual's code for a DocTipo/DocNro that does not hold (a CUIT "not in ARCA's records": one
    // with a wrong check digit cannot be); its message here is the one users report, not one seen verbatim.
    if (docType === 99 && docNumber.replace(/^0+/, "") !== "") return refuse(10015, "El campo DocNro es invalido.");
    if ((docType === 80 || docType === 86) && !validCuit(docNumber)) {
      return refuse(10015, "El campo DocNro es invalido.");
    }

    const sum = ["ImpNeto", "ImpOpEx", "ImpIVA", "ImpTotConc", "ImpTrib"].reduce(
      (total, key) => total + cents(det[key]),
      0,
    );
    if (!withinMargin(cents(det.ImpTotal), sum)) {
      return refuse(
        10048,
        "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
      );
    }

    const rawCondition = String(det.CondicionIVAReceptorId ?? "").trim();
    if (rawCondition === "") {
      return refuse(
        10246,
        "Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General Nro 5616. Para mas informacion consular metodo FEParamGetCondicionIvaReceptor",
      );
    }
    const condition = Number(rawCondition);
    const classes = RECEIVER_CONDITIONS[condition];
    if (!classes) {
      return refuse(
        10242,
        "El campo Condicion IVA receptor no es un valor valido. Consular metodo FEParamGetCondicionIvaReceptor",
      );
    }
    // 10243 for a DocTipo 99 (an unidentified buyer) with a condition other than Consumidor Final is this fake's
    // choice: the manual names no code for that case.
    if (!classes.includes(kind) || (docType === 99 && condition !== 5)) {
      return refuse(
        10243,
        "El campo de identificacion de Condicion de IVA del receptor no es valido para la clase de comprobante informado. Para mas detalle consultar el Metodo: FEParamGetCondicionIvaReceptor",
      );
    }

    if (kind === "C" && (det.Iva !== undefined || cents(det.ImpIVA) !== 0)) {
      return refuse(10071, "Para comprobantes tipo C el objeto IVA no debe informarse.");
    }
    if (det.MonId !== "PES" || Number(det.MonCotiz) !== 1) {
      return refuse(10119, "Para comprobantes en pesos MonCotiz debe ser 1.");
    }

    if (kind !== "C") {
      const rates = ((det.Iva as Node | undefined)?.AlicIva ?? []) as Node[];
      for (const rate of rates) {
        const permille = VAT_RATES[Number(rate.Id)];
        if (permille === undefined) {
          return refuse(
            10019,
            "El campo Id en AlicIVA es obligatorio y debe ser un valor devuelto por FEParamGetTiposIva.",
          );
        }
        if (!ADJUSTMENT_TYPES.includes(voucherType)) {
          if (!withinMargin(cents(rate.Importe), (cents(rate.BaseImp) * permille) / 1000)) {
            return refuse(10051, "Los importes informados en AlicIVA no se corresponden con los porcentajes.");
          }
        }
      }
      if (rates.length > 0) {
        const bases = rates.reduce((total, rate) => total + cents(rate.BaseImp), 0);
        if (!ADJUSTMENT_TYPES.includes(voucherType) && !withinMargin(bases, cents(det.ImpNeto), rates.length)) {
          return refuse(
            10061,
            "La suma de los campos BaseImp en AlicIva debe ser igual al valor ingresado en ImpNeto.",
          );
        }
        const amounts = rates.reduce((total, rate) => total + cents(rate.Importe), 0);
        if (!withinMargin(amounts, cents(det.ImpIVA), rates.length)) {
          return refuse(10023, "La suma de los campos Importe en IVA debe ser igual al valor ingresado en ImpIVA.");
        }
      }
    }
    return null;
  }

  async function caeRequest(request: Node, misbehaviour: Misbehaviour): Promise<Answer> {
    const cab = ((request.FeCAEReq as Node)?.FeCabReq ?? {}) as Node;
    const det = (((request.FeCAEReq as Node)?.FeDetReq as Node)?.FECAEDetRequest ?? {}) as Node;
    const pointOfSale = Number(cab.PtoVta);
    const voucherType = Number(cab.CbteTipo);
    const number = Number(det.CbteDesde);
    const seq = sequence(pointOfSale, voucherType);
    const head = (result: "A" | "R") =>
      `<FeCabResp><Cuit>${xmlEscape(String(options.cuit ?? ""))}</Cuit><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo><FchProceso>${yyyymmdd(new Date())}120000</FchProceso><CantReg>1</CantReg><Resultado>${result}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
    const detail = (result: "A" | "R", inner: string) =>
      `<FeDetResp><FECAEDetResponse><Concepto>1</Concepto><DocTipo>${xmlEscape(String(det.DocTipo ?? ""))}</DocTipo><DocNro>${xmlEscape(String(det.DocNro ?? ""))}</DocNro><CbteDesde>${number}</CbteDesde><CbteHasta>${number}</CbteHasta><CbteFch>${xmlEscape(String(det.CbteFch ?? ""))}</CbteFch><Resultado>${result}</Resultado>${inner}</FECAEDetResponse></FeDetResp>`;
    const answer = (inner: string): Answer => ({
      xml: `<FECAESolicitarResponse xmlns="${FEV1}"><FECAESolicitarResult>${inner}</FECAESolicitarResult></FECAESolicitarResponse>`,
      hang: false,
    });
    const refuse = (errors: ArcaMessageSpec[]) => answer(`${head("R")}${errorsXml(errors)}`);

    const failure = failures.get("FECAESolicitar")?.shift();
    if (failure) return refuse([failure]);

    // A late commit holds its sequence: this request is validated once it has committed.
    for (let held = pending.get(seq); held; held = pending.get(seq)) await held;

    const refusal = refusalOf(cab, det, seq);
    if (refusal?.errors) return refuse(refusal.errors);
    if (refusal?.observations) return answer(`${head("R")}${detail("R", obsXml(refusal.observations))}`);
    const rejection = rejections.shift();
    if (rejection) return answer(`${head("R")}${detail("R", obsXml([rejection]))}`);
    const date = String(det.CbteFch ?? "") || todayAtArca();
    const ivaList = ((det.Iva as Node | undefined)?.AlicIva ?? []) as Node[];
    const voucher: FakeArcaVoucher = {
      pointOfSale,
      voucherType,
      number,
      date,
      docType: Number(det.DocTipo),
      docNumber: String(det.DocNro ?? ""),
      receiverTaxCondition: Number(det.CondicionIVAReceptorId),
      total: String(det.ImpTotal),
      net: String(det.ImpNeto),
      exempt: String(det.ImpOpEx),
      vat: String(det.ImpIVA),
      iva: ivaList.map((rate) => ({ id: Number(rate.Id), base: String(rate.BaseImp), amount: String(rate.Importe) })),
      associated: (((det.CbtesAsoc as Node | undefined)?.CbteAsoc ?? []) as Node[]).map((entry) => ({
        type: Number(entry.Tipo),
        pointOfSale: Number(entry.PtoVta),
        number: Number(entry.Nro),
        ...(entry.Cuit !== undefined && entry.Cuit !== "" ? { cuit: String(entry.Cuit) } : {}),
        ...(entry.CbteFch !== undefined && entry.CbteFch !== "" ? { date: String(entry.CbteFch) } : {}),
      })),
      cae: `7${String(randomInt(0, 10 ** 13)).padStart(13, "0")}`,
      caeExpiry: addDaysToArcaDate(date, 10),
    };
    const observation = observations.shift();
    const result = answer(
      `${head("A")}${detail("A", `${obsXml(observation ? [observation] : [])}<CAE>${voucher.cae}</CAE><CAEFchVto>${voucher.caeExpiry}</CAEFchVto>`)}`,
    );

    const lateMs = misbehaviour.lateMs ?? lateCommits.shift();
    if (lateMs !== undefined) {
      stats.lateCommits++;
      let committed = () => {};
      pending.set(
        seq,
        new Promise<void>((resolve) => {
          committed = resolve;
        }),
      );
      await pause(lateMs);
      store(voucher);
      pending.delete(seq);
      committed();
    } else {
      store(voucher);
    }
    if (misbehaviour.hang || hangCount > 0) {
      if (!misbehaviour.hang) hangCount--;
      stats.hangs++;
      return { ...result, hang: true };
    }
    return result;
  }

  async function wsfe(method: string, request: Node, misbehaviour: Misbehaviour): Promise<Answer> {
    const wrap = (inner: string): Answer => ({
      xml: `<${method}Response xmlns="${FEV1}"><${method}Result>${inner}</${method}Result></${method}Response>`,
      hang: false,
    });
    /** Errors as ARCA answers them: FECAESolicitar with its header R, FECompUltimoAutorizado with zeros. */
    const failed = (errors: ArcaMessageSpec[]) => {
      if (method === "FECAESolicitar") {
        const cab = ((request.FeCAEReq as Node)?.FeCabReq ?? {}) as Node;
        return wrap(
          `<FeCabResp><Cuit>${xmlEscape(String(options.cuit ?? ""))}</Cuit><PtoVta>${Number(cab.PtoVta)}</PtoVta><CbteTipo>${Number(cab.CbteTipo)}</CbteTipo><FchProceso>${yyyymmdd(new Date())}120000</FchProceso><CantReg>1</CantReg><Resultado>R</Resultado><Reproceso>N</Reproceso></FeCabResp>${errorsXml(errors)}`,
        );
      }
      if (method === "FECompUltimoAutorizado") {
        return wrap(`<PtoVta>0</PtoVta><CbteTipo>0</CbteTipo><CbteNro>0</CbteNro>${errorsXml(errors)}`);
      }
      return wrap(errorsXml(errors));
    };
    const internal = internalFailures.get(method)?.shift();
    if (internal) {
      stats.internalErrors++;
      return failed([{ code: internal, message: INTERNAL_ERRORS[internal] }]);
    }
    if (method === "FEDummy")
      return wrap("<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>");
    const refused = authErrors(request.Auth as Node | undefined);
    if (refused.length) return wrap(errorsXml(refused));
    if (method === "FECAESolicitar") return caeRequest(request, misbehaviour);
    const failure = failures.get(method)?.shift();
    if (failure) return wrap(errorsXml([failure]));
    if (method === "FECompUltimoAutorizado") {
      const pointOfSale = Number(request.PtoVta);
      const voucherType = Number(request.CbteTipo);
      return wrap(
        `<PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo><CbteNro>${last.get(sequence(pointOfSale, voucherType)) ?? 0}</CbteNro>`,
      );
    }
    if (method === "FECompConsultar") {
      const query = (request.FeCompConsReq ?? {}) as Node;
      const voucher = vouchers.get(`${Number(query.PtoVta)}-${Number(query.CbteTipo)}-${Number(query.CbteNro)}`);
      if (!voucher) {
        return wrap(
          errorsXml([{ code: 602, message: "No existen datos en nuestros registros para los parametros ingresados." }]),
        );
      }
      const associated = voucher.associated.length
        ? `<CbtesAsoc>${voucher.associated
            .map(
              (entry) =>
                `<CbteAsoc><Tipo>${entry.type}</Tipo><PtoVta>${entry.pointOfSale}</PtoVta><Nro>${entry.number}</Nro>${entry.cuit !== undefined ? `<Cuit>${xmlEscape(entry.cuit)}</Cuit>` : ""}${entry.date !== undefined ? `<CbteFch>${xmlEscape(entry.date)}</CbteFch>` : ""}</CbteAsoc>`,
            )
            .join("")}</CbtesAsoc>`
        : "";
      const iva = voucher.iva.length
        ? `<Iva>${voucher.iva.map((rate) => `<AlicIva><Id>${rate.id}</Id><BaseImp>${Number(rate.base)}</BaseImp><Importe>${Number(rate.amount)}</Importe></AlicIva>`).join("")}</Iva>`
        : "";
      return wrap(
        `<ResultGet><Concepto>1</Concepto><DocTipo>${voucher.docType}</DocTipo><DocNro>${voucher.docNumber}</DocNro><CbteDesde>${voucher.number}</CbteDesde><CbteHasta>${voucher.number}</CbteHasta><CbteFch>${voucher.date}</CbteFch><ImpTotal>${Number(voucher.total)}</ImpTotal><ImpTotConc>0</ImpTotConc><ImpNeto>${Number(voucher.net)}</ImpNeto><ImpOpEx>${Number(voucher.exempt)}</ImpOpEx><ImpTrib>0</ImpTrib><ImpIVA>${Number(voucher.vat)}</ImpIVA><MonId>PES</MonId><MonCotiz>1</MonCotiz><CondicionIVAReceptorId>${voucher.receiverTaxCondition}</CondicionIVAReceptorId>${associated}${iva}<CodAutorizacion>${voucher.cae}</CodAutorizacion><EmisionTipo>CAE</EmisionTipo><FchVto>${voucher.caeExpiry}</FchVto><FchProceso>${voucher.date}120000</FchProceso><Resultado>A</Resultado><PtoVta>${voucher.pointOfSale}</PtoVta><CbteTipo>${voucher.voucherType}</CbteTipo></ResultGet>`,
      );
    }
    if (method === "FEParamGetPtosVenta") {
      const used = new Set([1, ...[...last.keys()].map((key) => Number(key.split("-")[0]))]);
      return wrap(
        `<ResultGet>${[...used]
          .sort((a, b) => a - b)
          .map(
            (number) =>
              `<PtoVenta><Nro>${number}</Nro><EmisionTipo>CAE</EmisionTipo><Bloqueado>N</Bloqueado><FchBaja>NULL</FchBaja></PtoVenta>`,
          )
          .join("")}</ResultGet>`,
      );
    }
    return { xml: "", hang: false };
  }

  /** Chaos's pick for one FECAESolicitar: two draws each time, so a seed gives the same story. */
  function chaosPick(): "late" | "internal501" | "internal502" | "hang" | "drop" | null {
    if (!chaos) return null;
    const { lateCommitRate = 0, internalErrorRate = 0, hangRate = 0, dropRate = 0 } = chaos.options;
    const draw = chaos.next();
    const which = chaos.next();
    let edge = lateCommitRate;
    if (draw < edge) return "late";
    edge += internalErrorRate;
    if (draw < edge) return which < 0.5 ? "internal501" : "internal502";
    edge += hangRate;
    if (draw < edge) return "hang";
    edge += dropRate;
    if (draw < edge) return "drop";
    return null;
  }

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: string, type = "text/xml; charset=utf-8") => {
      if (res.destroyed || res.writableEnded || closed) return;
      res.writeHead(status, { "Content-Type": type });
      res.end(body);
    };
    let body: Node;
    try {
      body = ((parser.parse(Buffer.concat(chunks).toString("utf8")) as Node).Envelope as Node).Body as Node;
      if (!body || typeof body !== "object") throw new Error("no body");
    } catch {
      send(500, faultXml("Client", "El pedido no es un sobre SOAP"));
      return;
    }
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (req.method === "POST" && path === "/ws/services/LoginCms") {
      requests.loginCms = (requests.loginCms ?? 0) + 1;
      const xml = login(body);
      await pause(latencyMs);
      send(xml.includes("<soap:Fault>") ? 500 : 200, xml);
      return;
    }
    if (req.method === "POST" && path === "/wsfev1/service.asmx") {
      const method = Object.keys(body)[0] ?? "";
      requests[method] = (requests[method] ?? 0) + 1;
      const httpStatus = httpFailures.shift();
      if (httpStatus !== undefined) {
        stats.httpErrors++;
        await pause(latencyMs);
        send(httpStatus, proxyPage(httpStatus), "text/html");
        return;
      }
      const action = String(req.headers.soapaction ?? "").replace(/"/g, "");
      if (action !== `${FEV1}${method}`) {
        send(500, faultXml("Client", `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`));
        return;
      }
      const misbehaviour: Misbehaviour = {};
      if (method === "FECAESolicitar") {
        const pick = chaosPick();
        if (pick === "drop") {
          stats.drops++;
          req.socket.destroy();
          return;
        }
        if (pick === "internal501" || pick === "internal502") {
          internalFailures.set(method, [pick === "internal501" ? 501 : 502, ...(internalFailures.get(method) ?? [])]);
        }
        if (pick === "late") misbehaviour.lateMs = chaos?.options.lateCommitMs ?? 1000;
        if (pick === "hang") misbehaviour.hang = true;
      }
      const answer = await wsfe(method, (body[method] ?? {}) as Node, misbehaviour);
      if (!answer.xml) {
        send(500, faultXml("Client", `Método desconocido: ${method}`));
        return;
      }
      if (answer.hang) {
        // Authorised and stored; the answer never leaves (the caller times out). close() ends the socket.
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      await pause(latencyMs);
      send(200, envelope(answer.xml));
      return;
    }
    send(404, faultXml("Client", "No existe ese servicio"));
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    wsaaUrl: `${base}/ws/services/LoginCms`,
    wsfeUrl: `${base}/wsfev1/service.asmx`,
    requests,
    vouchers,
    stats,
    ticket: () => ticket,
    setLastNumber(pointOfSale, voucherType, number) {
      last.set(sequence(pointOfSale, voucherType), number);
    },
    lastNumber: (pointOfSale, voucherType) => last.get(sequence(pointOfSale, voucherType)) ?? 0,
    pendingCommits: () => pending.size,
    authoriseThenHang(count = 1) {
      hangCount += count;
    },
    commitLate(delayMs, count = 1) {
      for (let i = 0; i < count; i++) lateCommits.push(delayMs);
    },
    internalErrorNext(method, code, count = 1) {
      internalFailures.set(method, [
        ...(internalFailures.get(method) ?? []),
        ...Array<500 | 501 | 502>(count).fill(code),
      ]);
    },
    httpErrorNext(status, count = 1) {
      for (let i = 0; i < count; i++) httpFailures.push(status);
    },
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    chaos(settings) {
      chaos = settings ? { options: settings, next: mulberry32(settings.seed) } : null;
    },
    failNext(method, error) {
      failures.set(method, [...(failures.get(method) ?? []), error]);
    },
    observeNext(observation) {
      observations.push(observation);
    },
    rejectNext(observation) {
      rejections.push(observation);
    },
    expireTicket() {
      if (ticket) ticket = { ...ticket, expiresAt: new Date(Date.now() - 1000) };
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
