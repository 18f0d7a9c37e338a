/**
 * npm run tiendanube:sync — a full sync of the Tienda Nube catalogue into the local one.
 * Needs TIENDANUBE_STORE_ID and TIENDANUBE_TOKEN. On the embedded database, when a server holds
 * DATA_DIR, the server runs it (loopback control endpoint) and this waits for the answer: it never
 * opens a DATA_DIR another process holds. Otherwise it opens the database itself.
 */
import { getSection, seedSettings } from "../app/domain/settings/settings.server";
import { createTiendanubeService } from "../app/domain/tiendanube/service.server";
import { runSync } from "../app/domain/tiendanube/sync.server";
import type { SyncState } from "../app/domain/tiendanube/sync-state.server";
import { seedTaxonomy } from "../db/seed";
import { readControlInfo } from "../server/control";
import { lockHolder } from "../server/data-dir-lock";
import { loadEnv } from "../server/env";
import { openMigratedDatabase } from "../server/open-database";
import { projectRoot } from "../server/project-root";

class CliError extends Error {}

const NOT_CONFIGURED = "Tienda Nube no está configurada: definí TIENDANUBE_STORE_ID y TIENDANUBE_TOKEN.";

function summary(state: SyncState): string {
  return (
    `Sincronización completa: ${state.done} productos leídos, ${state.created} libros nuevos, ` +
    `${state.updated} actualizados, ${state.unpublished} despublicados.`
  );
}

async function throughServer(dataDir: string): Promise<SyncState> {
  const control = readControlInfo(dataDir);
  if (!control) {
    throw new CliError(`Hay un servidor usando ${dataDir} pero no se pudo hablar con él. Detenelo y volvé a intentar.`);
  }
  console.log("Hay un servidor en marcha: la sincronización corre en él…");
  const response = await fetch(`${control.url}/internal/tiendanube-sync`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}` },
  }).catch(() => null);
  if (!response)
    throw new CliError(`El servidor de ${dataDir} no responde en ${control.url}. Detenelo y volvé a intentar.`);
  const body = (await response.json()) as { success: boolean; error?: string; state?: SyncState };
  if (!body.success || !body.state) throw new CliError(body.error ?? "La sincronización falló.");
  return body.state;
}

async function main() {
  const env = loadEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  if (!env.databaseUrl && lockHolder(env.dataDir) !== null) {
    console.log(summary(await throughServer(env.dataDir)));
    return;
  }
  if (!env.tiendanube.storeId || !env.tiendanube.token) throw new CliError(NOT_CONFIGURED);
  const { database, close } = await openMigratedDatabase(env, projectRoot(import.meta.url), { poolSize: 2 });
  try {
    await seedTaxonomy(database.db);
    await seedSettings(database.db);
    const contact = env.mail.shopNotifyEmail ?? (await getSection(database.db, "contact")).email;
    const site = { siteUrl: env.publicUrl, configuredSecret: env.sessionSecret };
    const service = createTiendanubeService(database.db, env.tiendanube, contact, site);
    if (!service) throw new CliError(NOT_CONFIGURED);
    console.log(summary(await runSync(database.db, service.catalog, "full", site)));
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof CliError ||
    (error as Error)?.name === "DataDirLocked" ||
    (error as Error)?.name === "TiendanubeError"
  ) {
    console.error((error as Error).message);
  } else if (error instanceof Error && error.message) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
