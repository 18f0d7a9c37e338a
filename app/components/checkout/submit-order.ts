import type { CartItem } from "~/domain/cart/cart";
import { documentRequired, orderInputSchema } from "~/domain/orders/input";
import { zodMessage } from "~/lib/zod-spanish";
import type { InvoiceField } from "./invoice-fields";

export type OrderOutcome =
  | { kind: "placed"; number: string; token: string; paymentUrl: string | null }
  | { kind: "stock"; error: string; items: { id: number; title: string; requested: number; available: number }[] }
  | { kind: "error"; error: string; field?: InvoiceField };

const INVOICE_FIELDS: readonly InvoiceField[] = ["cuit", "legalName", "taxCondition", "document"];

const value = (form: FormData, name: string) => {
  const text = form.get(name);
  return typeof text === "string" && text.trim() ? text.trim() : undefined;
};

/**
 * Sends the checkout to POST /api/orders: the cart's ids and quantities (never prices: the server
 * computes them, and quotes a carrier's option again), the buyer's data and choices. Returns what the
 * page shows next.
 */
export async function submitOrder(
  form: HTMLFormElement,
  items: CartItem[],
  discountCode: string | null,
  /** RG 5700/2025's threshold (whole pesos) and the total the page shows: a DNI/CUIL is asked above it. */
  identify: { fromPesos: number; totalCents: number },
): Promise<OrderOutcome> {
  const data = new FormData(form);
  const method = value(data, "method") ?? "pickup";
  const body = {
    items: items.map(({ id, quantity }) => ({ id, quantity })),
    customer: {
      firstName: value(data, "firstName") ?? "",
      lastName: value(data, "lastName") ?? "",
      email: value(data, "email") ?? "",
      phone: value(data, "phone") ?? "",
      // Optional (a company's invoice): sent only when typed, so a final consumer's body stays as before.
      ...(value(data, "cuit") ? { cuit: value(data, "cuit") } : {}),
      ...(value(data, "legalName") ? { legalName: value(data, "legalName") } : {}),
      ...(value(data, "taxCondition") ? { taxCondition: value(data, "taxCondition") } : {}),
      // A final consumer's DNI or CUIL: the field is on the page only above the threshold and without a CUIT.
      ...(value(data, "document") && !value(data, "cuit") ? { document: value(data, "document") } : {}),
    },
    delivery: {
      method,
      ...(method === "pickup"
        ? { pickupPoint: value(data, "pickupPoint") }
        : {
            address: value(data, "address"),
            city: value(data, "city"),
            zipCode: value(data, "zipCode"),
            // The option id from the quote ("andreani:branch:…", "table:fast"), and the branch for a branch option.
            ...(method === "shipping"
              ? {
                  province: value(data, "province"),
                  option: value(data, "shippingOption"),
                  ...(value(data, "branchId") ? { branchId: value(data, "branchId") } : {}),
                }
              : {}),
          }),
    },
    paymentMethod: value(data, "paymentMethod") ?? "transfer",
    ...(discountCode ? { discountCode } : {}),
  };
  // The same rules the server applies, to answer at once; the server checks everything again.
  const checked = orderInputSchema.safeParse(body);
  if (!checked.success) {
    const [scope, field] = checked.error.issues[0]?.path ?? [];
    const invoiceField = scope === "customer" && INVOICE_FIELDS.find((name) => name === field);
    return { kind: "error", error: zodMessage(checked.error), ...(invoiceField ? { field: invoiceField } : {}) };
  }
  const { customer } = checked.data;
  if (!customer.cuit && !customer.document && identify.totalCents >= identify.fromPesos * 100) {
    return { kind: "error", error: documentRequired(identify.fromPesos), field: "document" };
  }
  try {
    const response = await fetch("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as {
      success?: boolean;
      error?: string;
      field?: string;
      items?: { id: number; title: string; requested: number; available: number }[];
      order?: { number: string; token: string; paymentUrl?: string };
    } | null;
    if (response.status === 201 && json?.order) {
      return {
        kind: "placed",
        number: json.order.number,
        token: json.order.token,
        paymentUrl: json.order.paymentUrl ?? null,
      };
    }
    const error = json?.error ?? "No pudimos registrar tu pedido. Probá de nuevo en unos minutos.";
    if (response.status === 409 && json?.items) return { kind: "stock", error, items: json.items };
    // The server's total reached the threshold although the page's did not (prices changed meanwhile).
    if (json?.field === "document") return { kind: "error", error, field: "document" };
    return { kind: "error", error };
  } catch {
    return { kind: "error", error: "No pudimos conectarnos. Revisá tu conexión y probá de nuevo." };
  }
}
