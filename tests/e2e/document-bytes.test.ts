import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BROTLI_BUDGET_BYTES, measurePageBytes, RAW_BUDGET_BYTES, stylesheetUrls } from "../../scripts/page-bytes.mjs";
import { browserSuite } from "../support/e2e";

/**
 * What a storefront document weighs and how its styles travel (issue 36, goal 2; docs/decisions/0053-bytes.md).
 * Bytes, not time: the same build and catalogue give the same figures.
 */
const shop = browserSuite();

const newestBookPath = async () => {
  const { books } = (await (await fetch(`${shop.app.baseUrl}/api/books?limit=1`)).json()) as {
    books: { id: number }[];
  };
  return `/libro/${books[0]?.id}`;
};

/**
 * The goal is ≤ 90 KB before compression and ≤ 16 KB in brotli for each. The book page meets both; the
 * shop meets the brotli one (15.2 KB since its author filter stopped listing every author: a little room
 * here for the texts that change with the date), not the raw one (106.5 KB); the home neither (decision
 * 0053 says what is left). For those, these are the figures reached, so a change that adds bytes back
 * fails here.
 */
const CEILINGS: Record<string, { raw: number; brotli: number }> = {
  "/": { raw: 102 * 1024, brotli: 17.75 * 1024 },
  "/tienda": { raw: 108 * 1024, brotli: 15.5 * 1024 },
};

describe("a storefront document", () => {
  it("weighs at most the goal (the book page) or what was reached (the home and the shop)", async () => {
    const book = await newestBookPath();
    const rows = await measurePageBytes(shop.app.baseUrl, ["/", "/tienda", book]);
    for (const row of rows) {
      const ceiling = CEILINGS[row.path] ?? { raw: RAW_BUDGET_BYTES, brotli: BROTLI_BUDGET_BYTES };
      expect(row.bytes, `${row.path}: raw bytes`).toBeLessThanOrEqual(ceiling.raw);
      expect(row.brotliBytes, `${row.path}: brotli bytes`).toBeLessThanOrEqual(ceiling.brotli);
      // The inline rules are a part of the stylesheet, not all of it; the one file is linked.
      expect(row.parts.inlineStyle, row.path).toBeGreaterThan(4 * 1024);
      expect(row.stylesheets.map((sheet: { url: string }) => new URL(sheet.url).pathname)).toEqual([
        expect.stringMatching(/^\/assets\/shop-[\w-]+\.css$/),
      ]);
      expect(row.parts.inlineStyle, row.path).toBeLessThan(row.stylesheets[0].bytes / 2);
    }
  });

  it("inlines the rules its markup needs and links the whole stylesheet at the end of the body", async () => {
    const html = await (await fetch(`${shop.app.baseUrl}/tienda`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const [sheet] = stylesheetUrls(html, shop.app.baseUrl);
    const href = new URL(sheet as string).pathname;
    expect(head).toMatch(/<style id="rizoma-css">@layer properties\{/);
    // Fetched at once from the <head>, applied from the end of the body: it never holds up the first paint.
    expect(head).toContain(`<link rel="preload" as="style" href="${href}"/>`);
    expect(head).not.toContain(`<link rel="stylesheet" href="${href}"`);
    // After all the page's markup (only React Router's hydration data follows it).
    const link = html.indexOf(`<link rel="stylesheet" href="${href}"/>`);
    expect(link).toBeGreaterThan(html.indexOf("</footer>"));
    expect(html.slice(link)).not.toMatch(/<(main|footer|section|div)\b/);
    // A card's rules are in; an admin-only rule is not, in either.
    const inline = /<style id="rizoma-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inline).toContain(".card-heart{");
    expect(inline).not.toContain(".border-dashed{");
  });

  it("serves the stylesheet and the scripts immutable, in the brotli or gzip copy made at build time", async () => {
    const html = await (await fetch(`${shop.app.baseUrl}/`)).text();
    const [sheet] = stylesheetUrls(html, shop.app.baseUrl);
    // React, React DOM and React Router: the biggest script every page loads.
    const script = /<link rel="modulepreload" href="(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
    for (const url of [sheet as string, `${shop.app.baseUrl}${script}`]) {
      const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
      const body = Buffer.from(await plain.arrayBuffer());
      expect(plain.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
      expect(plain.headers.get("vary"), url).toMatch(/Accept-Encoding/i);
      expect(plain.headers.get("content-encoding"), url).toBeNull();
      for (const [encoding, decode] of [
        ["br", brotliDecompressSync],
        ["gzip", gunzipSync],
      ] as const) {
        // Node's fetch decodes for us; the raw answer is what went over the wire.
        const answer = await rawGet(url, encoding);
        expect(answer.headers["content-encoding"], `${url} ${encoding}`).toBe(encoding);
        expect(answer.headers["content-type"], url).toMatch(url.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
        expect(answer.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
        expect(decode(answer.body).equals(body), `${url} ${encoding}`).toBe(true);
      }
    }
  });

  it("an admin page links the admin's stylesheet, without the storefront's rules", async () => {
    const html = await (await fetch(`${shop.app.baseUrl}/admin/login`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const [admin, ...more] = stylesheetUrls(html, shop.app.baseUrl);
    expect(more).toEqual([]);
    expect(new URL(admin as string).pathname).toMatch(/^\/assets\/admin-[\w-]+\.css$/);
    expect(head).toMatch(new RegExp(`<link [^>]*rel="stylesheet" href="${new URL(admin as string).pathname}"/>`));
    expect(html).not.toContain('id="rizoma-css"');
    const adminCss = await (await fetch(admin as string)).text();
    const [storefront] = stylesheetUrls(await (await fetch(`${shop.app.baseUrl}/`)).text(), shop.app.baseUrl);
    const shopCss = await (await fetch(storefront as string)).text();
    // The admin's navigation (border-dashed) and the shop's cards (card-heart) each in their own file only.
    expect(adminCss).toContain(".border-dashed{");
    expect(shopCss).not.toContain(".border-dashed{");
    expect(shopCss).toContain(".card-heart{");
    expect(adminCss).not.toContain(".card-heart{");
  });
});

describe("the first screen", () => {
  it("looks the same before the stylesheet file arrives (JavaScript off, at 390 and 1280 px)", async () => {
    const paths = ["/", "/tienda", await newestBookPath()];
    const firstShots: Buffer[] = [];
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      for (const path of paths) {
        const shots: Buffer[] = [];
        for (const blocked of [false, true]) {
          const page = await shop.open({ width, height, javaScriptEnabled: false });
          await page.emulateMedia({ reducedMotion: "reduce" });
          if (blocked) await page.route(/\/assets\/shop-[\w-]+\.css$/, (route) => route.abort());
          await page.goto(`${shop.app.baseUrl}${path}`);
          await page.waitForLoadState("networkidle");
          // The refused stylesheet (and its preload) is the one error this test causes.
          if (blocked) shop.acknowledge(page, /Failed to load resource: net::ERR_FAILED/);
          shots.push(await page.screenshot());
          await page.context().close();
        }
        const [normal, early] = shots as [Buffer, Buffer];
        expect(await pixelsChanged(normal, early), `${path} at ${width} px`).toBeLessThanOrEqual(25);
        firstShots.push(normal);
      }
    }
    // The comparison sees a difference where there is one: two different pages.
    expect(await pixelsChanged(firstShots[0] as Buffer, firstShots[1] as Buffer)).toBeGreaterThan(5_000);
  });
});

/** GET with one Accept-Encoding, the body as sent (fetch would decode it). */
async function rawGet(url: string, encoding: string): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/**
 * How many pixels of two screenshots of the same size differ by more than two levels in a colour channel,
 * computed by the browser (a canvas). The inline rules give colours with an opacity as hex with alpha, the
 * file as color-mix (the same colour, the alpha rounded to 1/255): a pixel may differ by a level or two.
 * And the rasteriser may smooth a rounded corner a little differently when the page below the first
 * screen has another height (one run: 9 pixels of a button's corner, by 16 levels); a missing rule moves
 * or recolours whole boxes and text, thousands of pixels.
 */
async function pixelsChanged(a: Buffer, b: Buffer): Promise<number> {
  const page: Page = await shop.open();
  const result = await page.evaluate(
    async ([first, second]) => {
      const load = (data: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = `data:image/png;base64,${data}`;
        });
      const [x, y] = await Promise.all([load(first as string), load(second as string)]);
      if (x.width !== y.width || x.height !== y.height) return x.width * x.height;
      const pixels = (image: HTMLImageElement) => {
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d") as CanvasRenderingContext2D;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [p, q] = [pixels(x), pixels(y)];
      let changed = 0;
      for (let i = 0; i < p.length; i += 4) {
        for (let c = 0; c < 4; c++) {
          if (Math.abs((p[i + c] as number) - (q[i + c] as number)) > 2) {
            changed++;
            break;
          }
        }
      }
      return changed;
    },
    [a.toString("base64"), b.toString("base64")],
  );
  await page.context().close();
  return result;
}
