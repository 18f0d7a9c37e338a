import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPagePath } from "../../app/domain/auth/admin-paths";
import { resourceRoutes } from "../../app/resource-routes";
import pageRoutes from "../../app/routes";

import { type AppServer, appEnv, freePort, removeDataDir, startApp } from "../support/app-server";
import { saleBooks, setStock } from "../support/shop";

/** Every URL the shop serves: React Router's pages and the resource routes Express serves. */
const routes = [...pageRoutes, ...resourceRoutes];

/**
 * Issue 11: no secret reaches the browser (the client bundle and every public answer are scanned for each
 * secret's value), and no personal data (e-mail, DNI, phone, name) reaches any public answer.
 */
const root = path.resolve(import.meta.dirname, "../..");
const admin = { email: "fugas@rizoma.com.ar", password: "clave-de-prueba-fugas" };
const secrets = {
  SESSION_SECRET: "sesion-secreta-ZQ7xv3Lp9Kw2",
  MP_ACCESS_TOKEN: "APP_USR-token-secreto-8fJk2Lm",
  MP_WEBHOOK_SECRET: "firma-webhook-secreta-3nRt6",
  TIENDANUBE_TOKEN: "tn-token-secreto-5hGd8Qw",
  TIENDANUBE_APP_SECRET: "tn-app-secreto-2pXc7Vb",
  SMTP_PASSWORD: "smtp-clave-secreta-9yUe4",
};
const person = {
  name: "Remedios Quintanilla",
  email: "remedios.quintanilla@example.com",
  dni: "31987654",
  phone: "+54 11 4987-6543",
  address: "Pasaje Tres Sargentos 1457",
};
const report = (line: string) => console.log(`[no-leaks] ${line}`);
let app: AppServer;

beforeAll(async () => {
  const deadPort = await freePort();
  app = await startApp(
    await appEnv({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SESSION_SECRET: secrets.SESSION_SECRET,
      // Live Mercado Pago and Tienda Nube clients pointed at a closed port: configured, never reached.
      MP_ACCESS_TOKEN: secrets.MP_ACCESS_TOKEN,
      MP_WEBHOOK_SECRET: secrets.MP_WEBHOOK_SECRET,
      MP_API_BASE: `http://127.0.0.1:${deadPort}`,
      TIENDANUBE_API_BASE: `http://127.0.0.1:${deadPort}/v1`,
      TIENDANUBE_STORE_ID: "123456",
      TIENDANUBE_TOKEN: secrets.TIENDANUBE_TOKEN,
      TIENDANUBE_APP_SECRET: secrets.TIENDANUBE_APP_SECRET,
      SMTP_URL: `smtp://rizoma:${secrets.SMTP_PASSWORD}@127.0.0.1:${deadPort}`,
    }),
  );
}, 180_000);
afterAll(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseUrl, ...headers },
    body: JSON.stringify(body),
  });

function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const p = entry.path ? `${parent}/${entry.path}` : parent;
    return [p || "/", ...flatten(entry.children ?? [], p)];
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Every public GET: the route table (params filled with the ids of real rows) and the client's assets. */
async function publicAnswers(code: string): Promise<{ url: string; text: string }[]> {
  const books = (await (await fetch(`${app.baseUrl}/api/books?limit=3`)).json()) as { books: { id: number }[] };
  const bookId = String(books.books[0]?.id ?? 1);
  const urls = new Set<string>();
  for (const pattern of flatten(routes)) {
    const url = pattern
      .replace(/:code\b/, code)
      .replace(/:\w+\??/g, bookId)
      .replace(/\/?\*$/, "/x");
    if (isAdminApiPath(url) || isAdminPagePath(url) || url.startsWith("/admin")) continue;
    urls.add(url);
  }
  for (const extra of [`/api/qr/check/${code}`, "/tienda?search=a", "/api/tienda-nube/products?search=a&limit=5"])
    urls.add(extra);
  const answers: { url: string; text: string }[] = [];
  for (const url of urls) {
    const response = await fetch(`${app.baseUrl}${url}`, { redirect: "manual" });
    answers.push({ url, text: await response.text() });
  }
  return answers;
}

describe("no leaks", () => {
  it("keeps every secret out of the client bundle and out of every public answer", async () => {
    const bundle = filesUnder(path.join(root, "build/client")).map((file) => ({
      url: path.relative(root, file),
      text: readFileSync(file).toString("latin1"),
    }));
    expect(bundle.length).toBeGreaterThan(10);
    const answers = [...bundle, ...(await publicAnswers("NOEXISTE"))];
    for (const { url, text } of answers) {
      for (const [name, value] of Object.entries(secrets))
        expect(text.includes(value), `${name} in ${url}`).toBe(false);
    }
    report(
      `secrets: the values of ${Object.keys(secrets).join(", ")} searched in ${bundle.length} files of build/client ` +
        `and ${answers.length - bundle.length} public answers: none found`,
    );
  });

  it("keeps the personal data people give the shop out of every public answer", async () => {
    const login = await post("/api/auth/login", admin);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const created = await post("/api/qr/admin/create", { bookTitle: "Rayuela", code: "FUGAS1" }, { cookie });
    expect(created.status).toBe(201);
    const { address, ...claimant } = person;
    expect((await post("/api/qr/claim/FUGAS1", claimant)).status).toBe(200);
    expect(
      (await post("/api/newsletter/subscribe", { email: person.email, name: person.name, source: "carousel" })).status,
    ).toBe(200);
    const special = await post("/api/special-orders", {
      bookTitle: "Los adioses",
      name: person.name,
      email: person.email,
      phone: person.phone,
      scope: "national",
    });
    expect(special.status).toBe(201);
    // An order delivered in CABA: name, e-mail, phone and street address.
    const [book] = await saleBooks(app, 1);
    await setStock(app, cookie, book?.id ?? 0, 5);
    const [firstName, lastName] = person.name.split(" ");
    const order = await post("/api/orders", {
      items: [{ id: book?.id, quantity: 1 }],
      customer: { firstName, lastName, email: person.email, phone: person.phone },
      delivery: { method: "caba", address, city: "Ciudad Autónoma de Buenos Aires" },
      paymentMethod: "transfer",
    });
    expect(order.status, await order.clone().text()).toBe(201);

    const answers = await publicAnswers("FUGAS1");
    const check = answers.find((answer) => answer.url === "/api/qr/check/FUGAS1");
    expect(check?.text).toContain('"claimedByName":"R."');
    const digits = person.phone.replace(/\D/g, "");
    for (const { url, text } of answers) {
      const flat = text.replace(/\D/g, "");
      expect(text.toLowerCase().includes(person.email), `e-mail in ${url}`).toBe(false);
      expect(text.includes(person.name), `name in ${url}`).toBe(false);
      expect(text.includes("Quintanilla"), `surname in ${url}`).toBe(false);
      expect(flat.includes(person.dni) && text.includes(person.dni), `DNI in ${url}`).toBe(false);
      expect(flat.includes(digits) && text.includes(person.phone), `phone in ${url}`).toBe(false);
      expect(text.includes(person.address), `address in ${url}`).toBe(false);
    }
    report(
      `personal data: a QR prize claim (name, e-mail, DNI, phone), a newsletter sign-up, a special order and a ` +
        `delivered order (street address) made; ${answers.length} public answers walked: none carries any of it ` +
        `(the QR check shows the winner as "R.")`,
    );
  });
});
