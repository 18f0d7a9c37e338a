import type { CarrierId } from "./types";

/** The carrier answered and refused (a 4xx other than 429): its message, in its words when it gave one. */
export class CarrierRejected extends Error {
  readonly carrier: CarrierId;
  readonly status: number;
  constructor(carrier: CarrierId, status: number, message: string) {
    super(message);
    this.name = "CarrierRejected";
    this.carrier = carrier;
    this.status = status;
  }
}

/** No answer came back (network, timeout, 5xx, 429 past the retries): the call may or may not have arrived. */
export class CarrierUnavailable extends Error {
  readonly carrier: CarrierId;
  constructor(carrier: CarrierId, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CarrierUnavailable";
    this.carrier = carrier;
  }
}
