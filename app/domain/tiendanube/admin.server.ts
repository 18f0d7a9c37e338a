import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict } from "~/domain/errors";
import type { Db } from "~db/index";
import type { TiendanubeService } from "./service.server";
import { IDLE_STATE, readSyncState, type SyncState } from "./sync-state.server";

export const NOT_CONFIGURED =
  "Tienda Nube no está configurada: el servidor necesita TIENDANUBE_STORE_ID y TIENDANUBE_TOKEN.";
export const ALREADY_RUNNING = "Ya hay una sincronización en curso: esperá a que termine.";

export interface SyncStatus {
  configured: boolean;
  webhooksSigned: boolean;
  state: SyncState;
}

export async function syncStatus(db: Db, service: TiendanubeService | null | undefined): Promise<SyncStatus> {
  return {
    configured: Boolean(service),
    webhooksSigned: Boolean(service?.config.appSecret),
    state: service ? await readSyncState(db) : IDLE_STATE,
  };
}

/** The admin's "Sincronizar ahora": a full sync in the background, recorded in the audit log. */
export async function startSyncAsAdmin(
  db: Db,
  service: TiendanubeService | null | undefined,
  admin: AdminIdentity,
): Promise<SyncStatus> {
  if (!service) throw new Conflict(NOT_CONFIGURED);
  const { started } = await service.startSync("full");
  if (!started) throw new Conflict(ALREADY_RUNNING);
  await recordAudit(db, admin, {
    action: "tiendanube.sync",
    entity: "tiendanube",
    summary: "Inició una sincronización completa con Tienda Nube",
  });
  return syncStatus(db, service);
}
