import type { AndreaniConfig } from "./config";
import { CarrierRejected, CarrierUnavailable } from "./errors";
import { type CarrierHttp, carrierFetch, type IssuedToken, tokenCache, withToken } from "./http.server";
import { buenosAiresIso, carrierCents, oldestFirst, splitStreet, trackingStatus, zip4 } from "./shared";
import type { Branch, Carrier, CarrierKind, CarrierRate, Parcel, ShipmentRequest, TrackingEvent } from "./types";

/**
 * Andreani through its REST API (developers.andreani.com; decision 0033 lists what is documented and what is
 * assumed):
 * - GET /login with Basic auth → the token in the `x-authorization-token` header (valid 24 h); every other
 *   call sends it in the same header.
 * - GET /v1/tarifas?cpDestino&contrato&cliente&bultos[0][kilos|volumen|altoCm|anchoCm|largoCm|valorDeclarado]
 *   → {tarifaConIva {total "7041.21"}, …}. One price per contract: the home contract prices the door, the
 *   branch contract (when there is one) the branch; the API gives no delivery days (the shop estimates).
 * - GET /v2/sucursales?codigoPostal&canal=B2C → branches; kept: those that hand parcels over (entregaEnvios).
 * - POST /v2/ordenes-de-envio → 202 {bultos[{numeroDeEnvio}], …}; then
 *   GET /v2/ordenes-de-envio/{numero}/etiquetas → the label PDF (404 for a moment while Andreani draws it).
 * - GET /v2/envios/{numero}/trazas → {eventos[{Fecha, Estado, Traduccion, Sucursal}]}; the v2 traces leave
 *   out the delivery, so GET /v2/envios/{numero} {estado, fechaEstado} completes it.
 */

const NAME = "Andreani";
/** The token lives 24 h; renewed before (http.server's margin), and at once on a 401. */
const TOKEN_LIFETIME_MS = 24 * 3_600_000;

interface Tariff {
  tarifaConIva?: { total?: string | number };
  tarifaSinIva?: { total?: string | number };
}

interface Sucursal {
  id?: number | string;
  codigo?: string;
  descripcion?: string;
  direccion?: { calle?: string; numero?: string; localidad?: string; codigoPostal?: string; region?: string };
  horarioDeAtencion?: string;
  datosAdicionales?: { entregaEnvios?: boolean; admiteEnvios?: boolean };
  codigosPostalesAtendidos?: string[] | null;
}

interface Traza {
  Fecha?: string;
  Estado?: string;
  Traduccion?: string;
  Sucursal?: string;
}

/** The API says nothing of days: the shop's estimate for Andreani Estándar, Buenos Aires or the rest. */
function estimatedDays(zip: string): { min: number; max: number } {
  return Number(zip) < 2000 ? { min: 1, max: 3 } : { min: 3, max: 7 };
}

const PROVINCE_REGIONS: Record<string, string> = { C: "AR-C", B: "AR-B" };
const region = (province: string) => PROVINCE_REGIONS[province] ?? `AR-${province}`;

function bulto(parcel: Parcel) {
  const volume = Math.ceil(parcel.heightCm * parcel.widthCm * parcel.lengthCm);
  return {
    kilos: Math.max(parcel.weightGrams, 1) / 1000,
    altoCm: Math.ceil(parcel.heightCm),
    anchoCm: Math.ceil(parcel.widthCm),
    largoCm: Math.ceil(parcel.lengthCm),
    volumen: volume,
    valorDeclarado: parcel.declaredValueCents / 100,
  };
}

function toBranch(sucursal: Sucursal): Branch | null {
  const address = sucursal.direccion;
  const zip = zip4(address?.codigoPostal ?? "");
  if (sucursal.id === undefined || !sucursal.descripcion || !address || !zip) return null;
  return {
    id: String(sucursal.id),
    name: sucursal.descripcion,
    address: [address.calle, address.numero].filter(Boolean).join(" "),
    city: address.localidad ?? "",
    zip,
    province: null,
    hours: sucursal.horarioDeAtencion?.trim() || null,
  };
}

function toEvent(traza: Traza): TrackingEvent | null {
  const at = buenosAiresIso(traza.Fecha ?? "");
  const state = (traza.Estado ?? "").trim();
  if (!at || !state) return null;
  const words = traza.Traduccion?.trim();
  return {
    at,
    status: trackingStatus(state),
    description: words && words.toLowerCase() !== state.toLowerCase() ? `${state} — ${words}` : state,
    place: traza.Sucursal?.trim() || null,
  };
}

export function andreaniClient(config: AndreaniConfig, timeoutMs: number): Carrier {
  const http: CarrierHttp = { carrier: "andreani", timeoutMs };
  const url = (path: string) => `${config.apiBase}${path}`;
  const basic = `Basic ${Buffer.from(`${config.user}:${config.password}`).toString("base64")}`;

  const tokens = tokenCache(async (): Promise<IssuedToken> => {
    const { headers } = await carrierFetch(http, {
      method: "GET",
      url: url("/login"),
      headers: { Authorization: basic },
    });
    const token = headers.get("x-authorization-token");
    if (!token) throw new CarrierUnavailable("andreani", `${NAME} no entregó un token de acceso`);
    return { token, expiresAt: Date.now() + TOKEN_LIFETIME_MS };
  });

  const call = <T>(request: { method: "GET" | "POST"; path: string; body?: unknown; creates?: boolean }) =>
    withToken(tokens, async (token) => {
      const answer = await carrierFetch<T>(http, {
        method: request.method,
        url: url(request.path),
        headers: { "x-authorization-token": token },
        body: request.body,
        creates: request.creates,
      });
      return answer.body;
    });

  const contractFor = (kind: CarrierKind) =>
    kind === "branch" ? (config.branchContract ?? config.contract) : config.contract;

  async function tariff(contract: string, destinationZip: string, parcel: Parcel): Promise<number> {
    const query = new URLSearchParams({ cpDestino: destinationZip, contrato: contract });
    if (config.client) query.set("cliente", config.client);
    for (const [key, value] of Object.entries(bulto(parcel))) query.set(`bultos[0][${key}]`, String(value));
    const answer = await call<Tariff>({ method: "GET", path: `/v1/tarifas?${query}` });
    const cents = carrierCents(answer?.tarifaConIva?.total ?? answer?.tarifaSinIva?.total);
    if (cents === null) throw new CarrierUnavailable("andreani", `${NAME} respondió una tarifa ilegible`);
    return cents;
  }

  async function labelOf(trackingNumber: string): Promise<Uint8Array> {
    const answer = await withToken(tokens, (token) =>
      carrierFetch<Uint8Array>(http, {
        method: "GET",
        url: url(`/v2/ordenes-de-envio/${encodeURIComponent(trackingNumber)}/etiquetas`),
        headers: { "x-authorization-token": token },
        expect: "pdf",
        // A new order's label takes a moment to exist: 404 then means "not yet".
        retryStatuses: [404],
      }),
    );
    const pdf = answer.body;
    if (!(pdf instanceof Uint8Array) || new TextDecoder().decode(pdf.subarray(0, 5)) !== "%PDF-") {
      throw new CarrierUnavailable("andreani", `${NAME} no entregó la etiqueta en PDF del envío ${trackingNumber}`);
    }
    return pdf;
  }

  return {
    id: "andreani",
    name: NAME,

    async quote({ destinationZip, parcel }) {
      const kinds: CarrierKind[] = ["home", "branch"];
      const contracts = [...new Set(kinds.map(contractFor))];
      const prices = new Map(
        await Promise.all(
          contracts.map(async (contract) => [contract, await tariff(contract, destinationZip, parcel)] as const),
        ),
      );
      return kinds.map(
        (kind): CarrierRate => ({
          kind,
          service: `${NAME} Estándar ${kind === "home" ? "a domicilio" : "a sucursal"}`,
          serviceCode: contractFor(kind),
          priceCents: prices.get(contractFor(kind)) ?? 0,
          days: estimatedDays(destinationZip),
        }),
      );
    },

    async branches(zip) {
      const query = new URLSearchParams({ codigoPostal: zip, canal: "B2C" });
      let answer: Sucursal[];
      try {
        answer = await carrierFetch<Sucursal[]>(http, { method: "GET", url: url(`/v2/sucursales?${query}`) }).then(
          (response) => response.body,
        );
      } catch (error) {
        // "No se encuentran sucursales para los filtros ingresados" is an answer: none.
        if (error instanceof CarrierRejected && error.status === 404) return [];
        throw error;
      }
      const target = Number(zip);
      const rank = (s: Sucursal) => {
        const own = zip4(s.direccion?.codigoPostal ?? "");
        if (own === zip) return 0;
        if (s.codigosPostalesAtendidos?.includes(zip)) return 1;
        return 2 + Math.abs(Number(own ?? 0) - target);
      };
      return (Array.isArray(answer) ? answer : [])
        .filter((s) => s.datosAdicionales?.entregaEnvios !== false)
        .sort((a, b) => rank(a) - rank(b))
        .map(toBranch)
        .filter((branch): branch is Branch => branch !== null)
        .slice(0, 20);
    },

    async createShipment(request: ShipmentRequest) {
      if (request.kind === "home" && !request.address) {
        throw new CarrierRejected("andreani", 400, "Falta la dirección de entrega del envío a domicilio");
      }
      if (request.kind === "branch" && !request.branchId) {
        throw new CarrierRejected("andreani", 400, "Falta la sucursal de destino");
      }
      const origin = splitStreet(request.sender.address.street);
      const postal = (address: ShipmentRequest["sender"]["address"], street: ReturnType<typeof splitStreet>) => ({
        codigoPostal: zip4(address.zip) ?? address.zip,
        calle: street.name,
        numero: street.number,
        localidad: address.city,
        region: region(address.province),
        pais: "Argentina",
        componentesDeDireccion: street.rest ? [{ meta: "piso", contenido: street.rest }] : [],
      });
      const { parcel } = request;
      const size = bulto(parcel);
      const answer = await call<{ bultos?: { numeroDeEnvio?: string }[]; numeroDeEnvio?: string }>({
        method: "POST",
        path: "/v2/ordenes-de-envio",
        creates: true,
        body: {
          contrato: contractFor(request.kind),
          idPedido: request.reference,
          origen: { postal: postal(request.sender.address, origin) },
          destino:
            request.kind === "branch"
              ? { sucursal: { id: request.branchId } }
              : {
                  postal: postal(
                    request.address as NonNullable<ShipmentRequest["address"]>,
                    splitStreet(request.address?.street ?? ""),
                  ),
                },
          remitente: {
            nombreCompleto: request.sender.name,
            email: request.sender.email,
            telefonos: request.sender.phone ? [{ tipo: 1, numero: request.sender.phone }] : [],
          },
          destinatario: [
            {
              nombreCompleto: `${request.recipient.firstName} ${request.recipient.lastName}`.trim(),
              email: request.recipient.email,
              telefonos: request.recipient.phone ? [{ tipo: 2, numero: request.recipient.phone }] : [],
            },
          ],
          productoAEntregar: "Libros",
          bultos: [
            {
              kilos: size.kilos,
              altoCm: size.altoCm,
              anchoCm: size.anchoCm,
              largoCm: size.largoCm,
              volumenCm: size.volumen,
              valorDeclaradoConImpuestos: size.valorDeclarado,
              referencias: [{ meta: "idCliente", contenido: request.reference }],
            },
          ],
        },
      });
      const trackingNumber = (answer?.bultos?.[0]?.numeroDeEnvio ?? answer?.numeroDeEnvio)?.trim();
      if (!trackingNumber) {
        throw new CarrierUnavailable(
          "andreani",
          `${NAME} aceptó la orden de envío ${request.reference} sin número de envío: revisala en el panel de Andreani antes de volver a intentar`,
        );
      }
      try {
        return { trackingNumber, labelPdf: await labelOf(trackingNumber) };
      } catch (error) {
        // The order exists at Andreani: say its number, so nobody creates a second one.
        const reason = error instanceof Error ? error.message : String(error);
        throw new CarrierUnavailable(
          "andreani",
          `${NAME} creó el envío ${trackingNumber} (${request.reference}) pero no entregó su etiqueta: ${reason}`,
          { cause: error },
        );
      }
    },

    label: labelOf,

    async track(trackingNumber) {
      const number = encodeURIComponent(trackingNumber);
      let trazas: { eventos?: Traza[] } | null;
      try {
        trazas = await call<{ eventos?: Traza[] }>({ method: "GET", path: `/v2/envios/${number}/trazas` });
      } catch (error) {
        // A new order has no traces yet: Andreani answers 404 until the parcel is taken in.
        if (error instanceof CarrierRejected && error.status === 404) return [];
        throw error;
      }
      const events = oldestFirst(
        (trazas?.eventos ?? []).map(toEvent).filter((event): event is TrackingEvent => event !== null),
      );
      if (events.some((event) => event.status === "delivered")) return events;
      const envio = await call<{ estado?: string; fechaEstado?: string }>({
        method: "GET",
        path: `/v2/envios/${number}`,
      });
      const at = buenosAiresIso(envio?.fechaEstado ?? "");
      if (envio?.estado && at && trackingStatus(envio.estado) === "delivered") {
        events.push({ at, status: "delivered", description: envio.estado, place: null });
      }
      return events;
    },
  };
}
