import type { QueuedSale } from "~/domain/sales/sync";

/**
 * The phone's record of its sales: one IndexedDB store keyed by `clientId` (a tiny promise wrapper, no
 * library). A sale is written here, committed to disk ("strict" durability), before the seller is told it
 * was saved, and only the server's answer moves it on: closing the browser, a reload or a dead battery in
 * between loses nothing. Browser-only; every call rejects where IndexedDB is missing.
 */
const DB_NAME = "rizoma-venta";
const STORE = "ventas";
const CHANNEL = "rizoma-venta";

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "clientId" });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab with a newer version of this page wants to upgrade: step aside.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("blocked"));
  }).catch((error) => {
    opened = null;
    throw error;
  });
  return opened;
}

/** Runs `work` in one transaction and resolves once it is committed. */
async function transaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open();
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(STORE, mode, { durability: "strict" });
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });
}

/** Tells the page's other tabs that the queue changed (they reload their list). */
function announce() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

export function onOtherTabChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = listener;
  return () => channel.close();
}

export async function allSales(): Promise<QueuedSale[]> {
  return ((await transaction("readonly", (store) => store.getAll())) as QueuedSale[] | undefined) ?? [];
}

export async function putSale(sale: QueuedSale): Promise<void> {
  await transaction("readwrite", (store) => store.put(sale));
  announce();
}

/**
 * Changes one stored sale in a single transaction (read and write together, so two tabs never undo each
 * other's answer); `change` returning null leaves it as it is.
 */
export async function updateSale(clientId: string, change: (sale: QueuedSale) => QueuedSale | null): Promise<void> {
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
    const store = tx.objectStore(STORE);
    const read = store.get(clientId);
    read.onsuccess = () => {
      const current = read.result as QueuedSale | undefined;
      const next = current ? change(current) : null;
      if (next) store.put(next);
    };
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });
  announce();
}

export async function deleteSale(clientId: string): Promise<void> {
  await transaction("readwrite", (store) => store.delete(clientId));
  announce();
}
