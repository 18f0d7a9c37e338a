import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { type AlertOrigin, alertOwners } from "~/domain/auth/owner-alerts.server";
import type { Db } from "~db/index";
import { recordAudit } from "./audit.server";

export interface ExportRecord {
  /** The action's first part: "customer" → "customer.export". */
  subject: string;
  entity: string;
  /** What was exported, in the summary's words: "los clientes", "las facturas de noviembre de 2026". */
  what: string;
  format: "CSV" | "Excel";
  rows: number;
  /** The filters the export used, as the admin chose them (the URL's names). */
  filters?: Record<string, unknown>;
  /** Where the request came from. */
  ip?: string | null;
}

/**
 * Records that an admin downloaded personal data or money figures (issue 34: exports are audited). Called
 * when the file is ready and before it is served: an export the log cannot record is not served.
 */
export function recordExport(db: Db, admin: AdminIdentity, record: ExportRecord): Promise<void> {
  const rows = `${record.rows.toLocaleString("es-AR")} ${record.rows === 1 ? "fila" : "filas"}`;
  return recordAudit(db, admin, {
    action: `${record.subject}.export`,
    entity: record.entity,
    summary: `Exportó ${record.what} (${record.format}, ${rows})`,
    details: {
      format: record.format.toLowerCase(),
      rows: record.rows,
      filters: record.filters ?? {},
      ...(record.ip ? { ip: record.ip } : {}),
    },
  });
}

/**
 * An export of personal data or money figures by an owner (after the step-up): recorded as above, and every
 * owner is told by e-mail in the same transaction (issue 34 item 3). An export neither can record is not served.
 */
export async function recordPersonalExport(
  db: Db,
  admin: AdminIdentity,
  record: ExportRecord,
  origin: AlertOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    await recordExport(inner, admin, record);
    const rows = `${record.rows.toLocaleString("es-AR")} ${record.rows === 1 ? "fila" : "filas"}`;
    await alertOwners(inner, {
      ...origin,
      what: `Se descargó una exportación: ${record.what}`,
      actor: admin,
      details: [["Archivo", `${record.format}, ${rows}`]],
    });
  });
}
