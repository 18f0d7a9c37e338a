import { XMLParser } from "fast-xml-parser";
import { ArcaUnavailable } from "./errors";

/**
 * SOAP 1.1 over fetch for ARCA's services. Envelopes are written by hand (ARCA's messages are small and
 * fixed; see docs/decisions/0027-arca-client.md) with every value escaped by `xmlText`; answers are read
 * with fast-xml-parser, namespace prefixes stripped, every value kept as text (a CAE or a DocNro must not
 * become a float).
 */

/** Elements ARCA may repeat: always arrays, so one entry and several read the same. */
const LISTS = new Set(["Err", "Obs", "Evt", "AlicIva", "CbteAsoc", "PtoVenta", "FECAEDetResponse", "Tributo"]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => LISTS.has(name),
});

/** Parses an XML document (a SOAP answer, or the ticket WSAA sends escaped inside one) into plain objects. */
export function parseXml(text: string): Record<string, unknown> {
  return parser.parse(text) as Record<string, unknown>;
}

/** Escapes text for an XML element or attribute value. */
export function xmlText(value: string | number): string {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export interface SoapRequest {
  url: string;
  /** The SOAPAction header (WSFE: "http://ar.gov.afip.dif.FEV1/<Method>"; WSAA: empty). */
  action: string;
  /** What goes inside soap:Body, already escaped. */
  body: string;
  /** Extra xmlns declarations on the envelope, e.g. `{ ar: "http://ar.gov.afip.dif.FEV1/" }`. */
  namespaces?: Record<string, string>;
  timeoutMs: number;
  /** The call in the admin's words, for error messages ("pedir el CAE"). */
  what: string;
}

/** soap:Fault, as faultcode (prefix stripped, e.g. "coe.alreadyAuthenticated") and faultstring. */
export interface SoapFault {
  code: string;
  message: string;
}

export type SoapAnswer = { body: Record<string, unknown>; fault: null } | { body: null; fault: SoapFault };

const stripPrefix = (code: string) => code.replace(/^[^:]*:/, "");

/**
 * Posts one envelope. Answers the Body's content, or the SOAP fault (the caller decides what it means).
 * Throws `ArcaUnavailable` when no answer came (network, timeout) or the answer is not SOAP (an HTTP error
 * page, a proxy's 502).
 */
export async function soapCall(request: SoapRequest): Promise<SoapAnswer> {
  const xmlns = Object.entries(request.namespaces ?? {})
    .map(([prefix, uri]) => ` xmlns:${prefix}="${xmlText(uri)}"`)
    .join("");
  const envelope = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"${xmlns}><soapenv:Header/><soapenv:Body>${request.body}</soapenv:Body></soapenv:Envelope>`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${request.action}"` },
      body: envelope,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new ArcaUnavailable(
      timedOut
        ? `ARCA no respondió a tiempo (${request.what}, ${Math.round(request.timeoutMs / 1000)} s)`
        : `No se pudo conectar con ARCA (${request.what})`,
      { cause: error },
    );
  }
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = parseXml(text);
  } catch {
    parsed = null;
  }
  const envelopeOf = parsed?.Envelope as { Body?: Record<string, unknown> } | undefined;
  const body = envelopeOf?.Body;
  if (!body || typeof body !== "object") {
    throw new ArcaUnavailable(`ARCA respondió ${response.status} sin una respuesta válida (${request.what})`);
  }
  const fault = body.Fault as { faultcode?: unknown; faultstring?: unknown } | undefined;
  if (fault) {
    return {
      body: null,
      fault: { code: stripPrefix(String(fault.faultcode ?? "")), message: String(fault.faultstring ?? "") },
    };
  }
  if (!response.ok) {
    throw new ArcaUnavailable(`ARCA respondió ${response.status} (${request.what})`);
  }
  return { body, fault: null };
}
