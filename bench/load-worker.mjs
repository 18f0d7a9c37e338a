// The load generator, always in its own process (never inside the server it measures). One JSON argument:
//   {"mode":"throughput","url":…,"connections":10,"duration":10,"headers":{…}}  -> autocannon, prints its summary
//   {"mode":"latency","urls":[…],"seconds":5,"minRequests":20,"maxRequests":2000,"headers":{…}}
//       -> one request at a time (keep-alive), cycling through the URLs, for `seconds` (and at least
//          minRequests, but never past maxSeconds); prints every latency in ms
// and prints one line of JSON on stdout.
import http from "node:http";
import autocannon from "autocannon";

const config = JSON.parse(process.argv[2] ?? "{}");

if (config.mode === "throughput") {
  const result = await autocannon({
    url: config.url,
    connections: config.connections,
    duration: config.duration,
    headers: config.headers ?? {},
    timeout: 10,
  });
  process.stdout.write(
    `${JSON.stringify({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
      durationSeconds: result.duration,
    })}\n`,
  );
} else if (config.mode === "latency") {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.get(url, { agent, headers: config.headers ?? {} }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode ?? 0 }),
        );
        response.on("error", () => resolve({ ms: Number.NaN, status: 0 }));
      });
      request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
      request.on("error", () => resolve({ ms: Number.NaN, status: 0 }));
    });
  const samples = [];
  let errors = 0;
  let non2xx = 0;
  // At least minRequests (for a p95 worth the name), unless that takes more than maxSeconds.
  const started = Date.now();
  const deadline = started + config.seconds * 1000;
  const hardDeadline = started + (config.maxSeconds ?? config.seconds) * 1000;
  for (
    let i = 0;
    i < config.maxRequests && Date.now() < hardDeadline && (Date.now() < deadline || i < config.minRequests);
    i++
  ) {
    const { ms, status } = await get(config.urls[i % config.urls.length]);
    if (Number.isNaN(ms)) errors++;
    else {
      samples.push(ms);
      if (status < 200 || status >= 300) non2xx++;
    }
  }
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ samples, errors, non2xx })}\n`);
} else {
  console.error(`unknown mode: ${config.mode}`);
  process.exit(2);
}
