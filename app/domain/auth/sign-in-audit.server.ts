import type { Db } from "~db/index";
import { auditLog } from "~db/schema";

/**
 * Admin sign-ins in the audit log, with who, when and from where: `admin.login` for a right password,
 * `admin.login_failed` for a wrong one (an unknown e-mail is recorded as typed, trimmed, at most 200
 * characters, with no admin id). Attempts refused by the lockout are not recorded one by one: they are
 * unbounded, and the lockout's counters already hold them.
 */
export async function recordSignIn(
  db: Db,
  event: { ok: boolean; email: string; adminId: number | null; ip: string; reason?: "password" | "factor" },
): Promise<void> {
  const email = event.email.trim().slice(0, 200);
  await db.insert(auditLog).values({
    adminId: event.adminId,
    adminEmail: email,
    action: event.ok ? "admin.login" : "admin.login_failed",
    entity: "admin",
    entityId: event.adminId === null ? null : String(event.adminId),
    summary: event.ok
      ? "Entró al panel"
      : event.reason === "factor"
        ? `Código de segundo factor incorrecto al entrar como ${email}`
        : `Intento fallido de entrar al panel como ${email}`,
    details: event.reason === "factor" ? { ip: event.ip, reason: "factor" } : { ip: event.ip },
  });
}
