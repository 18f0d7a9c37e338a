import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBookFields } from "~/integrations/tiendanube/to-book.server";
import { tiendanubeProductSchema } from "~/integrations/tiendanube/types";
import { signWebhook } from "../tests/fakes/tiendanube/server";
import { until } from "../tests/support/until";

const SECRET = "secreto-del-test";
let child: ChildProcess;
let output = "";
let receiver: Server;
const webhooks: { body: string; signature: string | undefined }[] = [];
let env: Record<string, string> = {};
const root = path.resolve(import.meta.dirname, "..");

beforeAll(async () => {
  // The app's side of the webhooks: records what the fake store sends.
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      webhooks.push({ body, signature: req.headers["x-linkedstore-hmac-sha256"] as string | undefined });
      res.end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const appUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/dev-fake-store.ts",
      "--port",
      "0",
      "--products",
      "240",
      "--app-url",
      appUrl,
      "--secret",
      SECRET,
    ],
    { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  await until(() => output.includes("Ctrl+C") || child.exitCode !== null, "the fake store to start", 60_000);
  if (child.exitCode !== null) throw new Error(`dev:fake-store exited with ${child.exitCode}:\n${output}`);
  env = Object.fromEntries(
    [...output.matchAll(/^([A-Z_]+)=(.*)$/gm)].map((match) => [match[1] ?? "", (match[2] ?? "").trim()]),
  );
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await new Promise((resolve) => receiver?.close(resolve));
});

const api = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  fetch(`${env.TIENDANUBE_API_BASE}/${env.TIENDANUBE_STORE_ID}${pathAndQuery}`, {
    headers: {
      "user-agent": "Rizoma (test@rizoma.com.ar)",
      authentication: `bearer ${env.TIENDANUBE_TOKEN}`,
      ...headers,
    },
  });

describe("npm run dev:fake-store", () => {
  it("prints the environment that points the app at it", () => {
    expect(Object.keys(env).sort()).toEqual([
      "TIENDANUBE_API_BASE",
      "TIENDANUBE_APP_SECRET",
      "TIENDANUBE_STORE_ID",
      "TIENDANUBE_STORE_URL",
      "TIENDANUBE_TOKEN",
    ]);
    expect(env.TIENDANUBE_API_BASE).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.TIENDANUBE_APP_SECRET).toBe(SECRET);
    expect(output).toContain("con 240 productos");
  });

  it("serves a realistic catalogue with auth, pages of 200 and images", async () => {
    expect((await api("/products", { authentication: "bearer otro" })).status).toBe(401);
    const first = await api("/products?per_page=200");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("240");
    expect(first.headers.get("link")).toContain('rel="next"');
    const second = await api("/products?per_page=200&page=2");
    const products = [...(await first.json()), ...(await second.json())].map((raw) =>
      tiendanubeProductSchema.parse(raw),
    );
    expect(products).toHaveLength(240);
    expect(products[0]?.name.es).toBe("Facundo");
    expect(new Set(products.map((product) => product.name.es)).size).toBe(240);
    expect(new Set(products.map((product) => product.handle.es)).size).toBe(240);
    // Two variants for some, unmanaged stock, promotions, several categories, unpublished products.
    expect(products.some((product) => product.variants.length === 2)).toBe(true);
    expect(products.some((product) => product.variants[0]?.stock_management === false)).toBe(true);
    expect(products.some((product) => product.variants[0]?.promotional_price !== null)).toBe(true);
    expect(products.some((product) => product.categories.length === 2)).toBe(true);
    expect(products.some((product) => !product.published)).toBe(true);

    const mapping = { entries: [], siteCategories: new Map<string, string>() };
    const recuerdos = products[1];
    if (!recuerdos) throw new Error("no second product");
    const book = toBookFields(recuerdos, mapping);
    expect(book).toMatchObject({ title: "Recuerdos de provincia", publisher: "Ediciones del Matadero" });
    expect(book.isbn).toMatch(/^978\d{10}$/);
    // Covers are files the app serves itself, so they show whatever the app's mode.
    for (const product of products) {
      for (const image of product.images) expect(existsSync(path.join(root, "public", image.src))).toBe(true);
    }
    expect(book.coverUrl).toBe("/images/books/recuerdos-de-provincia.svg");
    // The storefront page the hand-off opens, with the variant preselected.
    const variant = products[1]?.variants[1]?.id;
    const page = await fetch(`${book.externalUrl}?variant=${variant}`);
    expect(await page.text()).toContain(`data-variant="${variant}"`);
  });

  it("changes a product and sends the app a signed product/updated webhook", async () => {
    const answer = await fetch(`${env.TIENDANUBE_API_BASE}/_control/products/1002`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ price: 19900, name: "Martín Fierro (edición anotada)" }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ success: true, webhook: { status: 200 } });
    const webhook = webhooks.at(-1);
    expect(JSON.parse(webhook?.body ?? "{}")).toEqual({
      store_id: Number(env.TIENDANUBE_STORE_ID),
      event: "product/updated",
      id: 1002,
    });
    expect(webhook?.signature).toBe(signWebhook(webhook?.body ?? "", SECRET));
    const product = await (await api("/products/1002")).json();
    expect(product.name.es).toBe("Martín Fierro (edición anotada)");
    expect(product.variants[0].price).toBe("19900.00");

    const bad = await fetch(`${env.TIENDANUBE_API_BASE}/_control/products/1002`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ precio: 1 }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: "Campo no permitido: precio" });

    // The same from the terminal.
    child.stdin?.write("stock 1002 0\n");
    await until(() => webhooks.length === 2, "the second webhook");
    expect((await (await api("/products/1002")).json()).variants[0].stock).toBe(0);
  });

  it("stops cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("Tienda Nube falsa detenida (SIGTERM).");
    await expect(api("/products")).rejects.toThrow();
  });
});
