import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { CmsRefused, verifiedTra } from "./fake-arca-cms";

/**
 * ARCA's WSAA and WSFEv1 on loopback (port 0), speaking SOAP 1.1 as ARCA does (INTEGRATIONS.md, "ARCA").
 *
 * WSAA (`/ws/services/LoginCms`) really checks the CMS: the signer's certificate must be the trusted one,
 * the messageDigest attribute the SHA-256 of the TRA, the RSA signature valid over the authenticated
 * attributes (DER, as a SET), the service "wsfe" and the TRA's time window around now. It refuses a second
 * login while its ticket is valid (coe.alreadyAuthenticated), as ARCA does.
 *
 * WSFE (`/wsfev1/service.asmx`) checks Auth (token, sign, CUIT), keeps the last number per point of sale and
 * type, refuses any number but last + 1 (10016), checks ImpTotal (10048), requires CondicionIVAReceptorId
 * (10242), refuses IVA on a type C voucher (10071), and answers FECompConsultar (602 when it holds none).
 * Failures on demand: `failNext`, `rejectNext`, `observeNext`, `authoriseThenHang`, `expireTicket`.
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
  associated: { type: number; pointOfSale: number; number: number }[];
  cae: string;
  /** yyyymmdd. */
  caeExpiry: string;
}

export interface ArcaMessageSpec {
  code: number;
  message: string;
}

export interface FakeArca {
  wsaaUrl: string;
  wsfeUrl: string;
  /** Requests received per method ("loginCms", "FECAESolicitar", ...), answered or not. */
  requests: Record<string, number>;
  /** Authorised vouchers by `${pointOfSale}-${voucherType}-${number}`. */
  vouchers: Map<string, FakeArcaVoucher>;
  /** The ticket WSAA handed out last (null before the first login). */
  ticket(): { token: string; sign: string; expiresAt: Date } | null;
  setLastNumber(pointOfSale: number, voucherType: number, number: number): void;
  lastNumber(pointOfSale: number, voucherType: number): number;
  /** The next `count` FECAESolicitar are authorised and stored, and their answer never comes. */
  authoriseThenHang(count?: number): void;
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

const cents = (text: unknown) => Math.round(Number(String(text ?? "0")) * 100);

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}

function addDaysToArcaDate(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return yyyymmdd(date);
}

export async function startFakeArca(options: { certificatePem: string; cuit?: string }): Promise<FakeArca> {
  const requests: Record<string, number> = {};
  const vouchers = new Map<string, FakeArcaVoucher>();
  const last = new Map<string, number>();
  const failures = new Map<string, ArcaMessageSpec[]>();
  const observations: ArcaMessageSpec[] = [];
  const rejections: ArcaMessageSpec[] = [];
  const hanging = new Set<ServerResponse>();
  let hangCount = 0;
  let ticket: { token: string; sign: string; expiresAt: Date } | null = null;

  const sequence = (pointOfSale: number, voucherType: number) => `${pointOfSale}-${voucherType}`;

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

  function caeRequest(request: Node): { xml: string; hang: boolean } {
    const cab = ((request.FeCAEReq as Node)?.FeCabReq ?? {}) as Node;
    const det = (((request.FeCAEReq as Node)?.FeDetReq as Node)?.FECAEDetRequest ?? {}) as Node;
    const pointOfSale = Number(cab.PtoVta);
    const voucherType = Number(cab.CbteTipo);
    const number = Number(det.CbteDesde);
    const head = (result: "A" | "R") =>
      `<FeCabResp><Cuit>${xmlEscape(String(options.cuit ?? ""))}</Cuit><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo><FchProceso>${yyyymmdd(new Date())}120000</FchProceso><CantReg>1</CantReg><Resultado>${result}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
    const detail = (result: "A" | "R", inner: string) =>
      `<FeDetResp><FECAEDetResponse><Concepto>1</Concepto><DocTipo>${xmlEscape(String(det.DocTipo ?? ""))}</DocTipo><DocNro>${xmlEscape(String(det.DocNro ?? ""))}</DocNro><CbteDesde>${number}</CbteDesde><CbteHasta>${number}</CbteHasta><CbteFch>${xmlEscape(String(det.CbteFch ?? ""))}</CbteFch><Resultado>${result}</Resultado>${inner}</FECAEDetResponse></FeDetResp>`;
    const answer = (inner: string) => ({
      xml: `<FECAESolicitarResponse xmlns="${FEV1}"><FECAESolicitarResult>${inner}</FECAESolicitarResult></FECAESolicitarResponse>`,
      hang: false,
    });
    const refuse = (errors: ArcaMessageSpec[]) => answer(`${head("R")}${errorsXml(errors)}`);

    const failure = failures.get("FECAESolicitar")?.shift();
    if (failure) return refuse([failure]);
    const expected = (last.get(sequence(pointOfSale, voucherType)) ?? 0) + 1;
    if (Number(cab.CantReg) !== 1 || Number(det.CbteHasta) !== number) {
      return refuse([{ code: 10002, message: "La cantidad de registros no coincide con CbteDesde y CbteHasta" }]);
    }
    if (number !== expected) {
      return refuse([
        {
          code: 10016,
          message: `El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado. (próximo: ${expected})`,
        },
      ]);
    }
    const ivaList = ((det.Iva as Node | undefined)?.AlicIva ?? []) as Node[];
    const sum = ["ImpNeto", "ImpOpEx", "ImpIVA", "ImpTotConc", "ImpTrib"].reduce(
      (total, key) => total + cents(det[key]),
      0,
    );
    if (cents(det.ImpTotal) !== sum) {
      return refuse([
        {
          code: 10048,
          message:
            "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
        },
      ]);
    }
    if (det.CondicionIVAReceptorId === undefined || det.CondicionIVAReceptorId === "") {
      return refuse([{ code: 10242, message: "El campo Condicion Frente al IVA del receptor es obligatorio." }]);
    }
    if ((voucherType === 11 || voucherType === 13) && (det.Iva !== undefined || cents(det.ImpIVA) !== 0)) {
      return refuse([{ code: 10071, message: "Para comprobantes tipo C el objeto IVA no debe informarse." }]);
    }
    if (det.MonId !== "PES" || Number(det.MonCotiz) !== 1) {
      return refuse([{ code: 10119, message: "Para comprobantes en pesos MonCotiz debe ser 1." }]);
    }
    const rejection = rejections.shift();
    if (rejection) return answer(`${head("R")}${detail("R", obsXml([rejection]))}`);
    const date = String(det.CbteFch ?? "");
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
      })),
      cae: `7${String(randomInt(0, 10 ** 13)).padStart(13, "0")}`,
      caeExpiry: addDaysToArcaDate(date, 10),
    };
    vouchers.set(`${pointOfSale}-${voucherType}-${number}`, voucher);
    last.set(sequence(pointOfSale, voucherType), number);
    const observation = observations.shift();
    const result = answer(
      `${head("A")}${detail("A", `${obsXml(observation ? [observation] : [])}<CAE>${voucher.cae}</CAE><CAEFchVto>${voucher.caeExpiry}</CAEFchVto>`)}`,
    );
    if (hangCount > 0) {
      hangCount--;
      return { ...result, hang: true };
    }
    return result;
  }

  function wsfe(method: string, request: Node): { xml: string; hang: boolean } {
    const wrap = (inner: string) => ({
      xml: `<${method}Response xmlns="${FEV1}"><${method}Result>${inner}</${method}Result></${method}Response>`,
      hang: false,
    });
    if (method === "FEDummy")
      return wrap("<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>");
    const refused = authErrors(request.Auth as Node | undefined);
    if (refused.length) return wrap(errorsXml(refused));
    if (method === "FECAESolicitar") return caeRequest(request);
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
      const iva = voucher.iva.length
        ? `<Iva>${voucher.iva.map((rate) => `<AlicIva><Id>${rate.id}</Id><BaseImp>${rate.base}</BaseImp><Importe>${rate.amount}</Importe></AlicIva>`).join("")}</Iva>`
        : "";
      return wrap(
        `<ResultGet><Concepto>1</Concepto><DocTipo>${voucher.docType}</DocTipo><DocNro>${voucher.docNumber}</DocNro><CbteDesde>${voucher.number}</CbteDesde><CbteHasta>${voucher.number}</CbteHasta><CbteFch>${voucher.date}</CbteFch><ImpTotal>${Number(voucher.total)}</ImpTotal><ImpTotConc>0</ImpTotConc><ImpNeto>${Number(voucher.net)}</ImpNeto><ImpOpEx>${Number(voucher.exempt)}</ImpOpEx><ImpTrib>0</ImpTrib><ImpIVA>${Number(voucher.vat)}</ImpIVA><MonId>PES</MonId><MonCotiz>1</MonCotiz>${iva}<CodAutorizacion>${voucher.cae}</CodAutorizacion><EmisionTipo>CAE</EmisionTipo><FchVto>${voucher.caeExpiry}</FchVto><FchProceso>${voucher.date}120000</FchProceso><Resultado>A</Resultado><PtoVta>${voucher.pointOfSale}</PtoVta><CbteTipo>${voucher.voucherType}</CbteTipo></ResultGet>`,
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

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, xml: string) => {
      if (res.destroyed) return;
      res.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" });
      res.end(xml);
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
      send(xml.includes("<soap:Fault>") ? 500 : 200, xml);
      return;
    }
    if (req.method === "POST" && path === "/wsfev1/service.asmx") {
      const method = Object.keys(body)[0] ?? "";
      requests[method] = (requests[method] ?? 0) + 1;
      const action = String(req.headers.soapaction ?? "").replace(/"/g, "");
      if (action !== `${FEV1}${method}`) {
        send(500, faultXml("Client", `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`));
        return;
      }
      const answer = wsfe(method, (body[method] ?? {}) as Node);
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
      send(200, envelope(answer.xml));
      return;
    }
    send(404, faultXml("Client", "No existe ese servicio"));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    wsaaUrl: `${base}/ws/services/LoginCms`,
    wsfeUrl: `${base}/wsfev1/service.asmx`,
    requests,
    vouchers,
    ticket: () => ticket,
    setLastNumber(pointOfSale, voucherType, number) {
      last.set(sequence(pointOfSale, voucherType), number);
    },
    lastNumber: (pointOfSale, voucherType) => last.get(sequence(pointOfSale, voucherType)) ?? 0,
    authoriseThenHang(count = 1) {
      hangCount += count;
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
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
