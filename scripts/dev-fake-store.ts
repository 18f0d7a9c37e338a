/**
 * npm run dev:fake-store [-- --port 4010 --products 300 --app-url http://localhost:3000]
 *
 * Starts the fake Tienda Nube (tests/fakes/tiendanube) on 127.0.0.1 with a realistic catalogue and
 * prints the environment that points the app at it. Then a product can be changed (or created,
 * deleted) and the app told with a signed webhook, from this terminal or over HTTP:
 *   POST   /_control/products/{id}  {"name"?, "price"?, "stock"?, "published"?}  -> product/updated
 *   POST   /_control/products       {"name", "price"?}                           -> product/created
 *   DELETE /_control/products/{id}                                               -> product/deleted
 * Stops cleanly on Ctrl+C (SIGINT) or SIGTERM.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { zodMessage } from "../app/lib/zod-spanish";
import { seedCatalogue } from "../tests/fakes/tiendanube/catalogue";
import { type FakeProduct, type FakeTiendanube, startFakeTiendanube } from "../tests/fakes/tiendanube/server";

class UsageError extends Error {}

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4010" },
    products: { type: "string", default: "300" },
    "app-url": { type: "string", default: "http://localhost:3000" },
    secret: { type: "string", default: "secreto-de-desarrollo" },
    token: { type: "string", default: "token-de-desarrollo" },
    "store-id": { type: "string", default: "123456" },
  },
});

function wholeNumber(raw: string, name: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} debe ser un número entero entre ${min} y ${max}`);
  }
  return value;
}

const changeSchema = z
  .object({
    name: z.string().trim().min(1).max(300).optional(),
    price: z.number().nonnegative().nullable().optional(),
    stock: z.number().int().nonnegative().nullable().optional(),
    published: z.boolean().optional(),
  })
  .strict();
type Change = z.infer<typeof changeSchema>;

function summary(product: FakeProduct) {
  const variant = product.variants[0];
  return {
    id: product.id,
    name: product.name.es,
    price: variant?.price ?? null,
    stock: variant?.stock ?? null,
    published: product.published,
    url: product.canonical_url,
  };
}

function applyChange(product: FakeProduct, change: Change): void {
  if (change.name !== undefined) product.name.es = change.name;
  if (change.published !== undefined) product.published = change.published;
  for (const variant of product.variants.slice(0, 1)) {
    if (change.price !== undefined) variant.price = change.price === null ? null : change.price.toFixed(2);
    if (change.stock !== undefined) {
      variant.stock_management = change.stock !== null;
      variant.stock = change.stock;
    }
  }
}

async function main() {
  const port = wholeNumber(values.port, "port", 0, 65535);
  const count = wholeNumber(values.products, "products", 0, 20_000);
  if (!/^\d+$/.test(values["store-id"])) throw new UsageError("--store-id debe ser un número");
  let appUrl: URL;
  try {
    appUrl = new URL(values["app-url"]);
  } catch {
    throw new UsageError("--app-url debe ser una URL completa (por ejemplo http://localhost:3000)");
  }
  const webhookUrl = new URL("/api/webhooks/tiendanube", appUrl).href;
  const secret = values.secret;

  /** Tells the app: the webhook's status, or why it could not be delivered. */
  async function notify(event: string, id: number): Promise<{ status: number } | { error: string }> {
    try {
      return { status: await fake.sendWebhook(webhookUrl, secret, event, id) };
    } catch (error) {
      return { error: `No se pudo avisar a ${webhookUrl}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  async function update(id: number, change: Change) {
    if (!fake.products.has(id)) return null;
    const product = fake.updateProduct(id, (p) => applyChange(p, change));
    return { product: summary(product), webhook: await notify("product/updated", id) };
  }

  async function create(change: Change) {
    const product = fake.addProduct({ name: { es: change.name ?? "Libro nuevo" } });
    applyChange(product, change);
    return { product: summary(product), webhook: await notify("product/created", product.id) };
  }

  async function remove(id: number) {
    if (!fake.products.has(id)) return null;
    fake.deleteProduct(id);
    return { product: { id }, webhook: await notify("product/deleted", id) };
  }

  async function readBody(req: IncomingMessage): Promise<Change> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 64 * 1024) throw new UsageError("El cuerpo es demasiado grande");
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    const parsed = changeSchema.safeParse(text ? JSON.parse(text) : {});
    if (!parsed.success) throw new UsageError(zodMessage(parsed.error));
    return parsed.data;
  }

  /** The control routes: change the catalogue and send the matching signed webhook. */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith("/_control")) return false;
    const reply = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify(body));
    };
    const match = /^\/_control\/products(?:\/(\d+))?\/?$/.exec(url.pathname);
    try {
      const id = match?.[1] ? Number(match[1]) : null;
      let result: unknown;
      if (match && id !== null && req.method === "POST") result = await update(id, await readBody(req));
      else if (match && id === null && req.method === "POST") result = await create(await readBody(req));
      else if (match && id !== null && req.method === "DELETE") result = await remove(id);
      else {
        reply(404, { success: false, error: "Rutas: POST /_control/products[/{id}], DELETE /_control/products/{id}" });
        return true;
      }
      if (result === null) reply(404, { success: false, error: `No hay producto ${id}` });
      else reply(200, { success: true, ...(result as object) });
    } catch (error) {
      const message = error instanceof UsageError || error instanceof SyntaxError ? error.message : String(error);
      reply(400, { success: false, error: message });
    }
    return true;
  }

  const fake: FakeTiendanube = await startFakeTiendanube({
    port,
    storeId: values["store-id"],
    token: values.token,
    extraRoutes: control,
  });
  seedCatalogue(fake, count);
  const first = [...fake.products.values()][0];
  const example = first?.id ?? 1000;

  console.log(`Tienda Nube falsa en ${fake.url} con ${fake.products.size} productos (tienda ${fake.storeId}).`);
  console.log("Para que la app la use, arrancala con estas variables:\n");
  const env = [
    `TIENDANUBE_API_BASE=${fake.apiBase}`,
    `TIENDANUBE_STORE_ID=${fake.storeId}`,
    `TIENDANUBE_TOKEN=${fake.token}`,
    `TIENDANUBE_APP_SECRET=${secret}`,
    `TIENDANUBE_STORE_URL=${fake.url}`,
  ];
  console.log(env.join("\n"));
  console.log(
    [
      "",
      "Después sincronizá: npm run tiendanube:sync (o el botón de /admin/tiendanube).",
      `Para cambiar un producto y avisarle a la app con un webhook firmado (a ${webhookUrl}):`,
      `  curl -X POST ${fake.url}/_control/products/${example} -H 'content-type: application/json' -d '{"price": 19900}'`,
      `  o escribí acá: precio ${example} 19900 | stock ${example} 0 | titulo ${example} Otro título | borrar ${example}`,
      "Ctrl+C para terminar.",
    ].join("\n"),
  );

  const commands = createInterface({ input: process.stdin, terminal: false });
  commands.on("line", async (line) => {
    const [command = "", rawId = "", ...rest] = line.trim().split(/\s+/);
    if (!command) return;
    const id = Number(rawId);
    const value = rest.join(" ");
    const change: Record<string, unknown> | null =
      command === "precio" && value
        ? { price: Number(value) }
        : command === "stock" && value
          ? { stock: Number(value) }
          : command === "titulo" && value
            ? { name: value }
            : null;
    const parsed = change ? changeSchema.safeParse(change) : null;
    if (command !== "borrar" && !parsed?.success) {
      console.log("Comandos: precio ID PESOS | stock ID N | titulo ID TEXTO | borrar ID");
      return;
    }
    const result = parsed?.success ? await update(id, parsed.data) : await remove(id);
    console.log(result === null ? `No hay producto ${rawId}` : JSON.stringify(result));
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    commands.close();
    await fake.close();
    console.log(`Tienda Nube falsa detenida (${signal}).`);
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`El puerto ${values.port} está ocupado: probá con --port y otro número.`);
  } else console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
