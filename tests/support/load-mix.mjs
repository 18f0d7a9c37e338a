// The load generator of tests/reliability/load.test.ts, always in its own process (never inside the
// server it measures, nor inside vitest). One JSON argument:
//   {"baseUrl":…, "connections":200, "seconds":60, "timeoutSeconds":30, "run":"main",
//    "books":[ids], "orderBooks":[ids], "searches":["…"], "visitors":200}
// Each connection walks the same realistic visit, request after request (autocannon's `requests`): pages,
// search, a book, the catalogue APIs, a stock check, a newsletter sign-up and a transfer order. Every
// request carries a visitor address (X-Forwarded-For, as from the load balancer) from a pool of
// `visitors`. Prints one line of JSON: totals, errors, status codes, and p50/p99 per kind of request.
import autocannon from "autocannon";

const config = JSON.parse(process.argv[2] ?? "{}");
const url = new URL(config.baseUrl);
const pick = (list, n) => list[n % list.length];
let sequence = 0;
const visitor = () => {
  const n = sequence++ % config.visitors;
  return `10.${config.run === "main" ? 1 : 2}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

/** One step of the visit: `build(n)` gives the path (and body) of its n-th request. */
function step(kind, method, build) {
  let n = 0;
  return {
    kind,
    method,
    setupRequest(request) {
      const { path, body } = build(n++);
      const headers = { ...request.headers, "x-forwarded-for": visitor(), accept: "text/html,application/json" };
      if (body !== undefined) headers["content-type"] = "application/json";
      return { ...request, method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    },
  };
}

const unique = `${config.run}-${process.pid}`;
/** Looking around: pages, search (page and API), books, the catalogue API, a cart check. */
const browse = (offset) => [
  step("home", "GET", () => ({ path: "/" })),
  step("shop", "GET", (n) => ({ path: n % 3 === 0 ? "/tienda" : `/tienda?pagina=${(n % 3) + 1}` })),
  step("book", "GET", (n) => ({ path: `/libro/${pick(config.books, n + offset)}` })),
  step("search", "GET", (n) => ({ path: `/tienda?search=${encodeURIComponent(pick(config.searches, n + offset))}` })),
  step("search-api", "GET", (n) => ({
    path: `/api/tienda-nube/products?search=${encodeURIComponent(pick(config.searches, n + offset + 3))}&limit=5`,
  })),
  step("book", "GET", (n) => ({ path: `/libro/${pick(config.books, n + offset + 7)}` })),
  step("books-api", "GET", (n) => ({ path: `/api/books?page=${(n % 2) + 1}&limit=20` })),
  step("stock", "POST", (n) => ({
    path: "/api/validate-cart-stock",
    body: {
      items: [
        { id: pick(config.orderBooks, n + offset), quantity: 1 },
        { id: pick(config.books, n + offset), quantity: 1 },
      ],
    },
  })),
  step("book", "GET", (n) => ({ path: `/libro/${pick(config.books, n + offset + 13)}` })),
  step("shop", "GET", (n) => ({ path: `/tienda?orden=${n % 2 ? "precio" : "titulo"}` })),
  step("search", "GET", (n) => ({
    path: `/tienda?search=${encodeURIComponent(pick(config.searches, n + offset + 5))}`,
  })),
  step("book", "GET", (n) => ({ path: `/libro/${pick(config.books, n + offset + 21)}` })),
];

// One visit (29 requests): browsing twice over, then a newsletter sign-up and a transfer order. One
// request in 29 is an order: far more than a real shop sells, so the orders' row locks, stock updates and
// the page-cache clearing each order causes are a real part of the load.
const visit = [
  ...browse(0),
  ...browse(17),
  step("home", "GET", () => ({ path: "/" })),
  step("newsletter", "POST", (n) => ({
    path: "/api/newsletter/subscribe",
    body: { email: `carga-${unique}-${n}@example.com`, name: "Lectora de carga", source: "footer" },
  })),
  step("book", "GET", (n) => ({ path: `/libro/${pick(config.books, n + 29)}` })),
  step("stock", "POST", (n) => ({
    path: "/api/validate-cart-stock",
    body: { items: [{ id: pick(config.orderBooks, n + 1), quantity: 2 }] },
  })),
  step("order", "POST", (n) => ({
    path: "/api/orders",
    body: {
      items: [{ id: pick(config.orderBooks, n), quantity: 1 }],
      customer: {
        firstName: "Compradora",
        lastName: `Carga ${n}`,
        email: `pedido-${unique}-${n}@example.com`,
        phone: "+54 11 5555-0101",
      },
      delivery:
        n % 2 === 0
          ? { method: "pickup" }
          : { method: "caba", address: "Av. Corrientes 1234", city: "Ciudad Autónoma de Buenos Aires" },
      paymentMethod: "transfer",
    },
  })),
];

const latencies = new Map();
const statuses = new Map();
const failures = [];
const instance = autocannon({
  url: url.origin,
  connections: config.connections,
  duration: config.seconds,
  timeout: config.timeoutSeconds,
  requests: visit.map((entry) => ({
    ...entry,
    onResponse(status, body) {
      if ((status < 200 || status >= 300) && failures.length < 10)
        failures.push({ kind: entry.kind, status, body: String(body).slice(0, 300) });
    },
  })),
});
// The request a connection just got its answer to is still its current one when "response" fires. A
// connection's first request is counted on its own ("new-conn"): it also waits for the server to accept
// the connection, which a busy event loop delays (Node accepts one connection per loop iteration).
instance.on("response", (client, statusCode, _bytes, responseTime) => {
  const kind = client.reqsMade === 1 ? "new-conn" : (client.requestIterator.currentRequest.kind ?? "?");
  if (!latencies.has(kind)) latencies.set(kind, []);
  latencies.get(kind).push(responseTime);
  const key = `${kind} ${statusCode}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
});
const result = await instance;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const summary = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    count: sorted.length,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
};
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    seconds: result.duration,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    overall: summary([...latencies.values()].flat()),
    kinds: Object.fromEntries([...latencies].map(([kind, values]) => [kind, summary(values)])),
    statuses: Object.fromEntries(statuses),
    failures,
  })}\n`,
);
