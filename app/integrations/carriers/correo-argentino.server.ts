import type { CorreoArgentinoConfig } from "./config";
import type { Carrier } from "./types";

// TEMPORARY (issue 21 in progress): the helper writing the carrier clients replaces this file.
export function correoArgentinoClient(_config: CorreoArgentinoConfig, _timeoutMs: number): Carrier {
  throw new Error("correoArgentinoClient: not written yet");
}
