import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { shopMode } from "~/domain/demo/demo-mode.server";
import type { Db } from "~db/index";
import { EnvError, type ServerEnv } from "./env";

export const SESSION_SECRET_REQUIRED =
  "Configuración inválida:\n  SESSION_SECRET es obligatoria en producción (NODE_ENV=production): definila con una clave larga al azar (por ejemplo, la salida de openssl rand -base64 48). Solo una tienda de demostración arranca sin ella.";

/** Where a demo shop keeps the key it generated (readable only by the shop's user). */
export const demoSecretFile = (dataDir: string) => path.join(dataDir, "session-secret");

/**
 * The key that signs e-mailed links, decided once at start (after the demo is loaded, since only a demo
 * shop may go without one): SESSION_SECRET when set; outside production, null (the key kept in the
 * database, as tests and development use); in production, a demo shop generates one into DATA_DIR (mode
 * 0600, kept across restarts, never inside the database and so never inside a backup of it); any other
 * shop in production is refused with a Spanish message naming the variable.
 */
export async function resolveSessionSecret(
  db: Db,
  env: Pick<ServerEnv, "nodeEnv" | "sessionSecret" | "dataDir">,
): Promise<string | null> {
  if (env.sessionSecret) return env.sessionSecret;
  if (env.nodeEnv !== "production") return null;
  if ((await shopMode(db)) !== "demo") throw new EnvError(SESSION_SECRET_REQUIRED);
  const file = demoSecretFile(env.dataDir);
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept) return kept;
  }
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
