/** The states of an outbox message (client-safe: admin pages list them). */
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How the admin names the states of a message: one message, and the tab listing them. */
export const MAIL_STATUS: Record<OutboxStatus, { one: string; tab: string }> = {
  queued: { one: "En cola", tab: "En cola" },
  sending: { one: "Enviándose", tab: "Enviándose" },
  sent: { one: "Enviado", tab: "Enviados" },
  failed: { one: "Fallido", tab: "Fallidos" },
};
