import { shopMode } from "~/domain/demo/demo-mode.server";
import type { Db } from "~db/index";
import { EnvError, type ServerEnv } from "./env";

export const SESSION_SECRET_REQUIRED =
  "Configuración inválida:\n  SESSION_SECRET es obligatoria en producción (NODE_ENV=production): definila con una clave larga al azar (por ejemplo, la salida de openssl rand -base64 48). Solo una tienda de demostración arranca sin ella.";

/**
 * The key that signs e-mailed links, decided once at start (after the demo is loaded, since only a demo
 * shop may go without one): SESSION_SECRET when set; otherwise null — the key the shop keeps in its
 * database — outside production and for a demo shop in production (the quick start: a backup restored into
 * a new DATA_DIR keeps its links valid); any other shop in production is refused with a Spanish message
 * naming the variable.
 */
export async function resolveSessionSecret(
  db: Db,
  env: Pick<ServerEnv, "nodeEnv" | "sessionSecret">,
): Promise<string | null> {
  if (env.sessionSecret) return env.sessionSecret;
  if (env.nodeEnv !== "production") return null;
  if ((await shopMode(db)) !== "demo") throw new EnvError(SESSION_SECRET_REQUIRED);
  return null;
}
