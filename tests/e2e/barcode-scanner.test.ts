import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newNonce, noncePolicy } from "../../server/csp";
import { expectAccessible, fakeCameraArgs, launchBrowser, openPage, type WatchedPage } from "../support/browser";

/**
 * The counter's barcode scanner (app/components/sales/barcode-scanner.tsx) in Chromium at a phone's
 * width, before the sale page that hosts it: a test page built here with Vite, as the sale page will use
 * it (loaded with import() when "Escanear" is tapped), the app's own styles, and Chromium's fake camera
 * filming the ISBN label of tests/fixtures (Debian's Chromium has no BarcodeDetector, so this is the
 * @zxing/library path; a stand-in BarcodeDetector checks the native one). tests/e2e/sale-scan.test.ts
 * drives the same scanner inside /admin/venta.
 */
const root = path.resolve(import.meta.dirname, "../..");
const ISBN = "9789871234561";
const cameraFile = path.join(root, `tests/fixtures/isbn-${ISBN}.y4m`);

const HARNESS = `
import { lazy, Suspense, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import "./harness.css";

const loadScanner = () => import("~/components/sales/barcode-scanner");
const BarcodeScanner = lazy(() => loadScanner().then((module) => ({ default: module.BarcodeScanner })));

function Harness() {
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState([]);
  return (
    <main className="p-4">
      <h1 className="font-serif text-2xl">Venta</h1>
      <button type="button" className="min-h-11 rounded-full bg-moss px-5 text-white" onClick={() => setOpen(true)}>
        Escanear
      </button>
      <button type="button" onClick={() => loadScanner().then((module) => module.preloadBarcodeDecoder())}>
        Preparar sin conexión
      </button>
      <ul aria-label="Códigos leídos">
        {codes.map((code, i) => <li key={i}>{code}</li>)}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <BarcodeScanner onCode={(code) => setCodes((all) => [...all, code])} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </main>
  );
}
createRoot(document.getElementById("root")).render(<Harness />);
`;

let dir: string;
let server: Server;
let baseUrl: string;
let camera: Browser;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rizoma-scanner-"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Escáner</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>`,
  );
  writeFileSync(path.join(dir, "main.jsx"), HARNESS);
  writeFileSync(
    path.join(dir, "harness.css"),
    `@import "${path.join(root, "app/styles/admin.css")}";\n@source "./";\n`,
  );
  await build({
    configFile: false,
    root: dir,
    logLevel: "warn",
    plugins: [tailwindcss()],
    mode: "production",
    // The page's folder is outside the repository: React from the repository's node_modules, one copy.
    resolve: {
      alias: {
        "~": path.join(root, "app"),
        react: path.join(root, "node_modules/react"),
        "react-dom": path.join(root, "node_modules/react-dom"),
      },
    },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    esbuild: { jsx: "automatic", jsxDev: false },
    build: { outDir: path.join(dir, "dist"), minify: false },
  });
  server = createServer((request, response) => {
    const file = path.join(dir, "dist", new URL(request.url ?? "/", "http://x").pathname.replace(/\/$/, "/index.html"));
    try {
      const body = readFileSync(file);
      const type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html";
      // The shop's own policy for an admin page: the decoder must work under it (no eval, no WebAssembly).
      const policy = noncePolicy(newNonce(), { path: "/admin/venta", secure: false });
      response.writeHead(200, { "content-type": type, "content-security-policy": policy }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  // 127.0.0.1 is a secure context: the camera API is there, as on the shop's https.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  camera = await launchBrowser({ extraArgs: fakeCameraArgs(cameraFile) });
}, 180_000);

afterEach(async () => {
  for (const watched of opened.splice(0)) {
    expect(watched.errors, `console errors on ${watched.page.url()}`).toEqual([]);
    await watched.page.context().close();
  }
});

afterAll(async () => {
  await camera?.close();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A 390-px phone on the test page; `setup` runs in the page before its scripts (stand-ins for browser APIs). */
async function phone(setup?: () => void): Promise<{ page: Page; scripts: string[] }> {
  const watched = await openPage(camera, { width: 390, height: 844, hasTouch: true });
  opened.push(watched);
  const { page } = watched;
  // Every camera stream the page opens, so a test can see it released.
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { streams: MediaStream[] }).streams = streams;
    const original = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (!original) return;
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
  if (setup) await page.addInitScript(setup);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(baseUrl);
  await page.getByRole("button", { name: "Escanear" }).waitFor();
  return { page, scripts };
}

const codes = (page: Page) =>
  page.getByRole("list", { name: "Códigos leídos" }).getByRole("listitem").allTextContents();
const liveTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { streams: MediaStream[] }).streams.flatMap((stream) =>
        stream.getTracks().filter((track) => track.readyState === "live"),
      ).length,
  );

describe("the barcode scanner on a phone", () => {
  it("reads the ISBN the camera films once, stays accessible, and releases the camera on Escape", async () => {
    const { page, scripts } = await phone();
    expect(await page.evaluate(() => "BarcodeDetector" in window)).toBe(false);
    // The decoder is not part of the page until the scanner opens.
    await page.waitForLoadState("networkidle");
    expect(scripts.some((script) => script.includes("barcode-zxing"))).toBe(false);

    const opener = page.getByRole("button", { name: "Escanear" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Escanear código" });
    await dialog.waitFor();
    await expect.poll(() => codes(page)).toEqual([ISBN]);
    await expect(dialog.getByText(`Leímos ${ISBN}`).isVisible()).resolves.toBe(true);
    expect(scripts.some((script) => script.includes("barcode-zxing"))).toBe(true);

    // A big "Cerrar" for a thumb, and the dialog fits the phone's width.
    const close = dialog.getByRole("button", { name: "Cerrar" });
    const box = await close.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(os.tmpdir(), "rizoma-scanner-390.png") });

    // Still filming the same book: no second line.
    await page.waitForTimeout(1500);
    expect(await codes(page)).toEqual([ISBN]);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await liveTracks(page)).toBe(0);
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it("once preloaded, scans with the network cut (the sale page's offline mode)", async () => {
    const { page, scripts } = await phone();
    await page.getByRole("button", { name: "Preparar sin conexión" }).click();
    await expect.poll(() => scripts.some((script) => script.includes("barcode-zxing"))).toBe(true);
    await page.waitForLoadState("networkidle");
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Escanear" }).click();
    await expect.poll(() => codes(page)).toEqual([ISBN]);
  });

  it("closes with «Cerrar» and releases the camera", async () => {
    const { page } = await phone();
    await page.getByRole("button", { name: "Escanear" }).click();
    const dialog = page.getByRole("dialog", { name: "Escanear código" });
    await expect.poll(() => liveTracks(page)).toBe(1);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await liveTracks(page)).toBe(0);
  });

  it("without permission says so in Spanish and takes the code typed, checking an ISBN's last digit", async () => {
    const { page } = await phone(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await page.getByRole("button", { name: "Escanear" }).click();
    const dialog = page.getByRole("dialog", { name: "Escanear código" });
    await expect
      .poll(() => dialog.getByRole("alert").first().textContent())
      .toMatch(/^No hay permiso para usar la cámara/);
    await expectAccessible(page);

    const typed = dialog.getByLabel("Escribí el código");
    await typed.fill("978-987-1234-56-7");
    await typed.press("Enter");
    await expect.poll(() => dialog.getByText(/revisá el último dígito/).count()).toBe(1);
    expect(await codes(page)).toEqual([]);
    await typed.fill("978-987-1234-56-1");
    await dialog.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => codes(page)).toEqual([ISBN]);
    await typed.fill("rz-0042");
    await typed.press("Enter");
    await expect.poll(() => codes(page)).toEqual([ISBN, "RZ0042"]);
  });

  it("with no camera at all says so, without a retry that cannot help", async () => {
    const { page } = await phone(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("none", "NotFoundError"));
    });
    await page.getByRole("button", { name: "Escanear" }).click();
    const dialog = page.getByRole("dialog", { name: "Escanear código" });
    await expect.poll(() => dialog.getByRole("alert").textContent()).toMatch(/^No encontramos ninguna cámara/);
    expect(await dialog.getByRole("button", { name: "Probar de nuevo" }).count()).toBe(0);
  });

  it("uses the browser's BarcodeDetector where there is one, without loading the JavaScript decoder", async () => {
    const { page, scripts } = await phone(() => {
      class StandIn {
        static getSupportedFormats = async () => ["ean_13", "code_128", "qr_code"];
        formats: string[];
        constructor(options: { formats: string[] }) {
          this.formats = options.formats;
        }
        async detect() {
          return [{ format: "code_128", rawValue: "RZ-0042" }];
        }
      }
      (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = StandIn;
    });
    await page.getByRole("button", { name: "Escanear" }).click();
    await expect.poll(() => codes(page)).toEqual(["RZ0042"]);
    expect(scripts.some((script) => script.includes("barcode-zxing"))).toBe(false);
  });
});
