import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { countAdmins, createAdmin } from "~/domain/auth/admin-users.server";
import type { Db } from "~db/index";
import type { ServerEnv } from "./env";

export const DEMO_ADMIN_EMAIL = "admin@rizoma.local";

/**
 * Makes sure someone can sign in: ADMIN_EMAIL + ADMIN_PASSWORD create the first admin when there is none;
 * the embedded demo generates one and keeps its credentials in DATA_DIR/demo-admin.txt (mode 600).
 * Returns the lines to print at start (the demo's URL and credentials), or none.
 */
export async function bootstrapAdmin(db: Db, env: ServerEnv, adminUrl: string): Promise<string[]> {
  if ((await countAdmins(db)) > 0) return demoCredentialsLines(env, adminUrl);
  if (env.bootstrapAdmin) {
    await createAdmin(db, env.bootstrapAdmin);
    return [`Administrador creado desde ADMIN_EMAIL: ${env.bootstrapAdmin.email}`];
  }
  if (!env.demoData || env.databaseUrl) {
    return ["Todavía no hay administradores: creá uno con `npm run admin:create` o con ADMIN_EMAIL y ADMIN_PASSWORD."];
  }
  const password = randomBytes(12).toString("base64url");
  await createAdmin(db, { email: DEMO_ADMIN_EMAIL, password });
  writeFileSync(demoFile(env), `${DEMO_ADMIN_EMAIL}\n${password}\n`, { mode: 0o600 });
  return demoCredentialsLines(env, adminUrl);
}

const demoFile = (env: ServerEnv) => path.join(env.dataDir, "demo-admin.txt");

function demoCredentialsLines(env: ServerEnv, adminUrl: string): string[] {
  if (env.databaseUrl || !existsSync(demoFile(env))) return [];
  const [email, password] = readFileSync(demoFile(env), "utf8").split("\n");
  return [`Panel de administración (demo): ${adminUrl}`, `  email: ${email}`, `  contraseña: ${password}`];
}
