import { describe, expect, it } from "vitest";
import { scriptUrls } from "./first-load-js.mjs";

describe("scriptUrls", () => {
  it("collects same-origin script sources and modulepreload links once, in document order", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="modulepreload" href="/assets/framework-A.js"/>
      <link rel="stylesheet" href="/assets/app.css">
      <link rel="icon" href="/favicon.svg">
      <link href='/assets/shell-B.js' rel='modulepreload'>
      <script src="https://cdn.example.com/x.js"></script>
      <script>window.__inline = 1;</script>
      </head><body>
      <script type="module" src="/assets/entry.client-C.js?v=1&amp;x=2"></script>
      <link rel="modulepreload" href="/assets/framework-A.js">
      </body></html>`;
    expect(scriptUrls(html, "http://127.0.0.1:3000/tienda?page=2")).toEqual([
      "http://127.0.0.1:3000/assets/framework-A.js",
      "http://127.0.0.1:3000/assets/shell-B.js",
      "http://127.0.0.1:3000/assets/entry.client-C.js?v=1&x=2",
    ]);
  });

  it("finds nothing in a page without scripts", () => {
    expect(scriptUrls("<html><body><p>Hola</p></body></html>", "http://localhost/")).toEqual([]);
  });
});
