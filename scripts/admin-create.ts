/**
 * npm run admin:create [-- --email librera@rizoma.com.ar]
 * Asks for the e-mail (unless given) and the password (hidden, twice). Without a terminal it reads them
 * from standard input, one per line (or the password from ADMIN_PASSWORD). On the embedded database it
 * asks the running server when there is one, and never opens a DATA_DIR another process holds.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createAdmin, newAdminSchema } from "../app/domain/auth/admin-users.server";
import { DomainError } from "../app/domain/errors";
import { zodMessage } from "../app/lib/zod-spanish";
import { onShopDatabase, TaskRefused } from "../server/control-task";
import { loadEnv } from "../server/env";
import { projectRoot } from "../server/project-root";

class CliError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Interactive: asks on the terminal, the password hidden and twice. Piped: one value per line. */
async function readCredentials(flagEmail: string | undefined): Promise<{ email: string; password: string }> {
  if (!process.stdin.isTTY) {
    const lines = (await readStdin()).split(/\r?\n/);
    const email = flagEmail ?? lines.shift() ?? "";
    return { email, password: process.env.ADMIN_PASSWORD || (lines.shift() ?? "") };
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // readline echoes what is typed through _writeToOutput: muting it hides the password.
  let muted = false;
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  const write = output._writeToOutput.bind(rl);
  output._writeToOutput = (text) => {
    if (!muted) write(text);
  };
  const ask = (question: string, hidden = false) =>
    new Promise<string>((resolve) => {
      rl.question(question, (answer) => {
        if (hidden) process.stdout.write("\n");
        muted = false;
        resolve(answer);
      });
      muted = hidden;
    });
  try {
    const email = flagEmail ?? (await ask("Email del administrador: "));
    const password = process.env.ADMIN_PASSWORD || (await ask("Contraseña (mínimo 10 caracteres): ", true));
    if (!process.env.ADMIN_PASSWORD && (await ask("Repetila: ", true)) !== password) {
      throw new CliError("Las contraseñas no coinciden.");
    }
    return { email, password };
  } finally {
    rl.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  const env = loadEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const input = await readCredentials(values.email);
  const { email, password } = newAdminSchema.parse(input);

  await onShopDatabase(env, projectRoot(import.meta.url), {
    path: "admin-users",
    body: { email, password },
    local: (db) => createAdmin(db, { email, password }),
    fromServer: () => undefined,
  });
  console.log(`Administrador creado: ${email}. Ingresá en ${env.publicUrl}/admin/login`);
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
