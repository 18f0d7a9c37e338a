/**
 * Typed domain errors. Domain functions throw these; `app/lib/http.server.ts` maps them to HTTP in one
 * place. `message` is always the Spanish text a visitor may read.
 */
export class DomainError extends Error {
  readonly status: number = 400;
  /** Extra fields some answers carry next to `error` (e.g. per-item results). */
  readonly details?: Record<string, unknown>;
  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

export class Invalid extends DomainError {
  override readonly status = 400;
}
export class Unauthorized extends DomainError {
  override readonly status = 401;
}
export class NotFound extends DomainError {
  override readonly status = 404;
}
export class Conflict extends DomainError {
  override readonly status = 409;
}
export class PayloadTooLarge extends DomainError {
  override readonly status = 413;
}
export class UnsupportedMediaType extends DomainError {
  override readonly status = 415;
}
export class OutOfStock extends DomainError {
  override readonly status = 409;
}
export class Forbidden extends DomainError {
  override readonly status = 403;
}
/** A rate limit refused the request; `retryAfterSeconds` says when it frees (the answer's Retry-After). */
export class TooManyRequests extends DomainError {
  override readonly status = 429;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, details?: Record<string, unknown>) {
    super(message, details);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
/** An outside service (Mercado Pago...) failed: the visitor may try again. */
export class BadGateway extends DomainError {
  override readonly status = 502;
}
/** An outside service (Mercado Pago...) did not answer in time: the visitor may try again. */
export class GatewayTimeout extends DomainError {
  override readonly status = 504;
}
/** A feature is switched off by configuration (e.g. payments in production without Mercado Pago). */
export class Unavailable extends DomainError {
  override readonly status = 503;
}
