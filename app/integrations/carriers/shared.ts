import { type Cents, pesosToCents } from "~/lib/money";
import type { TrackingEvent } from "./types";

/**
 * Small readings both carrier clients (and the sandbox) share: their money, postal codes, street lines,
 * local times and tracking words, turned into the shop's types.
 */

/** A carrier's decimal pesos (498.06, "7041.21", even "12.345" with three decimals) → centavos, exactly. */
export function carrierCents(value: unknown): Cents | null {
  if (typeof value !== "number" && typeof value !== "string") return null;
  const text = String(value).trim();
  const exact = pesosToCents(text);
  if (exact !== null) return exact;
  // More than two decimals: round half up on the text, never through a float product.
  const match = /^(\d+)\.(\d{3,})$/.exec(text);
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

/** "C1414ABC", "1414", " 1414 " → "1414"; null when there are no 4 digits to send. */
export function zip4(value: string): string | null {
  const match = /^\s*[A-Za-z]?(\d{4})[A-Za-z]{0,3}\s*$/.exec(value);
  return match?.[1] ?? null;
}

/**
 * "Av. Cabildo 2040 3° B" → {name "Av. Cabildo", number "2040", rest "3° B"}: the carriers want the
 * street and its number apart; the shop keeps one line. The number is the last plain number that is not a
 * floor or a flat ("Calle 7, 1234" → "Calle 7" / "1234"; "piso 5" is not it). Without one, "S/N" (sin
 * número), as the carriers' own forms write it.
 */
export function splitStreet(street: string): { name: string; number: string; rest: string } {
  const tokens = street.trim().replace(/\s+/g, " ").split(" ");
  const clean = (token: string) => token.replace(/,$/, "");
  let at = -1;
  tokens.forEach((token, index) => {
    const previous = plain(tokens[index - 1] ?? "").replace(/\.$/, "");
    const floorOrFlat = /^(piso|p|dto|depto|dpto|departamento|of|oficina|torre)$/.test(previous);
    if (index > 0 && /^\d+[A-Za-z]?$/.test(clean(token)) && !floorOrFlat) at = index;
  });
  if (at === -1) return { name: tokens.join(" ").replace(/,$/, ""), number: "S/N", rest: "" };
  return {
    name: clean(tokens.slice(0, at).join(" ")),
    number: clean(tokens[at] ?? ""),
    rest: tokens
      .slice(at + 1)
      .join(" ")
      .replace(/^,\s*/, ""),
  };
}

/**
 * A carrier's local time without offset ("2021-03-09T11:08:03", or MiCorreo's "09-12-2024 05:00") is
 * Buenos Aires time (UTC−3 all year, no daylight saving since 2009) → ISO 8601 with its offset.
 */
export function buenosAiresIso(value: string): string | null {
  const text = value.trim();
  if (/[zZ]$|[+-]\d\d:?\d\d$/.test(text) && !Number.isNaN(Date.parse(text))) return new Date(text).toISOString();
  let match = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?/.exec(text);
  if (match) {
    const [, y, mo, d, h, mi, s = "00"] = match;
    return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}-03:00`).toISOString();
  }
  match = /^(\d\d)[-/](\d\d)[-/](\d{4})(?:[ T](\d\d):(\d\d)(?::(\d\d))?)?/.exec(text);
  if (match) {
    const [, d, mo, y, h = "00", mi = "00", s = "00"] = match;
    return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}-03:00`).toISOString();
  }
  return null;
}

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/_/g, " ")
    .toLowerCase();

/**
 * A carrier's event name or state ("ENTREGADO", "EN_DISTRIBUCION", "Pendiente de ingreso", "No entregado")
 * → the shop's tracking step. The order of the tests matters ("no entregado" before "entregado"); what is
 * not recognised is a parcel on its way (in_transit), never a delivery.
 */
export function trackingStatus(text: string): TrackingEvent["status"] {
  const words = plain(text);
  if (/no entregad|devuel|devolucion|rechaz|siniestr|extravi|anulad|cancelad|caduc|robad/.test(words)) return "failed";
  if (/entregad/.test(words)) return "delivered";
  if (/en distribucion|en reparto|salio a distribu|poder del distribuidor|en camino al domicilio/.test(words)) {
    return "out_for_delivery";
  }
  if (/en sucursal|espera en sucursal|para retirar|disponible para retir|listo para retir/.test(words)) {
    return "at_branch";
  }
  if (/preimposicion|pendiente|ingresado al sistema|solicitad|creado|alta de envio/.test(words)) return "created";
  return "in_transit";
}

/** Oldest first, ties kept in the carrier's order. */
export function oldestFirst(events: TrackingEvent[]): TrackingEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at) || a.index - b.index)
    .map(({ event }) => event);
}
