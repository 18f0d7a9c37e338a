import type { AdminDiscountCode } from "~/domain/discounts/admin.server";
import { todayInBuenosAires } from "~/lib/dates";
import { formatNumberInput } from "~/lib/money";
import type { DiscountFormValues } from "./discount-form-values";

/** A code as the page shows it: amounts in centavos, dates as text (ISO, and the expiry's calendar day). */
export const pageCode = (code: AdminDiscountCode) => ({
  id: code.id,
  code: code.code,
  description: code.description,
  discountPercentage: code.discountPercentage,
  discountAmountCents: code.discountAmountCents,
  minimumAmountCents: code.minimumAmountCents,
  maxUses: code.maxUses,
  usedCount: code.usedCount,
  validUntil: code.validUntil?.toISOString() ?? null,
  validUntilDay: code.validUntil ? todayInBuenosAires(code.validUntil) : "",
  active: code.active,
  status: code.status,
});
export type PageCode = ReturnType<typeof pageCode>;

/** The edit form's starting values: what the code holds, written as the admin would type it. */
export const formValuesOf = (code: PageCode): DiscountFormValues => ({
  customCode: code.code,
  description: code.description ?? "",
  discountPercentage: code.discountPercentage === null ? "" : String(code.discountPercentage),
  discountAmount: code.discountAmountCents === null ? "" : formatNumberInput(code.discountAmountCents),
  minimumAmount: formatNumberInput(code.minimumAmountCents),
  maxUses: code.maxUses === null ? "" : String(code.maxUses),
  validUntil: code.validUntilDay,
  active: code.active,
});
