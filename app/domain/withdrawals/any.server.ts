import { isBoxNumber } from "~/domain/box/number";
import { type BoxWithdrawalContext, requestBoxWithdrawal } from "~/domain/box/withdrawal.server";
import { requestWithdrawal } from "./request.server";

/**
 * The botón de arrepentimiento's one entry (the page and POST /api/arrepentimiento): a number starting
 * with "CR" is a Caja Rizoma subscription (../box/withdrawal.server.ts), anything else an order
 * (./request.server.ts). Both answer the same shape: the ARR- code, whether it is new, the Spanish line,
 * and the number as the shop writes it.
 */
export async function requestAnyWithdrawal(
  ctx: BoxWithdrawalContext & Parameters<typeof requestWithdrawal>[0],
  raw: unknown,
  now: Date = new Date(),
): Promise<{ code: string; created: boolean; message: string; number: string }> {
  const orderNumber = (raw as { orderNumber?: unknown } | null)?.orderNumber;
  if (isBoxNumber(orderNumber)) return requestBoxWithdrawal(ctx, raw, now);
  const result = await requestWithdrawal(ctx, raw, now);
  return { code: result.code, created: result.created, message: result.message, number: result.order.number };
}
