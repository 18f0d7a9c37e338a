/** Mercado Pago did not answer, or answered an error. `message` is Spanish, for logs and the admin. */
export class MercadoPagoError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** MP's own `{message, error, cause}` when it sent one. */
    readonly body?: unknown,
    /** Mercado Pago never answered in time (the last attempt timed out). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = "MercadoPagoError";
  }
}
