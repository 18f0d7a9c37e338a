import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverImage } from "../../../tests/support/book-covers";
import { fetchRemoteImage } from "./remote-fetch.server";

/**
 * Redirects (used by the ISBN autofill: Open Library's covers redirect to archive.org): followed only
 * when asked, and only to hosts the policy allows.
 */
let png: Buffer;
const servers: Server[] = [];
const hits = { image: 0, stranger: 0 };

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let image: string;
let stranger: string;
let redirector: string;

beforeAll(async () => {
  png = await coverImage("png", "#123456");
  image = await serve((_req, res) => {
    hits.image++;
    res.writeHead(200, { "Content-Type": "image/png" }).end(png);
  });
  stranger = await serve((_req, res) => {
    hits.stranger++;
    res.writeHead(200, { "Content-Type": "image/png" }).end(png);
  });
  redirector = await serve((req, res) => {
    const to = req.url?.includes("stranger") ? stranger : image;
    res.writeHead(302, { Location: `http://${to}/cover.png` }).end();
  });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("fetchRemoteImage redirects", () => {
  it("refuses a redirect unless the policy follows them", async () => {
    await expect(
      fetchRemoteImage(`http://${redirector}/a`, { allowedHosts: [redirector, image], production: false }),
    ).rejects.toThrow(/respondió 302/);
  });

  it("follows a redirect to an allowed host", async () => {
    const bytes = await fetchRemoteImage(`http://${redirector}/a`, {
      allowedHosts: [redirector, image],
      production: false,
      maxRedirects: 2,
    });
    expect(bytes.equals(png)).toBe(true);
    expect(hits.image).toBe(1);
  });

  it("never follows a redirect to a host the policy does not name", async () => {
    await expect(
      fetchRemoteImage(`http://${redirector}/stranger`, {
        allowedHosts: [redirector, image],
        production: false,
        maxRedirects: 2,
        // Domains match names over https only: a loopback address is never one.
        redirectDomains: ["127.0.0.1"],
      }),
    ).rejects.toThrow(/no está permitido/);
    expect(hits.stranger).toBe(0);
  });
});
