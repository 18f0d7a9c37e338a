import { CloudOff, LogIn, RefreshCw, Wifi, WifiOff } from "lucide-react";
import type { OfflineReadiness } from "./use-offline-ready";

export const signInPath = "/admin/login?next=%2Fadmin%2Fventa";

const ventas = (count: number) => (count === 1 ? "1 venta" : `${count} ventas`);

/**
 * The line at the top of the sale page: signal, whether the phone can sell offline, and the sales waiting
 * in it. A session that ended keeps them and says how to send them (sign in again, then they go).
 */
export function SyncStatus({
  online,
  readiness,
  pending,
  failed,
  signInNeeded,
  storeError,
  onSync,
}: {
  online: boolean;
  readiness: OfflineReadiness;
  pending: number;
  failed: number;
  signInNeeded: boolean;
  storeError: boolean;
  onSync(): void;
}) {
  const chip = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        {online ? (
          <span className={`${chip} bg-moss/10 text-moss`}>
            <Wifi aria-hidden="true" className="size-4" />
            En línea
          </span>
        ) : (
          <span className={`${chip} bg-ink text-white`}>
            <WifiOff aria-hidden="true" className="size-4" />
            Sin conexión
          </span>
        )}
        <span className={`${chip} ${readiness === "ready" ? "bg-moss/10 text-moss" : "bg-ink/5 text-ink/85"}`}>
          {readiness === "ready"
            ? "Lista para vender sin conexión"
            : readiness === "preparing"
              ? "Preparando el modo sin conexión…"
              : "Este navegador no puede vender sin conexión"}
        </span>
      </div>
      {storeError ? (
        <p role="alert" className="rounded-lg bg-terracotta/10 p-3 text-sm font-semibold text-terracotta-dark">
          Este navegador no deja guardar ventas en el teléfono (¿modo privado?): sin conexión no se puede vender.
        </p>
      ) : null}
      {signInNeeded && pending > 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-terracotta bg-white p-3"
        >
          <p className="font-semibold text-terracotta-dark">Tu sesión terminó.</p>
          <a
            href={signInPath}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-moss px-4 font-semibold text-white"
          >
            <LogIn aria-hidden="true" className="size-4" />
            Iniciá sesión de nuevo para sincronizar {ventas(pending)}
          </a>
        </div>
      ) : pending > 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-ochre-light/40 p-3">
          <p className="flex items-center gap-2 font-semibold" data-testid="pending-count">
            <CloudOff aria-hidden="true" className="size-5" />
            {pending === 1 ? "1 venta pendiente de sincronizar" : `${pending} ventas pendientes de sincronizar`}
          </p>
          {online ? (
            <button
              type="button"
              onClick={onSync}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink/30 bg-white px-4 text-sm font-semibold"
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Sincronizar ahora
            </button>
          ) : null}
        </div>
      ) : null}
      {failed > 0 ? (
        <p className="text-sm font-semibold text-terracotta-dark">
          {failed === 1 ? "1 venta no se registró" : `${failed} ventas no se registraron`}: mirá el motivo abajo, en
          «Ventas en este teléfono».
        </p>
      ) : null}
    </div>
  );
}
