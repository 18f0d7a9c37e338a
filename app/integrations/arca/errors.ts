import type { ArcaMessage } from "./types";

/** ARCA answered and refused: its errors (Errors.Err) or a rejected voucher's observations. */
export class ArcaRejected extends Error {
  readonly errors: ArcaMessage[];
  readonly observations: ArcaMessage[];
  constructor(errors: ArcaMessage[], observations: ArcaMessage[] = []) {
    const all = [...errors, ...observations];
    super(
      all.length > 0
        ? `ARCA rechazó el pedido: ${all.map((entry) => `${entry.code} ${entry.message}`).join("; ")}`
        : "ARCA rechazó el pedido sin decir por qué",
    );
    this.name = "ArcaRejected";
    this.errors = errors;
    this.observations = observations;
  }
  /** Whether one of ARCA's codes is among the errors (e.g. 10016: the number is not the next one). */
  has(code: number): boolean {
    return this.errors.some((entry) => entry.code === code) || this.observations.some((entry) => entry.code === code);
  }
}

/** The call did not come back with an answer (network, timeout, HTTP 5xx, a SOAP fault): it may have arrived. */
export class ArcaUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ArcaUnavailable";
  }
}

/**
 * ARCA's own failures, answered inside a normal WSFE result (Errors.Err): 500 "Error interno de aplicación",
 * 501 "Error interno de base de datos", 502 "Error interno - Transacción activa". They say nothing about the
 * request, and a FECAESolicitar answered so may still be committed: they are `ArcaUnavailable`, retried.
 */
export const ARCA_INTERNAL_ERRORS: ReadonlySet<number> = new Set([500, 501, 502]);

/** ARCA answered with an error of its own (ARCA_INTERNAL_ERRORS): nothing is known about the request. */
export class ArcaInternalError extends ArcaUnavailable {
  readonly errors: ArcaMessage[];
  constructor(errors: ArcaMessage[], what: string) {
    super(
      `ARCA respondió con un error propio al ${what} (${errors.map((entry) => `${entry.code} ${entry.message}`).join("; ")}); se reintenta.`,
    );
    this.name = "ArcaInternalError";
    this.errors = errors;
  }
}
