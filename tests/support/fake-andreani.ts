import type { TrackingEvent } from "~/integrations/carriers/types";
import {
  buenosAiresParts,
  type FakeCarrierControls,
  type FakeCarrierRequest,
  type FakeReply,
  fakeLabelPdf,
  startFakeCarrierServer,
} from "./fake-carrier-server";

/**
 * Andreani's REST API on loopback, in the shapes of developers.andreani.com (decision 0033): `GET /login`
 * (Basic auth) → the token in the `x-authorization-token` header; `GET /v1/tarifas` (token required; one
 * price per contract, strings with decimals, ProblemDetails 400 for a wrong contract or postal code);
 * `GET /v2/sucursales?codigoPostal&canal` (public, as Andreani's is; 404 when none); `POST
 * /v2/ordenes-de-envio` → 202 with `bultos[0].numeroDeEnvio`; `GET /v2/ordenes-de-envio/{n}/etiquetas` →
 * the label PDF; `GET /v2/envios/{n}/trazas` (which, like Andreani's v2, leaves out the delivery) and
 * `GET /v2/envios/{n}` {estado, fechaEstado}. Dates are Buenos Aires time without offset, as Andreani's.
 */
export interface FakeAndreaniShipment {
  trackingNumber: string;
  /** The order's body as the client sent it. */
  body: Record<string, unknown>;
  events: { Fecha: string; Estado: string; EstadoId: number; Traduccion: string; Sucursal: string }[];
}

export interface FakeAndreani extends FakeCarrierControls {
  user: string;
  password: string;
  /** The ANDREANI_CONTRACT value: "home,branch". */
  contract: string;
  homeContract: string;
  branchContract: string;
  shipments: Map<string, FakeAndreaniShipment>;
  logins: number;
  expireTokens(): void;
  /** The next `count` label requests answer 404, as while Andreani still draws a new order's label. */
  labelNotReady(count: number): void;
  /** The parcel's next step (in_transit → out_for_delivery → delivered), or the one given. */
  advance(trackingNumber: string, status?: TrackingEvent["status"]): void;
  requestsTo(path: string): FakeCarrierRequest[];
}

const STATES: Record<TrackingEvent["status"], { Estado: string; EstadoId: number; Traduccion: string }> = {
  created: { Estado: "Pendiente de ingreso", EstadoId: 1, Traduccion: "ENVIO INGRESADO AL SISTEMA" },
  in_transit: { Estado: "En tránsito", EstadoId: 5, Traduccion: "EN CAMINO A LA SUCURSAL DE DESTINO" },
  at_branch: { Estado: "En sucursal", EstadoId: 7, Traduccion: "DISPONIBLE PARA RETIRAR" },
  out_for_delivery: { Estado: "En distribución", EstadoId: 8, Traduccion: "SALIÓ A DISTRIBUCIÓN" },
  delivered: { Estado: "Entregado", EstadoId: 18, Traduccion: "ENTREGADO" },
  failed: { Estado: "No entregado", EstadoId: 17, Traduccion: "DOMICILIO INEXISTENTE" },
};
const NEXT: TrackingEvent["status"][] = ["created", "in_transit", "out_for_delivery", "delivered"];

const problem = (status: number, detail: string): FakeReply => ({
  status,
  body: { type: "about:blank", title: "Error en la validacion de su pedido", detail, status, errors: null },
});

function sucursales(zip: string) {
  const code = Number(zip);
  const names = ["PALERMO", "BELGRANO", "COLEGIALES"];
  return names.map((name, index) => ({
    id: 10_000 + code + index,
    codigo: `S${index}${zip}`,
    numero: String(code + index),
    descripcion: `${name} (${zip})`,
    canal: "B2C",
    direccion: {
      calle: ["Av. Córdoba", "Av. Cabildo", "Av. Federico Lacroze"][index],
      numero: String(4000 + index * 250),
      provincia: code < 1500 ? "Ciudad Autónoma de Buenos Aires" : "Buenos Aires",
      localidad: code < 1500 ? "Ciudad Autónoma de Buenos Aires" : "Localidad",
      region: "AMBA",
      pais: "Argentina",
      codigoPostal: String(code + index * 12),
    },
    coordenadas: { latitud: "-34.5875", longitud: "-58.4251" },
    horarioDeAtencion: "Lunes a Viernes de 09:00 a 18:00 - Sábados de 09:00 a 13:00",
    datosAdicionales: {
      seHaceAtencionAlCliente: true,
      tipo: "SUCURSAL",
      admiteEnvios: true,
      // The last one takes parcels in but hands none out: not a pickup point.
      entregaEnvios: index !== 2,
      conBuzonInteligente: false,
    },
    telefonos: [""],
    codigosPostalesAtendidos: [zip],
  }));
}

export async function startFakeAndreani(
  options: { user?: string; password?: string; homeContract?: string; branchContract?: string } = {},
): Promise<FakeAndreani> {
  const user = options.user ?? "rizoma_ws";
  const password = options.password ?? "secreto-andreani";
  const homeContract = options.homeContract ?? "400006709";
  const branchContract = options.branchContract ?? "400006711";
  const tokens = new Set<string>();
  const shipments = new Map<string, FakeAndreaniShipment>();
  let labelMisses = 0;
  let serial = 0;
  let lastEventAt = 0;

  const fecha = () => {
    lastEventAt = Math.max(Date.now(), lastEventAt + 1_000);
    const parts = buenosAiresParts(new Date(lastEventAt));
    return `${parts.date}T${parts.time}`;
  };

  const handle = (request: FakeCarrierRequest): FakeReply => {
    if (request.method === "GET" && request.path === "/login") {
      const auth = String(request.headers.authorization ?? "");
      if (auth !== `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`) {
        return { status: 401, body: { message: "Credenciales incorrectas" } };
      }
      fake.logins++;
      const token = `an-token-${fake.logins}-${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return { status: 200, headers: { "x-authorization-token": token }, body: {} };
    }

    if (request.method === "GET" && request.path === "/v2/sucursales") {
      const zip = request.query.codigoPostal ?? "";
      if (!/^\d{4}$/.test(zip) || zip === "9999") {
        return problem(404, "No se encuentran sucursales para los filtros ingresados");
      }
      return { status: 200, body: sucursales(zip) };
    }

    const token = String(request.headers["x-authorization-token"] ?? "");
    if (!tokens.has(token)) return { status: 401, body: { message: "Token inválido o vencido" } };

    if (request.method === "GET" && request.path === "/v1/tarifas") {
      const { cpDestino = "", contrato = "" } = request.query;
      if (contrato !== homeContract && contrato !== branchContract) return problem(400, "El contrato es incorrecto");
      if (!/^\d{4}$/.test(cpDestino) || cpDestino.startsWith("0"))
        return problem(400, "El código postal es incorrecto");
      const kilos = Number(request.query["bultos[0][kilos]"] ?? "0");
      const volume = Number(request.query["bultos[0][volumen]"] ?? "0");
      if (!(kilos > 0) && !(volume > 0)) return problem(400, "Es obligatorio ingresar volumen, peso o peso aforado");
      const declared = Number(request.query["bultos[0][valorDeclarado]"] ?? "0");
      const aforado = Math.max(kilos, volume / 4000);
      const base = 5200 + Number(cpDestino[0]) * 640 + Math.max(0, Math.ceil(aforado / 0.5) - 1) * 710.4;
      const distribution = contrato === branchContract ? base * 0.78 : base;
      const insurance = declared * 0.01;
      const money = (value: number) => value.toFixed(2);
      return {
        status: 200,
        body: {
          pesoAforado: money(aforado),
          tarifaSinIva: {
            seguroDistribucion: money(insurance),
            distribucion: money(distribution),
            total: money(distribution + insurance),
          },
          tarifaConIva: {
            seguroDistribucion: money(insurance * 1.21),
            distribucion: money(distribution * 1.21),
            total: money((distribution + insurance) * 1.21),
          },
        },
      };
    }

    if (request.method === "POST" && request.path === "/v2/ordenes-de-envio") {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.contrato !== homeContract && body.contrato !== branchContract) {
        return problem(400, "El contrato es incorrecto");
      }
      const destino = (body.destino ?? {}) as { postal?: Record<string, unknown>; sucursal?: { id?: unknown } };
      if (!destino.postal && !destino.sucursal?.id) return problem(400, "Falta el destino del envío");
      if (destino.postal && !/^\d{4}$/.test(String(destino.postal.codigoPostal ?? ""))) {
        return problem(400, "No existe localidad o código postal destino");
      }
      const destinatarios = body.destinatario as { nombreCompleto?: string }[] | undefined;
      if (!destinatarios?.[0]?.nombreCompleto) return problem(400, "Falta el destinatario");
      serial++;
      const trackingNumber = `360000${String(900_000_000 + serial)}`;
      const created = { ...STATES.created, Fecha: fecha(), Sucursal: "Sucursal Genérica" };
      shipments.set(trackingNumber, { trackingNumber, body, events: [created] });
      return {
        status: 202,
        body: {
          estado: "Pendiente",
          tipo: "B2C",
          sucursalDeDistribucion: { nomenclatura: "PALERMO", descripcion: "Palermo", id: "44" },
          fechaCreacion: created.Fecha,
          numeroDePermisionaria: "RNPSP Nº 586",
          descripcionServicio: "Estándar",
          bultos: [
            {
              numeroDeBulto: "1",
              numeroDeEnvio: trackingNumber,
              totalizador: "1/1",
              linking: [{ meta: "Etiqueta", contenido: `/v2/ordenes-de-envio/${trackingNumber}/etiquetas` }],
            },
          ],
          agrupadorDeBultos: `AG${trackingNumber}`,
          etiquetasPorAgrupador: `/v2/ordenes-de-envio/AG${trackingNumber}/etiquetas`,
        },
      };
    }

    let match = /^\/v2\/ordenes-de-envio\/([^/]+)\/etiquetas$/.exec(request.path);
    if (request.method === "GET" && match) {
      const shipment = shipments.get(decodeURIComponent(match[1] ?? ""));
      if (!shipment) return problem(404, "No existe la orden de envío");
      if (labelMisses > 0) {
        labelMisses--;
        return problem(404, "La etiqueta todavía no está disponible");
      }
      return { status: 200, body: fakeLabelPdf(`Andreani ${shipment.trackingNumber}`) };
    }

    match = /^\/v2\/envios\/([^/]+)(\/trazas)?$/.exec(request.path);
    if (request.method === "GET" && match) {
      const shipment = shipments.get(decodeURIComponent(match[1] ?? ""));
      if (!shipment) return problem(404, "No se encontró el envío");
      const last = shipment.events.at(-1);
      if (match[2]) {
        // Andreani's v2 traces leave the delivery out; /v2/envios/{n} says it.
        return { status: 200, body: { eventos: shipment.events.filter((event) => event.Estado !== "Entregado") } };
      }
      return {
        status: 200,
        body: {
          numeroDeTracking: shipment.trackingNumber,
          contrato: shipment.body.contrato,
          estado: last?.Estado,
          estadoId: last?.EstadoId,
          fechaEstado: last?.Fecha,
          fechaCreacion: shipment.events[0]?.Fecha,
        },
      };
    }
    return problem(404, `No existe ${request.method} ${request.path}`);
  };

  const server = await startFakeCarrierServer(handle);
  const fake: FakeAndreani = {
    ...server,
    user,
    password,
    contract: `${homeContract},${branchContract}`,
    homeContract,
    branchContract,
    shipments,
    logins: 0,
    expireTokens() {
      tokens.clear();
    },
    labelNotReady(count) {
      labelMisses = count;
    },
    advance(trackingNumber, status) {
      const shipment = shipments.get(trackingNumber);
      if (!shipment) throw new Error(`fake Andreani: no shipment ${trackingNumber}`);
      const current = NEXT.findIndex((step) => STATES[step].Estado === shipment.events.at(-1)?.Estado);
      // From a step off the usual path (at_branch), the next is the delivery.
      const next =
        status ?? (current === -1 ? "delivered" : (NEXT[Math.min(current + 1, NEXT.length - 1)] ?? "delivered"));
      const place = next === "delivered" || next === "at_branch" ? "PALERMO" : "CENTRO DE DISTRIBUCIÓN BENAVÍDEZ";
      shipment.events.push({ ...STATES[next], Fecha: fecha(), Sucursal: place });
    },
    requestsTo(path) {
      return server.requests.filter((request) => request.path === path);
    },
  };
  return fake;
}

/** The app's variables that point Andreani's real client at this fake. */
export const andreaniEnv = (fake: FakeAndreani): Record<string, string> => ({
  ANDREANI_API_BASE: fake.url,
  ANDREANI_USER: fake.user,
  ANDREANI_PASSWORD: fake.password,
  ANDREANI_CONTRACT: fake.contract,
});
