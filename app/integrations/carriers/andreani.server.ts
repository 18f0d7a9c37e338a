import type { AndreaniConfig } from "./config";
import type { Carrier } from "./types";

// TEMPORARY (issue 21 in progress): the helper writing the carrier clients replaces this file.
export function andreaniClient(_config: AndreaniConfig, _timeoutMs: number): Carrier {
  throw new Error("andreaniClient: not written yet");
}
