import { and, asc, count, desc, eq, gte, like, lte, not, or, type SQL, sql } from "drizzle-orm";
import { endOfDay, startOfDay } from "~/lib/dates";
import type { Db } from "~db/index";
import { auditLog } from "~db/schema";
import type { AuditFilters } from "./filters";
import { type AuditGroup, auditGroup } from "./groups";

export const AUDIT_PAGE_SIZE = 50;

/** One line of /admin/auditoria. */
export interface AuditListEntry {
  id: number;
  at: Date;
  adminEmail: string;
  action: string;
  summary: string;
  /** Where the request came from (`details.ip`), when the line recorded it. */
  ip: string | null;
}

/** `%` and `_` are LIKE's wildcards; an action never holds them, but a prefix is matched literally anyway. */
const literal = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** The SQL form of `inAuditGroup`. */
function groupCondition(group: AuditGroup): SQL {
  const matches = [
    ...group.prefixes.map((prefix) => like(auditLog.action, `${literal(prefix)}%`)),
    ...(group.suffixes ?? []).map((suffix) => like(auditLog.action, `%${literal(suffix)}`)),
  ];
  const included = or(...matches) ?? sql`false`;
  const excluded = (group.except ?? []).map((prefix) => not(like(auditLog.action, `${literal(prefix)}%`)));
  return and(included, ...excluded) ?? included;
}

function conditions(filters: AuditFilters): SQL | undefined {
  const group = filters.group ? auditGroup(filters.group) : null;
  return and(
    filters.email ? eq(auditLog.adminEmail, filters.email) : undefined,
    group ? groupCondition(group) : undefined,
    // Buenos Aires days, both included: the range scan uses audit_log_at_idx.
    filters.from ? gte(auditLog.at, startOfDay(filters.from)) : undefined,
    filters.to ? lte(auditLog.at, endOfDay(filters.to)) : undefined,
  );
}

/**
 * A page of the log, newest first (ties by id, so a page never repeats or skips a line), the total and the
 * pages. A page past the last one shows the last one.
 */
export async function listAudit(
  db: Db,
  filters: AuditFilters,
): Promise<{ rows: AuditListEntry[]; total: number; page: number; pages: number }> {
  const where = conditions(filters);
  const [totals] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = totals?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      adminEmail: auditLog.adminEmail,
      action: auditLog.action,
      summary: auditLog.summary,
      ip: sql<string | null>`${auditLog.details}->>'ip'`,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total, page, pages };
}

/** Every e-mail the log holds (a removed admin's too: the log keeps the text), for the filter's select. */
export async function auditEmails(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ email: auditLog.adminEmail }).from(auditLog).orderBy(asc(auditLog.adminEmail));
  return rows.map((row) => row.email);
}
