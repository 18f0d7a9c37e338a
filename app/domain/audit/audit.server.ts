import { desc } from "drizzle-orm";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import type { Db } from "~db/index";
import { auditLog } from "~db/schema";

export interface AuditEntry {
  /** Dotted verb: "book.create", "carousel.reorder", "expense.delete", "settings.update"... */
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** One Spanish line for people: "Creó el libro «Facundo»". */
  summary: string;
  details?: Record<string, unknown>;
}

/**
 * Records an admin write. Pass the transaction that makes the change, so the change and its record are
 * committed together or not at all.
 */
export async function recordAudit(db: Db, admin: AdminIdentity, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? null,
  });
}

export type AuditRecord = typeof auditLog.$inferSelect;

export function latestAudit(db: Db, limit = 20): Promise<AuditRecord[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
