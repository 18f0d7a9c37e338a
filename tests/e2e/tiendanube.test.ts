import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTiendanube, signWebhook, startFakeTiendanube, webhookBody } from "../fakes/tiendanube/server";
import { expectAccessible } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { onPostgres } from "../support/test-database";

const admin = { email: "tiendanube@rizoma.com.ar", password: "clave-de-prueba-tiendanube" };
const SECRET = "secreto-e2e";
let fake: FakeTiendanube;

beforeAll(async () => {
  fake = await startFakeTiendanube({ burst: 40, leakPerSecond: 2 });
  fake.addProducts(420);
  fake.addProduct({ name: { es: "Mil mesetas" }, handle: { es: "mil-mesetas" } });
});
const shop = browserSuite(() => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  TIENDANUBE_API_BASE: fake.apiBase,
  TIENDANUBE_STORE_ID: fake.storeId,
  TIENDANUBE_TOKEN: fake.token,
  TIENDANUBE_APP_SECRET: SECRET,
}));
afterAll(async () => {
  await fake?.close();
});

interface ListedProduct {
  id: number;
  title: string;
  price: number | null;
  tiendaNubeUrl: string | null;
}

async function findBook(title: string): Promise<ListedProduct | undefined> {
  const response = await fetch(
    `${shop.app.baseUrl}/api/tienda-nube/products?search=${encodeURIComponent(title)}&limit=50`,
  );
  const body = (await response.json()) as { products: ListedProduct[] };
  return body.products.find((product) => product.title === title);
}

const STORE_CACHE = "public, max-age=300, stale-while-revalidate=600";

const postWebhook = (body: string, signature?: string) =>
  fetch(`${shop.app.baseUrl}/api/webhooks/tiendanube`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "x-linkedstore-hmac-sha256": signature }),
    },
    body,
  });

describe("Tienda Nube", () => {
  it("the admin syncs the catalogue with a button and sees its progress", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await page.goto(`${shop.app.baseUrl}/admin/tiendanube`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/tiendanube`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tienda Nube");
    await expectAccessible(page);

    // Slow pages, so the progress can be seen while it runs.
    fake.slowNext(3, 1_500);
    await page.getByRole("button", { name: "Sincronizar ahora" }).click();
    await page.getByRole("progressbar", { name: "Progreso de la sincronización" }).waitFor();
    await expect.poll(() => page.getByText(/Sincronizando… \d+/).count()).toBe(1);
    // 421 books written while the page follows the count: on a busy two-core machine the whole test took
    // 24 s in one run, and the sync alone went past a 30 s wait in another. The deadline only stops a hang.
    await page.getByText("Sincronización terminada").waitFor({ timeout: 120_000 });
    expect(await page.getByText("421 productos leídos: 421 libros nuevos").count()).toBe(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    expect(fake.rateLimited()).toBe(0);
    // The hand-off opens the product's page on the store with its variant preselected.
    const synced = [...fake.products.values()].find((p) => p.name.es === "Mil mesetas");
    expect((await findBook("Mil mesetas"))?.tiendaNubeUrl).toBe(
      `${synced?.canonical_url}?variant=${synced?.variants[0]?.id}`,
    );

    // The dashboard's audit log says who started it.
    const audit = await page.request.get(`${shop.app.baseUrl}/admin`);
    expect(await audit.text()).toContain("Inició una sincronización completa con Tienda Nube");
    await page.context().close();
  }, 180_000);

  it("refuses a webhook with a bad or missing signature and changes nothing", async () => {
    const product = fake.addProduct({ name: { es: "No debería aparecer" } });
    const body = webhookBody(fake.storeId, "product/created", product.id);
    expect((await postWebhook(body)).status).toBe(401);
    expect((await postWebhook(body, signWebhook(body, "otro"))).status).toBe(401);
    expect((await postWebhook(body, signWebhook(`${body}\n`, SECRET))).status).toBe(401);
    expect(await findBook("No debería aparecer")).toBeUndefined();
    fake.deleteProduct(product.id);
  });

  it("shows a product updated on the store on /libro/{id} soon after its webhook", async () => {
    const book = await findBook("Mil mesetas");
    const product = [...fake.products.values()].find((p) => p.name.es === "Mil mesetas");
    if (!book || !product) throw new Error("the first test did not sync the catalogue");
    fake.updateProduct(product.id, (p) => {
      p.name.es = "Mil mesetas (edición revisada)";
    });
    const body = webhookBody(fake.storeId, "product/updated", product.id);
    // No Origin header, as Tienda Nube sends it: the CSRF guard lets it through to the signature check.
    const answer = await postWebhook(body, signWebhook(body, SECRET));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true });
    await expect
      .poll(async () => (await fetch(`${shop.app.baseUrl}/libro/${book.id}`)).text())
      .toContain("Mil mesetas (edición revisada)");
  });

  it("npm run tiendanube:sync unpublishes what the store deleted (through the running server on the embedded DB)", async () => {
    const gone = [...fake.products.values()][0];
    if (!gone) throw new Error("no products");
    fake.deleteProduct(gone.id);
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/tiendanube-sync.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, ...shop.app.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(0);
    // The embedded database belongs to the running server, so the CLI asks it; on PostgreSQL it connects itself.
    if (onPostgres()) expect(output).not.toContain("Hay un servidor en marcha");
    else expect(output).toContain("Hay un servidor en marcha");
    expect(output).toContain("Sincronización completa: 420 productos leídos, 0 libros nuevos");
    expect(output).toContain("1 despublicados");
    expect(await findBook(gone.name.es)).toBeUndefined();
  });

  it("keeps answering from the local catalogue while the store is slow, and once it is down", async () => {
    const book = await findBook("Mil mesetas (edición revisada)");
    const product = [...fake.products.values()].find((p) => p.name.es === "Mil mesetas (edición revisada)");
    if (!book || !product) throw new Error("the webhook test did not update the book");
    const expectServedLocally = async () => {
      const list = await fetch(
        `${shop.app.baseUrl}/api/tienda-nube/products?search=${encodeURIComponent("Mil mesetas")}`,
      );
      expect(list.status).toBe(200);
      expect(list.headers.get("cache-control")).toBe(STORE_CACHE);
      const listed = ((await list.json()) as { products: ListedProduct[] }).products.find((p) => p.id === book.id);
      expect(listed).toMatchObject({ title: book.title, price: book.price, tiendaNubeUrl: book.tiendaNubeUrl });
      const one = await fetch(`${shop.app.baseUrl}/api/tienda-nube/products/${book.id}`);
      expect(one.status).toBe(200);
      expect(one.headers.get("cache-control")).toBe(STORE_CACHE);
      expect((await one.json()).product).toMatchObject({ id: book.id, title: book.title, price: book.price });
      const page = await fetch(`${shop.app.baseUrl}/libro/${book.id}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(book.title);
    };

    // Slow: the webhook's refetch hangs on the store while the site answers from its own tables.
    fake.slowNext(1, 60_000);
    const body = webhookBody(fake.storeId, "product/updated", product.id);
    expect((await postWebhook(body, signWebhook(body, SECRET))).status).toBe(200);
    await expect.poll(() => fake.requests.at(-1)?.path).toBe(`/${fake.storeId}/products/${product.id}`);
    await expectServedLocally();

    // Down: connections refused; another webhook is still acknowledged, and nothing is unpublished.
    await fake.close();
    expect((await postWebhook(body, signWebhook(body, SECRET))).status).toBe(200);
    await expectServedLocally();
    expect((await fetch(`${shop.app.baseUrl}/tienda`)).status).toBe(200);
  });
});
