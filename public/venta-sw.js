/*
 * The sale page's service worker (issue 35, DESIGN §9 "Offline", docs/decisions/0048-sale-page-offline.md).
 *
 * Registered by /admin/venta with the scope "/admin/venta", so the only pages it ever controls are the sale
 * page's own addresses; among navigations it answers only /admin/venta itself (any other page passes
 * through untouched: the storefront's HTML and the admin's other pages are never cached). For the sale page
 * it keeps:
 *   - the page's HTML shell, network first (a fresh render whenever there is signal), the stored copy when
 *     there is none; the response is stored whole, headers included, so its Content-Security-Policy nonce
 *     and the nonces of its inline scripts stay the same pair and the browser runs them;
 *   - the built assets the shell names (/assets/*, content-hashed, so cache first), fetched when the shell is
 *     stored, plus any asset the page loads later (the scanner's and the QR drawer's chunks);
 *   - React Router's route-discovery answers (/__manifest), network first;
 *   - the last catalogue snapshot (GET /api/admin/ventas/catalogo[?fairId=]), network first;
 *   - covers as they are shown, and the default cover for those never seen.
 * Sales themselves never pass through here: the page writes them to IndexedDB and sends them itself.
 */
const PAGE = "/admin/venta";
const CATALOGUE = "/api/admin/ventas/catalogo";
const DEFAULT_COVER = "/images/default-book-cover.svg";
const SHELL_CACHE = "rizoma-venta-shell-v1";
const DATA_CACHE = "rizoma-venta-catalogo-v1";
const COVERS_CACHE = "rizoma-venta-tapas-v1";
const OWN_CACHES = [SHELL_CACHE, DATA_CACHE, COVERS_CACHE];
/** Past this, a slow network (a fair's signal) loses to the stored copy; the network answer still updates it. */
const NETWORK_TIMEOUT_MS = 6000;
const MAX_COVERS = 600;
const CACHED_AT = "x-venta-cached-at";
const FROM_CACHE = "x-venta-cache";

self.addEventListener("install", (event) => {
  // A failed precache (no session, no signal) still installs: the next visit with signal stores the shell.
  event.waitUntil(
    precache()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("rizoma-venta-") && !OWN_CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/**
 * The page asks for what it loaded before this worker controlled it (its first visit, or a page reached by
 * a client-side navigation, which the worker never controls): the assets, the lazy chunks it warmed up, the
 * catalogue it sells from, and the shell if it is missing.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "store" || !Array.isArray(data.urls)) return;
  event.waitUntil(storeRequested(data.urls.slice(0, 300)).catch(() => undefined));
});

async function storeRequested(urls) {
  const shellCache = await caches.open(SHELL_CACHE);
  for (const raw of urls) {
    const url = new URL(String(raw), self.location.origin);
    if (url.origin !== self.location.origin) continue;
    if (url.pathname === PAGE) {
      if (await shellCache.match(PAGE, { ignoreSearch: true, ignoreVary: true })) continue;
      const page = await fetch(PAGE, { credentials: "same-origin", cache: "no-store" });
      if (isShell(page)) await storeShell(page);
    } else if (url.pathname.startsWith("/assets/")) {
      if (await shellCache.match(url.pathname, { ignoreVary: true })) continue;
      const response = await fetch(url.pathname);
      if (response.ok) await putAsset(shellCache, url.pathname, response);
    } else if (url.pathname === CATALOGUE) {
      const target = url.pathname + url.search;
      const response = await fetch(target, { credentials: "same-origin", cache: "no-store" });
      if (response.status === 200) await (await caches.open(DATA_CACHE)).put(target, response);
    }
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (url.pathname === PAGE || url.pathname === `${PAGE}/`) event.respondWith(shell(event));
    return;
  }
  if (url.pathname.startsWith("/assets/")) event.respondWith(asset(request));
  else if (url.pathname === "/__manifest") event.respondWith(routeManifest(request));
  else if (url.pathname === CATALOGUE) event.respondWith(catalogue(request));
  else if (request.destination === "image") event.respondWith(cover(request));
});

/** Resolves with the fetch, or rejects after `ms` (the fetch goes on; `onLate` gets its answer). */
function fetchWithin(request, ms, onLate) {
  const fetched = fetch(request);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error("timeout"));
      fetched.then(onLate, () => undefined);
    }, ms);
    fetched.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A render of the sale page itself (not the sign-in page a lapsed session is sent to). */
function isShell(response) {
  return (
    response.status === 200 &&
    response.type === "basic" &&
    new URL(response.url).pathname.replace(/\/$/, "") === PAGE &&
    (response.headers.get("content-type") || "").includes("text/html")
  );
}

/** The /assets/ files an HTML shell names (module scripts, modulepreload links, the route manifest). */
function assetUrls(html) {
  return [...new Set([...html.matchAll(/["'(](\/assets\/[^"'()\s?#]+)/g)].map((match) => match[1]))];
}

/** A copy of `response` with extra headers (the body read once; fine for assets, covers and JSON). */
async function withHeaders(response, extra) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function putAsset(cache, url, response) {
  await cache.put(url, await withHeaders(response, { [CACHED_AT]: String(Date.now()) }));
}

/**
 * Stores a fresh shell and the assets it names. When the build changed (another set of assets), what the old
 * shell named and nothing fetched since then is dropped; chunks the new page loaded after it stay.
 */
async function storeShell(response) {
  const html = await response.clone().text();
  const cache = await caches.open(SHELL_CACHE);
  const previous = await cache.match(PAGE, { ignoreSearch: true, ignoreVary: true });
  const before = previous ? new Set(assetUrls(await previous.text())) : null;
  const storedAt = Date.now();
  await cache.put(PAGE, response);
  const assets = assetUrls(html);
  await Promise.all(
    assets.map(async (url) => {
      if (await cache.match(url, { ignoreVary: true })) return;
      const fetched = await fetch(url);
      if (fetched.ok) await putAsset(cache, url, fetched);
    }),
  );
  if (!before || (before.size === assets.length && assets.every((url) => before.has(url)))) return;
  const current = new Set(assets);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (!path.startsWith("/assets/") || current.has(path)) continue;
    const hit = await cache.match(request, { ignoreVary: true });
    if (Number(hit?.headers.get(CACHED_AT) || 0) < storedAt) await cache.delete(request);
  }
}

async function precache() {
  const page = await fetch(PAGE, { credentials: "same-origin", cache: "no-store" });
  if (isShell(page)) await storeShell(page);
  const [snapshot, defaultCover] = await Promise.all([
    fetch(CATALOGUE, { credentials: "same-origin", cache: "no-store" }),
    fetch(DEFAULT_COVER),
  ]);
  if (snapshot.status === 200) await (await caches.open(DATA_CACHE)).put(CATALOGUE, snapshot);
  if (defaultCover.ok) await (await caches.open(COVERS_CACHE)).put(DEFAULT_COVER, defaultCover);
}

async function shell(event) {
  const cache = await caches.open(SHELL_CACHE);
  const keep = (response) => {
    if (isShell(response)) event.waitUntil(storeShell(response.clone()).catch(() => undefined));
  };
  try {
    const response = await fetchWithin(event.request, NETWORK_TIMEOUT_MS, keep);
    // The shop's server is down: the stored page still sells (its sales wait in the phone).
    if (response.status >= 500) {
      const stored = await cache.match(PAGE, { ignoreSearch: true, ignoreVary: true });
      if (stored) return stored;
    }
    keep(response);
    return response;
  } catch {
    const stored = await cache.match(PAGE, { ignoreSearch: true, ignoreVary: true });
    return stored || Response.error();
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await putAsset(cache, request.url, response.clone());
  return response;
}

/**
 * React Router asks which routes the page's links lead to. Without signal and without a stored answer, a 204
 * with X-Remix-Reload-Document tells it to load the next page as a document instead (a warning, not an error).
 */
async function routeManifest(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetchWithin(request, NETWORK_TIMEOUT_MS, () => undefined);
    if (response.ok) {
      await cache.put(request, response.clone());
      return response;
    }
    return (await cache.match(request, { ignoreVary: true })) || response;
  } catch {
    const hit = await cache.match(request, { ignoreVary: true });
    return hit || new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "yes" } });
  }
}

/**
 * The snapshot, network first. Without an answer, or with a refusal (the session ended, the server is down),
 * the last one stored, marked so the page can say it is not today's; the phone keeps selling from it.
 */
async function catalogue(request) {
  const cache = await caches.open(DATA_CACHE);
  const stored = async () => {
    const hit = await cache.match(request, { ignoreVary: true });
    return hit ? withHeaders(hit, { [FROM_CACHE]: "hit" }) : null;
  };
  let response = null;
  try {
    response = await fetchWithin(request, NETWORK_TIMEOUT_MS, (late) => {
      if (late.status === 200) cache.put(request, late.clone());
    });
    if (response.status === 200) {
      await cache.put(request, response.clone());
      return response;
    }
  } catch {
    // no signal
  }
  const fallback = await stored();
  if (fallback) return fallback;
  if (response) return response;
  return new Response(
    JSON.stringify({
      success: false,
      error: "Sin conexión y sin catálogo guardado: abrí la página de venta una vez con señal para descargarlo",
    }),
    { status: 503, headers: { "Content-Type": "application/json; charset=utf-8", [FROM_CACHE]: "miss" } },
  );
}

/** Covers: stored as the page shows them (a bounded number); offline, one never seen is the default cover. */
async function cover(request) {
  const cache = await caches.open(COVERS_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_COVERS))) {
        if (new URL(old.url).pathname !== DEFAULT_COVER) await cache.delete(old);
      }
    }
    return response;
  } catch {
    return (await cache.match(DEFAULT_COVER)) || Response.error();
  }
}
