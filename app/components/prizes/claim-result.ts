import type { ClaimInput } from "~/domain/prizes/rules";

/** What a claim answered: the no-JavaScript action's data, or the page's own record of the API's answer. */
export type ClaimResult =
  | { ok: true; message: string; claimedAt: string }
  | { ok: false; error: string; fields: Partial<Record<keyof ClaimInput, string>>; values: Record<string, string> }
  | { ok: false; alreadyClaimed: true; claimedAt: string | null; claimedByInitial: string | null; error: string };

/**
 * What the page shows of a code: checkCode's public answer. Spelled out here because components do not
 * import `.server` modules, not even for a type.
 */
export interface PrizeCode {
  code: string;
  bookTitle: string;
  description: string | null;
  status: "pending" | "validated" | "expired";
  validatedAt: string | null;
  canClaim: boolean;
  winnerInfo: { claimedAt: string; claimedByName: string } | null;
}

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
