import { ArcaRejected, ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaLink } from "~/integrations/arca/types";

/** What "Probar la conexión con ARCA" found: whether invoices can go out as configured, in the admin's words. */
export interface ArcaCheck {
  ok: boolean;
  message: string;
}

const list = (numbers: number[]) => numbers.join(", ");

/**
 * Asks ARCA what the admin needs before turning invoicing on: that its servers answer (FEDummy), that the
 * certificate logs in (WSAA, through FEParamGetPtosVenta), and that the chosen point of sale is one of the
 * CUIT's web-service points of sale and is not blocked. Nothing is issued.
 */
export async function checkArcaConnection(link: ArcaLink | null, pointOfSale: number | null): Promise<ArcaCheck> {
  if (!link?.api) {
    return { ok: false, message: link?.reason ?? "No hay conexión con ARCA configurada en el servidor." };
  }
  const api = link.api;
  try {
    const status = await api.status();
    const down = [
      status.app !== "OK" && `aplicación: ${status.app || "sin respuesta"}`,
      status.db !== "OK" && `base de datos: ${status.db || "sin respuesta"}`,
      status.auth !== "OK" && `autenticación: ${status.auth || "sin respuesta"}`,
    ].filter(Boolean);
    if (down.length > 0) {
      return {
        ok: false,
        message: `ARCA responde, pero sus servidores informan problemas (${down.join("; ")}). Probá más tarde.`,
      };
    }
    const points = await api.pointsOfSale();
    const open = points.filter((point) => !point.blocked).map((point) => point.number);
    const where = link.mode === "sandbox" ? "El sandbox de la demo" : "ARCA";
    if (points.length === 0) {
      return {
        ok: pointOfSale !== null,
        message:
          `${where} responde y el certificado es válido, pero no devolvió puntos de venta para web services` +
          (api.environment === "homologacion"
            ? " (en homologación es habitual)."
            : ": crealo en el portal de ARCA («RECE para aplicativo y web services»)."),
      };
    }
    if (pointOfSale === null) {
      return { ok: false, message: `${where} responde. Elegí el punto de venta: habilitados ${list(open)}.` };
    }
    const chosen = points.find((point) => point.number === pointOfSale);
    if (!chosen) {
      return {
        ok: false,
        message: `El punto de venta ${pointOfSale} no está entre los de web services de este CUIT (habilitados: ${list(open) || "ninguno"}).`,
      };
    }
    if (chosen.blocked) {
      return { ok: false, message: `El punto de venta ${pointOfSale} está bloqueado en ARCA: revisalo en el portal.` };
    }
    return {
      ok: true,
      message: `${where} responde y el punto de venta ${pointOfSale} está habilitado. Todo listo para facturar.`,
    };
  } catch (error) {
    if (error instanceof ArcaUnavailable || error instanceof ArcaRejected) return { ok: false, message: error.message };
    throw error;
  }
}
