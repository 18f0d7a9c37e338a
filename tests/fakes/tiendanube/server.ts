import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeXml } from "../../../app/lib/html.server";

/**
 * A Tienda Nube API on loopback that answers in the documented shapes (INTEGRATIONS.md): auth and
 * User-Agent required, products paginated with `Link` and `X-Total-Count` (per_page max 200), a real
 * leaky bucket with its `X-Rate-Limit-*` headers and 429s, and failures on demand (status codes or slow
 * answers for the next N requests). Every API request is recorded. Besides the API it serves a minimal
 * storefront product page at `/productos/{handle}/` that shows the variant `?variant=` preselects.
 * Used by the unit and e2e tests and by `npm run dev:fake-store` (scripts/dev-fake-store.ts).
 */
export interface FakeProduct {
  id: number;
  name: { es: string };
  description: { es: string };
  handle: { es: string };
  variants: {
    id: number;
    product_id: number;
    price: string | null;
    promotional_price: string | null;
    stock_management: boolean;
    stock: number | null;
    weight: string;
    sku: string | null;
    barcode: string | null;
    values: unknown[];
  }[];
  images: { id: number; product_id: number; src: string; position: number; alt: string[] }[];
  categories: { id: number; name: { es: string }; handle: { es: string }; parent: number | null }[];
  brand: string | null;
  published: boolean;
  free_shipping: boolean;
  requires_shipping: boolean;
  tags: string;
  canonical_url: string;
  created_at: string;
  updated_at: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  status: number;
  /** When it arrived (ms since epoch). */
  at: number;
}

export interface FakeTiendanubeOptions {
  storeId?: string;
  token?: string;
  /** Leaky bucket: burst size and requests drained per second (Tienda Nube: 40 and 2). */
  burst?: number;
  leakPerSecond?: number;
  /** Port on 127.0.0.1 (default: any free one). */
  port?: number;
  /** Answers requests outside the API (a dev tool's control routes); true when it answered. */
  extraRoutes?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
}

type Failure = { status: number; headers?: Record<string, string> } | { delayMs: number };

export interface FakeTiendanube {
  url: string;
  /** What to put in TIENDANUBE_API_BASE (the store id is appended by the client). */
  apiBase: string;
  storeId: string;
  token: string;
  products: Map<number, FakeProduct>;
  requests: RecordedRequest[];
  /** Adds a product built from `overrides` (ids, timestamps and the rest made up). */
  addProduct(overrides?: Partial<FakeProduct>): FakeProduct;
  addProducts(count: number): FakeProduct[];
  /** Changes a product and moves its updated_at forward. */
  updateProduct(id: number, change: (product: FakeProduct) => void): FakeProduct;
  deleteProduct(id: number): void;
  /** The next `count` API requests answer `status` (e.g. 429, 500, 503), with `headers` (e.g. Retry-After). */
  failNext(count: number, status: number, headers?: Record<string, string>): void;
  /** From now on every API request answers `status` (after the queued failures), until `outage(null)`. */
  outage(status: number | null): void;
  /** The next `count` API requests wait `delayMs` before answering (for client timeouts). */
  slowNext(count: number, delayMs: number): void;
  /** Any 429 sent so far (the bucket overflowing or failNext(…, 429)). */
  rateLimited(): number;
  /** POSTs a signed webhook (`{store_id, event, id}`) to `target` as Tienda Nube does; the answer's status. */
  sendWebhook(target: string, secret: string, event: string, id: number): Promise<number>;
  close(): Promise<void>;
}

export async function startFakeTiendanube(options: FakeTiendanubeOptions = {}): Promise<FakeTiendanube> {
  const storeId = options.storeId ?? "123456";
  const token = options.token ?? "token-de-prueba";
  const burst = options.burst ?? 40;
  const leakPerSecond = options.leakPerSecond ?? 2;
  const products = new Map<number, FakeProduct>();
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  let down: number | null = null;
  let nextId = 1000;
  let clock = Date.parse("2025-01-01T12:00:00-03:00");
  let level = 0;
  let levelAt = Date.now();
  let url = "";

  const tick = () => {
    clock += 1000;
    return new Date(clock).toISOString().replace(/\.\d{3}Z$/, "+00:00");
  };

  const fake: FakeTiendanube = {
    url: "",
    apiBase: "",
    storeId,
    token,
    products,
    requests,
    addProduct(overrides = {}) {
      const id = overrides.id ?? nextId++;
      const n = id;
      const stamp = tick();
      const product: FakeProduct = {
        id,
        name: { es: `Libro de prueba ${n}` },
        description: { es: `<p>Descripción del libro ${n}.</p>` },
        handle: { es: `libro-de-prueba-${n}` },
        variants: [
          {
            id: id * 10,
            product_id: id,
            price: "25000.00",
            promotional_price: null,
            stock_management: true,
            stock: 5,
            weight: "0.350",
            sku: `SKU-${n}`,
            barcode: `978950${String(n).padStart(7, "0")}`,
            values: [],
          },
        ],
        images: [{ id: id * 10 + 1, product_id: id, src: `https://cdn.example/${n}.jpg`, position: 1, alt: [] }],
        categories: [],
        brand: "Editorial de Prueba",
        published: true,
        free_shipping: false,
        requires_shipping: true,
        tags: "",
        canonical_url: `https://rizoma.mitiendanube.com/productos/libro-de-prueba-${n}/`,
        created_at: stamp,
        updated_at: stamp,
        ...overrides,
      };
      products.set(id, product);
      return product;
    },
    addProducts(count) {
      return Array.from({ length: count }, () => fake.addProduct());
    },
    updateProduct(id, change) {
      const product = products.get(id);
      if (!product) throw new Error(`no product ${id}`);
      change(product);
      product.updated_at = tick();
      return product;
    },
    deleteProduct(id) {
      products.delete(id);
    },
    failNext(count, status, headers) {
      for (let i = 0; i < count; i++) failures.push({ status, headers });
    },
    slowNext(count, delayMs) {
      for (let i = 0; i < count; i++) failures.push({ delayMs });
    },
    outage(status) {
      down = status;
    },
    rateLimited: () => requests.filter((request) => request.status === 429).length,
    async sendWebhook(target, secret, event, id) {
      const body = webhookBody(storeId, event, id);
      const answer = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Tiendanube-Webhooks (fake)",
          "x-linkedstore-hmac-sha256": signWebhook(body, secret),
        },
        body,
        signal: AbortSignal.timeout(40_000),
      });
      await answer.body?.cancel();
      return answer.status;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  function bucket(res: ServerResponse): boolean {
    const now = Date.now();
    level = Math.max(0, level - ((now - levelAt) / 1000) * leakPerSecond);
    levelAt = now;
    const overflow = level + 1 > burst;
    if (!overflow) level += 1;
    res.setHeader("X-Rate-Limit-Limit", String(burst));
    res.setHeader("X-Rate-Limit-Remaining", String(Math.max(0, Math.floor(burst - level))));
    res.setHeader("X-Rate-Limit-Reset", String(Math.ceil((level / leakPerSecond) * 1000)));
    return !overflow;
  }

  function send(res: ServerResponse, status: number, body: unknown, record: RecordedRequest) {
    record.status = status;
    res.statusCode = status;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify(body));
  }

  /** The storefront's product page, as far as a hand-off needs: the product and the preselected variant. */
  function storefront(res: ServerResponse, parsed: URL): void {
    const handle = decodeURIComponent(parsed.pathname.split("/")[2] ?? "");
    const product = [...products.values()].find((candidate) => candidate.handle.es === handle);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (!product?.published) {
      res.statusCode = 404;
      res.end('<!doctype html><html lang="es"><title>No encontrado</title><h1>Producto no encontrado</h1></html>');
      return;
    }
    const asked = parsed.searchParams.get("variant");
    const variant = product.variants.find((candidate) => String(candidate.id) === asked) ?? product.variants[0];
    const choices = product.variants
      .map((candidate) => {
        const label = (candidate.values as { es?: string }[]).map((value) => value.es ?? "").join(" / ") || "Único";
        const selected = candidate === variant ? " selected" : "";
        return `<option value="${candidate.id}"${selected}>${escapeXml(label)} — $${candidate.price ?? "consultar"}</option>`;
      })
      .join("");
    res.end(
      `<!doctype html><html lang="es"><title>${escapeXml(product.name.es)}</title>` +
        `<h1>${escapeXml(product.name.es)}</h1><label>Variante <select name="variant">${choices}</select></label>` +
        `<p data-variant="${variant?.id ?? ""}">Tienda de prueba (Tienda Nube falsa)</p></html>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const parsed = new URL(req.url ?? "/", url);
    if (req.method === "GET" && /^\/productos\/[^/]+\/?$/.test(parsed.pathname)) return storefront(res, parsed);
    if (options.extraRoutes && (await options.extraRoutes(req, res, parsed))) return;
    const record: RecordedRequest = {
      method: req.method ?? "GET",
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
      status: 0,
      at: Date.now(),
    };
    requests.push(record);
    const failure = failures.shift() ?? (down === null ? undefined : { status: down });
    if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (res.destroyed || req.destroyed) {
      record.status = -1;
      return;
    }
    const withinBucket = bucket(res);
    if (failure && "status" in failure) {
      for (const [name, value] of Object.entries(failure.headers ?? {})) res.setHeader(name, value);
      return send(res, failure.status, { code: failure.status, message: "Error de prueba" }, record);
    }
    if (!withinBucket) return send(res, 429, { code: 429, message: "Too Many Requests" }, record);
    if (!req.headers["user-agent"]) {
      return send(res, 400, { code: 400, message: "Bad Request", description: "User-Agent required" }, record);
    }
    if (req.headers.authentication !== `bearer ${token}`) {
      return send(res, 401, { code: 401, message: "Unauthorized", description: "Invalid access token" }, record);
    }
    const prefix = `/${storeId}/products`;
    if (req.method !== "GET" || !parsed.pathname.startsWith(prefix)) {
      return send(res, 404, { code: 404, message: "Not Found", description: "Not Found" }, record);
    }
    const rest = parsed.pathname.slice(prefix.length);
    if (/^\/\d+$/.test(rest)) {
      const product = products.get(Number(rest.slice(1)));
      if (!product)
        return send(res, 404, { code: 404, message: "Not Found", description: "Product not found" }, record);
      return send(res, 200, product, record);
    }
    if (rest !== "" && rest !== "/") return send(res, 404, { code: 404, message: "Not Found" }, record);
    const perPage = Number(parsed.searchParams.get("per_page") ?? 30);
    const page = Number(parsed.searchParams.get("page") ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200 || !Number.isInteger(page) || page < 1) {
      return send(res, 422, { code: 422, message: "Unprocessable Entity", description: "Invalid page" }, record);
    }
    const since = parsed.searchParams.get("updated_at_min");
    const matching = [...products.values()]
      .filter((product) => !since || Date.parse(product.updated_at) >= Date.parse(since))
      .sort((a, b) => a.id - b.id);
    const lastPage = Math.ceil(matching.length / perPage);
    if (page > lastPage) {
      return send(res, 404, { code: 404, message: "Not Found", description: `Last page is ${lastPage}` }, record);
    }
    const link = (n: number) => {
      const target = new URL(parsed.href);
      target.searchParams.set("page", String(n));
      return target.href;
    };
    const links = [
      page < lastPage ? `<${link(page + 1)}>; rel="next"` : null,
      `<${link(lastPage)}>; rel="last"`,
      `<${link(1)}>; rel="first"`,
      page > 1 ? `<${link(page - 1)}>; rel="prev"` : null,
    ].filter(Boolean);
    res.setHeader("X-Total-Count", String(matching.length));
    res.setHeader("Link", links.join(", "));
    return send(res, 200, matching.slice((page - 1) * perPage, page * perPage), record);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  fake.url = url;
  fake.apiBase = url;
  return fake;
}

/** The `X-Linkedstore-HMAC-SHA256` Tienda Nube sends: hex HMAC-SHA256 of the raw body with the app secret. */
export function signWebhook(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** A webhook body as Tienda Nube sends it. */
export function webhookBody(storeId: string, event: string, id: number): string {
  return JSON.stringify({ store_id: Number(storeId), event, id });
}
