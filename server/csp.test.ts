import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPolicy, inlineScriptHashes, noncePolicy } from "./csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("content security policy", () => {
  it("names every inline script the render wrote by its hash, and nothing else", () => {
    const html = [
      '<script nonce="abc+/=">window.__reactRouterContext = {"a":1};</script>',
      '<script type="module" nonce="abc+/=">import "/assets/entry.js";</script>',
      '<script type="module" src="/assets/chunk.js"></script>',
      '<script type="application/ld+json">{"@type":"Book"}</script>',
      '<script nonce="abc+/=">window.__reactRouterContext = {"a":1};</script>',
    ].join("\n");
    expect(inlineScriptHashes(html, "abc+/=")).toEqual([
      sha('window.__reactRouterContext = {"a":1};'),
      sha('import "/assets/entry.js";'),
    ]);
    const policy = hashPolicy(html, "abc+/=", { path: "/libro/3", secure: false });
    expect(policy).toContain(`script-src 'self' ${sha('window.__reactRouterContext = {"a":1};')}`);
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("leaves out an inline script the render did not write (no nonce, or another one)", () => {
    const own = '<script nonce="n0nce">window.__reactRouterContext = {};</script>';
    // What a hostile book description would have to smuggle into the stored HTML.
    const injected = [
      "<div><script>alert(document.cookie)</script></div>",
      '<script nonce="guessed">steal()</script>',
      "<script nonce>bare()</script>",
      '<script data-nonce="n0nce">lookalike()</script>',
    ];
    const hashes = inlineScriptHashes([own, ...injected].join(""), "n0nce");
    expect(hashes).toEqual([sha("window.__reactRouterContext = {};")]);
    for (const body of ["alert(document.cookie)", "steal()", "bare()", "lookalike()"]) {
      expect(hashPolicy([own, ...injected].join(""), "n0nce", { path: "/", secure: false })).not.toContain(sha(body));
    }
    // Without a render nonce nothing is trusted.
    expect(inlineScriptHashes(own, "")).toEqual([]);
  });

  it("keeps the admin out of every frame and asks for https where the shop is served over it", () => {
    const admin = noncePolicy("n0nce", { path: "/admin/pedidos", secure: true });
    expect(admin).toContain("frame-ancestors 'none'");
    expect(admin).toContain("upgrade-insecure-requests");
    const shop = noncePolicy("n0nce", { path: "/tienda", secure: false, publicOrigin: "https://rizoma.com.ar" });
    expect(shop).toContain("script-src 'self' 'nonce-n0nce'");
    expect(shop).toContain("object-src 'none'");
    // Forms may lead to the shop's public address and to Mercado Pago's checkout (redirects count).
    expect(shop).toMatch(/form-action 'self' https:\/\/rizoma\.com\.ar https:\/\/\*\.mercadopago\.com\.ar/);
  });
});
