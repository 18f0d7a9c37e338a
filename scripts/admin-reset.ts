/**
 * npm run admin:reset -- librera@rizoma.com.ar
 * The way back for an owner locked out (issue 34): a new password for that admin, printed once, and every
 * one of their sessions ended. Run on the server by whoever holds its shell, which is the proof of who
 * they are. On the embedded database it asks the running server when there is one.
 */
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { resetAdminPassword } from "../app/domain/auth/team.server";
import { DomainError } from "../app/domain/errors";
import { zodMessage } from "../app/lib/zod-spanish";
import { readControlInfo } from "../server/control";
import { lockHolder } from "../server/data-dir-lock";
import { loadEnv } from "../server/env";
import { openMigratedDatabase } from "../server/open-database";
import { projectRoot } from "../server/project-root";

class CliError extends Error {}

async function main() {
  const { positionals, values } = parseArgs({ options: { email: { type: "string" } }, allowPositionals: true });
  const email = values.email ?? positionals[0];
  if (!email) throw new CliError("Indicá el email del administrador: npm run admin:reset -- librera@rizoma.com.ar");
  const env = loadEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  let reset: { email: string; password: string };
  if (!env.databaseUrl && lockHolder(env.dataDir) !== null) {
    const control = readControlInfo(env.dataDir);
    if (!control)
      throw new CliError(
        `Hay un servidor usando ${env.dataDir} pero no se pudo hablar con él. Detenelo y volvé a intentar.`,
      );
    const response = await fetch(`${control.url}/internal/admin-reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    }).catch(() => null);
    if (!response)
      throw new CliError(`El servidor de ${env.dataDir} no responde en ${control.url}. Detenelo y volvé a intentar.`);
    const body = (await response.json()) as { success: boolean; error?: string; email?: string; password?: string };
    if (!body.success || !body.email || !body.password)
      throw new CliError(body.error ?? "No se pudo restablecer la contraseña.");
    reset = { email: body.email, password: body.password };
  } else {
    const { database, close } = await openMigratedDatabase(env, projectRoot(import.meta.url), { poolSize: 1 });
    try {
      reset = await resetAdminPassword(database.db, email);
    } finally {
      await close();
    }
  }
  console.log(`Contraseña nueva para ${reset.email}: ${reset.password}`);
  console.log("Se cerraron todas sus sesiones. Ingresá con ella y cambiala en Equipo → Tu cuenta.");
  console.log(`${env.publicUrl}/admin/login`);
}

main().catch((error: unknown) => {
  if (error instanceof ZodError) console.error(zodMessage(error));
  else if (error instanceof CliError || error instanceof DomainError || (error as Error)?.name === "DataDirLocked") {
    console.error((error as Error).message);
  } else console.error(error);
  process.exit(1);
});
