/**
 * npm run admin:reset -- librera@rizoma.com.ar
 * The way back for an owner locked out (issue 34): a new password for that admin, printed once, every one
 * of their sessions ended, and their second factors removed (a lost phone), to enrol again at sign-in. Run on the server by whoever holds its shell, which is the proof of who
 * they are. On the embedded database it asks the running server when there is one.
 */
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { resetAdminPassword } from "../app/domain/auth/team.server";
import { DomainError } from "../app/domain/errors";
import { zodMessage } from "../app/lib/zod-spanish";
import { onShopDatabase, TaskRefused } from "../server/control-task";
import { loadEnv } from "../server/env";
import { projectRoot } from "../server/project-root";

class CliError extends Error {}

async function main() {
  const { positionals, values } = parseArgs({ options: { email: { type: "string" } }, allowPositionals: true });
  const email = values.email ?? positionals[0];
  if (!email) throw new CliError("Indicá el email del administrador: npm run admin:reset -- librera@rizoma.com.ar");
  const env = loadEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const reset = await onShopDatabase(env, projectRoot(import.meta.url), {
    path: "admin-reset",
    body: { email },
    local: (db) => resetAdminPassword(db, email),
    fromServer: (answer) => ({ email: String(answer.email), password: String(answer.password) }),
  });
  console.log(`Contraseña nueva para ${reset.email}: ${reset.password}`);
  console.log("Se cerraron todas sus sesiones y se quitaron sus segundos factores y códigos de recuperación.");
  console.log("Ingresá con ella, cambiala en Equipo → Tu cuenta y volvé a configurar tu segundo factor en Seguridad.");
  console.log(`${env.publicUrl}/admin/login`);
}

main().catch((error: unknown) => {
  if (error instanceof ZodError) console.error(zodMessage(error));
  else if (
    error instanceof CliError ||
    error instanceof TaskRefused ||
    error instanceof DomainError ||
    (error as Error)?.name === "DataDirLocked"
  ) {
    console.error((error as Error).message);
  } else console.error(error);
  process.exit(1);
});
