import type { ClaimInput, PublicQrCode } from "~/domain/prizes/rules";

/** What a claim answered: the no-JavaScript action's data, or the page's own record of the API's answer. */
export type ClaimResult =
  | { ok: true; message: string; claimedAt: string }
  | { ok: false; error: string; fields: Partial<Record<keyof ClaimInput, string>>; values: Record<string, string> }
  | { ok: false; alreadyClaimed: true; claimedAt: string | null; claimedByInitial: string | null; error: string };

/** What the page shows of a code: checkCode's public answer. */
export type PrizeCode = PublicQrCode;

/** After a claim (ours or someone else's) the page shows the code as claimed, as the spec says. */
export function claimedView(base: PrizeCode, result: ClaimResult | null): PrizeCode {
  if (result && "alreadyClaimed" in result) {
    return {
      ...base,
      status: "validated",
      canClaim: false,
      validatedAt: result.claimedAt,
      winnerInfo: result.claimedAt
        ? { claimedAt: result.claimedAt, claimedByName: result.claimedByInitial ?? "" }
        : null,
    };
  }
  return result?.ok ? { ...base, status: "validated", canClaim: false, validatedAt: result.claimedAt } : base;
}
