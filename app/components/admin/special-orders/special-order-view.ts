import type { getSpecialOrder } from "~/domain/special-orders/special-orders.server";
import type { FormFailure } from "~/lib/form-failure";

type Found = Awaited<ReturnType<typeof getSpecialOrder>>;

/** The request as the detail page's loader sends it (dates as ISO text). */
export type AdminSpecialOrderView = Omit<Found["order"], "createdAt" | "updatedAt"> & {
  createdAt: string;
  updatedAt: string;
};

export interface SpecialOrderReplyView {
  id: number;
  adminEmail: string;
  body: string;
  sentAt: string;
}

/** The page action's refusal of one form, with what was typed in the notes and the reply. */
export type SpecialOrderFailure = FormFailure<{ adminNotes: string; message: string }> | null;

/** The panel's look for these forms' fields and buttons. */
export const field = "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2";
export const button = "rounded-md bg-moss px-4 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70";
