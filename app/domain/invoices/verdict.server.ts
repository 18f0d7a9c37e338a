import { ArcaRejected, ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaApi, CaeRequest } from "~/integrations/arca/types";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { ARCA_DATE_WINDOW_DAYS, dayMonthYear, voucherDifferences } from "./reconcile";

/**
 * What ARCA's answers prove about one voucher's number (issue 32, docs/decisions/0026). Only ARCA settles a
 * number in doubt: FECompConsultar compared field by field, and the same request sent again. A 602 right
 * after a timeout proves nothing (ARCA may still be committing), so it is never a reason to renumber.
 */
export type Verdict =
  /** ARCA authorised this very request (now, or earlier and we had not heard). */
  | { kind: "issued"; cae: string; caeExpiry: string; observations: string | null; recovered: boolean }
  /** Nothing is known: the voucher keeps its number and its request, and is asked about again later. */
  | { kind: "doubt"; message: string; review?: string }
  /** Proven not this voucher's (another voucher holds it, or ARCA will never take it): a new number is asked. */
  | { kind: "free"; message: string }
  /** ARCA refused the voucher's content (the same data would be refused again): it ends failed. */
  | { kind: "rejected"; message: string };

/** Called before every ARCA call: renews the turn's leases, throws when the turn was lost. */
export type Guard = () => Promise<void>;

const NOT_NEXT = 10016;

/** FECompConsultar of the request's number: ours (issued), another's (free), or not there (null). */
async function lookUp(arca: ArcaApi, request: CaeRequest, guard: Guard): Promise<Verdict | null> {
  await guard();
  const found = await arca.findVoucher(request.pointOfSale, request.voucherType, request.number);
  if (!found) return null;
  const differences = voucherDifferences(request, found);
  if (differences.length === 0) {
    return { kind: "issued", cae: found.cae, caeExpiry: found.caeExpiry, observations: null, recovered: true };
  }
  return {
    kind: "free",
    message: `ARCA tiene el número ${request.number} con otros datos (${differences.join(", ")}): es otro comprobante, así que este pide un número nuevo.`,
  };
}

/**
 * ARCA answered 10016 ("the number or the date is not the next one"). Bounded: it reads the last number
 * once and decides; it never loops on ARCA.
 */
async function afterNotNext(
  arca: ArcaApi,
  request: CaeRequest,
  error: ArcaRejected,
  resend: boolean,
  guard: Guard,
): Promise<Verdict> {
  await guard();
  const last = await arca.lastAuthorized(request.pointOfSale, request.voucherType);
  if (last >= request.number) {
    // Someone holds the number by now: on a re-send it may be our own first request, committed late.
    if (!resend) return { kind: "free", message: `ARCA ya usó el número ${request.number}; se pide el siguiente.` };
    const known = await lookUp(arca, request, guard);
    return (
      known ?? {
        kind: "doubt",
        message: `ARCA informa autorizado hasta el número ${last} pero todavía no muestra el ${request.number}; se vuelve a consultar.`,
      }
    );
  }
  if (last < request.number - 1) {
    return {
      kind: "free",
      message: `ARCA informa como último autorizado el ${last}, antes del ${request.number - 1}: se pide el número que sigue.`,
    };
  }
  // The number is the next one, so ARCA refuses the date.
  await guard();
  const lastVoucher = last > 0 ? await arca.findVoucher(request.pointOfSale, request.voucherType, last) : null;
  if (lastVoucher && lastVoucher.date > request.date) {
    return {
      kind: "rejected",
      message: `La fecha del comprobante (${dayMonthYear(request.date)}) es anterior a la del último que ARCA autorizó en este punto de venta (número ${last}, del ${dayMonthYear(lastVoucher.date)}), y ARCA no acepta fechas hacia atrás. Suele pasar cuando se emite un comprobante por fuera de la tienda con una fecha posterior. Al reintentarlo se emite con la fecha de ese día.`,
    };
  }
  const oldest = addDays(todayInBuenosAires(), -ARCA_DATE_WINDOW_DAYS);
  if (request.date < oldest) {
    // Days have passed: nothing of ours can still be committing. A new number, dated today.
    return {
      kind: "free",
      message: `ARCA ya no acepta la fecha ${dayMonthYear(request.date)} (admite hasta ${ARCA_DATE_WINDOW_DAYS} días antes): se emite con la fecha de hoy.`,
    };
  }
  if (resend) {
    return {
      kind: "doubt",
      message: `${error.message} (el número ${request.number} es el próximo y la fecha es válida); se vuelve a consultar.`,
      review: `ARCA rechaza volver a enviar el número ${request.number} con el código 10016 aunque es el próximo y la fecha es válida. Revisá en el portal de ARCA si el comprobante existe.`,
    };
  }
  return { kind: "rejected", message: error.message };
}

/** FECAESolicitar for `request`, and what its answer proves. `resend`: the number was sent before. */
export async function sendRequest(arca: ArcaApi, request: CaeRequest, resend: boolean, guard: Guard): Promise<Verdict> {
  await guard();
  try {
    const result = await arca.requestCae(request);
    const observations = result.observations.map((entry) => `${entry.code}: ${entry.message}`).join("\n") || null;
    return { kind: "issued", cae: result.cae, caeExpiry: result.caeExpiry, observations, recovered: false };
  } catch (error) {
    if (error instanceof ArcaRejected) {
      if (error.has(NOT_NEXT)) {
        try {
          return await afterNotNext(arca, request, error, resend, guard);
        } catch (next) {
          if (!(next instanceof ArcaUnavailable || next instanceof ArcaRejected)) throw next;
          // This request was refused, so a first send's number is not ours; a re-send's may still be.
          return resend
            ? { kind: "doubt", message: next.message }
            : { kind: "free", message: `${error.message}; se pide el número de nuevo.` };
        }
      }
      return { kind: "rejected", message: error.message };
    }
    if (error instanceof ArcaUnavailable) return { kind: "doubt", message: error.message };
    throw error;
  }
}

/**
 * A voucher whose number was sent and never answered: ARCA is asked whether it holds it (and with our
 * data); if not yet, the very same request is sent again — authorised now, or refused with 10016 once our
 * first request has committed, which `afterNotNext` recognises.
 */
export async function settleInDoubt(arca: ArcaApi, request: CaeRequest, guard: Guard): Promise<Verdict> {
  try {
    const known = await lookUp(arca, request, guard);
    if (known) return known;
  } catch (error) {
    if (error instanceof ArcaUnavailable) return { kind: "doubt", message: error.message };
    if (error instanceof ArcaRejected) return { kind: "doubt", message: error.message };
    throw error;
  }
  return sendRequest(arca, request, true, guard);
}
