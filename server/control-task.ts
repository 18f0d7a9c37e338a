import type { Db } from "~db/index";
import { readControlInfo } from "./control";
import { lockHolder } from "./data-dir-lock";
import type { ServerEnv } from "./env";
import { openMigratedDatabase } from "./open-database";

/** A command-line task could not reach the database: the message says why and what to do (Spanish). */
export class TaskRefused extends Error {
  override readonly name = "TaskRefused";
}

/**
 * A command-line task on the shop's database (DESIGN §3): while a server holds the embedded DATA_DIR, it is
 * asked to do it (POST /internal/{path} with `body`; its JSON `{success, error?, ...}` answered); otherwise
 * the database is opened here for `local`.
 */
export async function onShopDatabase<T>(
  env: Pick<ServerEnv, "databaseUrl" | "dataDir">,
  root: string,
  task: {
    path: string;
    body: unknown;
    local: (db: Db) => Promise<T>;
    fromServer: (answer: Record<string, unknown>) => T;
  },
): Promise<T> {
  if (!env.databaseUrl && lockHolder(env.dataDir) !== null) {
    const control = readControlInfo(env.dataDir);
    if (!control)
      throw new TaskRefused(
        `Hay un servidor usando ${env.dataDir} pero no se pudo hablar con él. Detenelo y volvé a intentar.`,
      );
    const response = await fetch(`${control.url}/internal/${task.path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
      body: JSON.stringify(task.body),
    }).catch(() => null);
    if (!response)
      throw new TaskRefused(
        `El servidor de ${env.dataDir} no responde en ${control.url}. Detenelo y volvé a intentar.`,
      );
    const answer = (await response.json()) as Record<string, unknown>;
    if (answer.success !== true) throw new TaskRefused(String(answer.error ?? "El servidor no pudo hacerlo."));
    return task.fromServer(answer);
  }
  const { database, close } = await openMigratedDatabase(env, root, { poolSize: 1 });
  try {
    return await task.local(database.db);
  } finally {
    await close();
  }
}
