import type { RequestContext } from "~/domain/request-context";
import type { Db } from "~db/index";
import { saleSigner } from "./receipt.server";

/**
 * Signed receipt links of some sales, by number: the site-relative path (`/recibo/VT-000123?token=`) for the
 * shop's own pages, the absolute URL for an API answer.
 */
export async function receiptLinks(
  db: Db,
  ctx: Pick<RequestContext, "configuredSecret" | "siteUrl">,
  numbers: readonly string[],
): Promise<Record<string, { path: string; url: string }>> {
  if (numbers.length === 0) return {};
  const signer = await saleSigner(db, ctx);
  return Object.fromEntries(
    numbers.map((number) => [
      number,
      { path: `/recibo/${encodeURIComponent(number)}?token=${signer.token(number)}`, url: signer.url(number) },
    ]),
  );
}
