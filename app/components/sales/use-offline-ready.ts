import { useEffect, useState } from "react";

export const SERVICE_WORKER = "/venta-sw.js";
export const SERVICE_WORKER_SCOPE = "/admin/venta";

export type OfflineReadiness = "unsupported" | "preparing" | "ready";

/** The registration once its worker is active (installed, shell precached, activated). */
function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  return new Promise((resolve) => {
    if (registration.active) {
      resolve(registration.active);
      return;
    }
    const worker = registration.installing ?? registration.waiting;
    worker?.addEventListener("statechange", () => {
      if (registration.active) resolve(registration.active);
    });
  });
}

/** The built files this page has loaded so far (entry, routes, the chunks warmed up on demand). */
const loadedAssets = () =>
  performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname);

/**
 * Registers the sale page's service worker (public/venta-sw.js, scope /admin/venta only) and says when the
 * phone can sell with no signal: the worker is active and the page's shell and the catalogue the seller uses
 * are stored, so a reload without signal opens this page from the phone. A page the worker does not control
 * (its first visit, or one reached by a client-side navigation) loaded its files from the network: once
 * `warm` has fetched the chunks loaded on demand, the page hands the worker the list to store.
 */
export function useOfflineReady(
  catalogueUrl: string,
  snapshotVersion: string | null,
  warm: () => Promise<unknown>,
): OfflineReadiness {
  const [worker, setWorker] = useState<ServiceWorker | null>(null);
  const [supported, setSupported] = useState(true);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("caches" in window)) {
      setSupported(false);
      return;
    }
    let cancelled = false;
    navigator.serviceWorker
      .register(SERVICE_WORKER, { scope: SERVICE_WORKER_SCOPE })
      .then(activated)
      .then((active) => {
        if (!cancelled) setWorker(active);
      })
      .catch(() => setSupported(false));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    setReady(false);
    if (!worker || !snapshotVersion) return;
    let cancelled = false;
    let timer = 0;
    const controlled = Boolean(navigator.serviceWorker.controller);
    // The worker stores in the background: look again until the shell, this catalogue and the page's files
    // are all there.
    const look = async (assets: string[]) => {
      const stored = await Promise.all(
        [SERVICE_WORKER_SCOPE, catalogueUrl, ...assets].map((url) =>
          caches.match(url, { ignoreSearch: url === SERVICE_WORKER_SCOPE, ignoreVary: true }),
        ),
      ).catch(() => [undefined]);
      if (cancelled) return;
      const done = stored.every(Boolean);
      setReady(done);
      if (!done) timer = window.setTimeout(() => void look(assets), 1_000);
    };
    void warm()
      .catch(() => undefined)
      .then(() => {
        if (cancelled) return;
        const assets = loadedAssets();
        worker.postMessage({
          type: "store",
          urls: [SERVICE_WORKER_SCOPE, ...assets, ...(controlled ? [] : [catalogueUrl])],
        });
        void look(assets);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [worker, catalogueUrl, snapshotVersion, warm]);

  return !supported ? "unsupported" : ready ? "ready" : "preparing";
}
