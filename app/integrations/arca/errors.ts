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
