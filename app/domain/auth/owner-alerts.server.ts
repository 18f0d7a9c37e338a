import { asc, eq } from "drizzle-orm";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { BankSettings } from "~/domain/settings/schema";
import { longDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { Db } from "~db/index";
import { adminUsers } from "~db/schema";
import type { AdminIdentity } from "./admin-users.server";
import { ownerAlertMail } from "./owner-alert-mail.server";

/**
 * "Tell every owner" (issue 34 item 3, DESIGN §9): one helper that mails each owner what changed, who did
 * it, when and from where, whenever someone changes the bank details, refunds, exports personal data, adds
 * an admin or an owner, goes live, or changes whether the team needs a second factor. Mail goes through the
 * outbox: call it with the transaction of the change, so the change and its alert are written together.
 */

/** Where the request came from, as the route knows it. */
export interface AlertOrigin {
  ip: string;
  userAgent: string | null;
  /** The shop's public address (the letter's links and Message-ID). */
  siteUrl: string;
}

export interface OwnerAlert extends AlertOrigin {
  /** The subject and heading: "Se cambió el CBU de la cuenta de transferencias". Never a secret. */
  what: string;
  actor: AdminIdentity;
  /** What changed, as label/value rows (mask what must be masked before: `maskTail`). */
  details?: [label: string, value: string][];
  at?: Date;
}

/** Queues one letter per owner; answers how many. */
export async function alertOwners(db: Db, alert: OwnerAlert): Promise<number> {
  const owners = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.role, "owner"))
    .orderBy(asc(adminUsers.id));
  const mail = ownerAlertMail({
    siteUrl: alert.siteUrl,
    what: alert.what,
    who: alert.actor.email,
    when: `${longDateTime(alert.at ?? new Date())} (hora de Buenos Aires)`,
    from: `${alert.ip || "dirección desconocida"} · ${describeBrowser(alert.userAgent)}`,
    details: alert.details ?? [],
  });
  for (const owner of owners) await enqueueMail(db, { to: owner.email, mail, siteUrl: alert.siteUrl });
  return owners.length;
}

/** "Chrome en Windows", from a User-Agent header (or what is known of it). */
export function describeBrowser(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  if (!ua.trim()) return "navegador desconocido";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl\//i.test(ua)
              ? "curl"
              : null;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iOS/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (!browser) return `navegador: ${ua.slice(0, 80)}`;
  return system ? `${browser} en ${system}` : browser;
}

/** Everything but the last four characters hidden: "•••• 7891". Empty stays "(vacío)". */
export function maskTail(value: string | null | undefined): string {
  const text = (value ?? "").replace(/\s/g, "");
  if (!text) return "(vacío)";
  return `•••• ${text.slice(-4)}`;
}

const BANK_FIELDS: [key: keyof BankSettings, label: string, masked: boolean][] = [
  ["holder", "Titular", false],
  ["bank", "Banco", false],
  ["cbu", "CBU o CVU", true],
  ["alias", "Alias", true],
  ["cuit", "CUIT", true],
  ["transferExpiryDays", "Días para pagar una transferencia", false],
  ["transferDiscountPercent", "Descuento por transferencia (%)", false],
];

/**
 * The alert for new bank details, or null when nothing changed: the CBU or the alias (where transfer buyers
 * send money) gets its own subject; the rows say each changed field before and after, the CBU, alias and
 * CUIT masked but for their last four characters.
 */
export function bankChangeAlert(
  before: BankSettings,
  after: BankSettings,
): { what: string; details: [string, string][] } | null {
  const changed = BANK_FIELDS.filter(([key]) => String(before[key] ?? "") !== String(after[key] ?? ""));
  if (changed.length === 0) return null;
  const show = (value: unknown, masked: boolean) => (masked ? maskTail(String(value ?? "")) : String(value ?? ""));
  const accountChanged = changed.some(([key]) => key === "cbu" || key === "alias");
  return {
    what: accountChanged ? "Se cambió el CBU de la cuenta de transferencias" : "Se cambiaron los datos bancarios",
    details: changed.map(([key, label, masked]) => [
      label,
      `${show(before[key], masked)} → ${show(after[key], masked)}`,
    ]),
  };
}

/** `updateSection`'s `onChange` for the bank details: the owners' alert, in the save's transaction. */
export function alertBankChange(actor: AdminIdentity, origin: AlertOrigin) {
  return async (tx: Db, change: { before: unknown; after: unknown }) => {
    const alert = bankChangeAlert(change.before as BankSettings, change.after as BankSettings);
    if (alert) await alertOwners(tx, { ...origin, ...alert, actor });
  };
}

/** A withdrawal's refund went out (Mercado Pago, or a transfer the shop made): every owner is told. */
export function alertRefund(
  db: Db,
  actor: AdminIdentity,
  origin: AlertOrigin,
  refund: { code: string; refundCents: number | null; refundMethod: "mercadopago" | "transfer" | null },
  orderNumber?: string,
): Promise<number> {
  return alertOwners(db, {
    ...origin,
    what: "Se hizo un reembolso",
    actor,
    details: [
      ...(orderNumber ? ([["Pedido", orderNumber.toUpperCase()]] as [string, string][]) : []),
      ["Arrepentimiento", refund.code],
      ["Monto", refund.refundCents === null ? "(sin dato)" : formatMoney(refund.refundCents)],
      ["Medio", refund.refundMethod === "mercadopago" ? "Mercado Pago" : "Transferencia"],
    ],
  });
}

/** A paid order was cancelled: its money must go back to the buyer, so every owner is told. */
export function alertPaidOrderCancelled(
  db: Db,
  actor: AdminIdentity,
  origin: AlertOrigin,
  order: { number: string; totalCents: number; paymentMethod: string; cancelReason: string | null },
): Promise<number> {
  return alertOwners(db, {
    ...origin,
    what: "Se canceló un pedido pagado: hay que devolver el dinero",
    actor,
    details: [
      ["Pedido", order.number.toUpperCase()],
      ["Monto", formatMoney(order.totalCents)],
      ["Pago", order.paymentMethod === "mercadopago" ? "Mercado Pago" : "Transferencia"],
      ["Motivo", order.cancelReason ?? ""],
    ],
  });
}
