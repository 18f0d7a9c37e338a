import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { Conflict } from "~/domain/errors";
import { normalizeEmail } from "~/lib/email";
import { emailSchema } from "~/lib/email-schema";
import type { Db } from "~db/index";
import { adminUsers } from "~db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./passwords.server";
import type { AdminRole } from "./roles";

export interface AdminIdentity {
  id: number;
  email: string;
  role: AdminRole;
}

export const adminEmail = emailSchema({ missing: "El email es requerido", invalid: "Email inválido" }, 200);

export const newAdminSchema = z.object({
  email: adminEmail,
  password: z
    .string({ error: "La contraseña es requerida" })
    .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)
    .max(200, "La contraseña es demasiado larga"),
});

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

export async function findAdminByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.email, normalizeEmail(email)));
  return row ?? null;
}

/**
 * Creates an admin (an owner unless told otherwise: the first admin, `npm run admin:create` and the
 * ADMIN_EMAIL env are the shop's owners); an e-mail that already has one is a Conflict (the unique index decides).
 */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string },
  role: AdminRole = "owner",
): Promise<AdminIdentity> {
  const { email, password } = newAdminSchema.parse(input);
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(adminUsers)
    .values({ email, passwordHash, role })
    .onConflictDoNothing({ target: adminUsers.email })
    .returning({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role });
  if (!row) throw new Conflict("Ya existe un administrador con ese email");
  return row;
}
