import type { AddressInfo } from "node:net";
import express from "express";
import { data, matchRoutes, type RouteObject, redirect } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceModule } from "~/lib/resource-route";
import { type ResourceRoute, resourceRoutes } from "~/resource-routes";
import pageRoutes from "~/routes";
import { onError } from "./app";
import { resourceMatcher, resourceRoutesHandler } from "./resource-routes";

const route = (path: string, module: ResourceModule): ResourceRoute => ({
  path,
  file: `routes/test/${path}.ts`,
  load: async () => module,
});

const echo = (args: Parameters<NonNullable<ResourceModule["loader"]>>[0]) =>
  Response.json({ method: args.request.method, url: args.request.url, params: args.params, context: args.context });

const table: ResourceRoute[] = [
  route("api/t/:a/:b", { loader: echo }),
  route("api/t/fijo/:b", { loader: () => Response.json({ fixed: true }) }),
  route("api/cookies", {
    loader: () => {
      const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "X-Uno": "1" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/; HttpOnly");
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("primera parte, "));
          controller.enqueue(new TextEncoder().encode("segunda parte"));
          controller.close();
        },
      });
      return new Response(body, { status: 201, headers });
    },
  }),
  route("api/echo", {
    loader: echo,
    action: async ({ request }) => Response.json({ method: request.method, body: await request.text() }),
  }),
  route("api/solo-lectura", { loader: () => Response.json({ ok: true }) }),
  route("api/lanza-respuesta", {
    loader: () => {
      throw redirect("/cuenta/ingresar", 303);
    },
  }),
  route("api/lanza-data", {
    loader: () => {
      throw data("Ese reporte no existe.", { status: 404 });
    },
  }),
  route("api/devuelve-data", { loader: () => data({ creado: true }, { status: 201, headers: { "X-Dos": "2" } }) }),
  route("api/objeto", { loader: () => ({ plano: true }) }),
  route("api/texto", { loader: () => "hola" }),
  route("api/nada", { loader: () => undefined }),
  route("api/falla", {
    loader: () => {
      throw new Error("boom");
    },
  }),
  route("api/sin-base", {
    loader: () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    },
  }),
  route("archivo/falla", {
    loader: () => {
      throw new Error("boom");
    },
  }),
  route("api/*", { loader: ({ params }) => Response.json({ splat: params["*"] }, { status: 404 }) }),
];

let base = "";
let close: () => Promise<unknown>;
beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.log = { error: () => {}, warn: () => {} };
    next();
  });
  app.use(resourceRoutesHandler(table, (_req, res) => ({ requestId: "r-1", log: res.locals.log }) as never));
  app.use((_req, res) => {
    res.status(299).send("React Router");
  });
  app.use(onError);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(resolve));
});
afterAll(() => close());

describe("the resource routes' adapter", () => {
  it("gives the loader React Router's request, params and load context", async () => {
    const response = await fetch(`${base}/api/t/uno/dos?x=1`, { headers: { "x-prueba": "sí" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      method: "GET",
      url: `${base}/api/t/uno/dos?x=1`,
      params: { a: "uno", b: "dos" },
      context: { requestId: "r-1", log: {} },
    });
  });

  it("decodes params as React Router does, matches in any case and with a trailing slash", async () => {
    const body = await (await fetch(`${base}/API/T/a%20b/x%2Fy/`)).json();
    expect(body.params).toEqual({ a: "a b", b: "x/y" });
    // A malformed escape is matched as written, not an error.
    expect((await (await fetch(`${base}/api/t/%E0%A4%A/b`)).json()).params).toEqual({ a: "%E0%A4%A", b: "b" });
  });

  it("ranks a static segment above a parameter, whatever the table's order", async () => {
    expect(await (await fetch(`${base}/api/t/fijo/2`)).json()).toEqual({ fixed: true });
  });

  it("answers an unknown /api path from the splat route, and leaves every other path to React Router", async () => {
    const unknown = await fetch(`${base}/api/no/existe`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ splat: "no/existe" });
    const page = await fetch(`${base}/tienda`);
    expect(page.status).toBe(299);
    expect(await page.text()).toBe("React Router");
  });

  it("writes status, every header, each Set-Cookie and a streamed body", async () => {
    const response = await fetch(`${base}/api/cookies`);
    expect(response.status).toBe(201);
    expect(response.headers.get("x-uno")).toBe("1");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/; HttpOnly"]);
    expect(await response.text()).toBe("primera parte, segunda parte");
  });

  it("runs the action for POST, PUT, PATCH and DELETE with the body as a stream", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${base}/api/echo`, { method, body: `cuerpo ${method}` });
      expect(await response.json()).toEqual({ method, body: `cuerpo ${method}` });
    }
    expect((await (await fetch(`${base}/api/echo`, { method: "OPTIONS" })).json()).method).toBe("OPTIONS");
  });

  it("answers HEAD from the loader, with its headers and no body", async () => {
    const response = await fetch(`${base}/api/cookies`, { method: "HEAD" });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(await response.text()).toBe("");
  });

  it("answers 405 in Spanish when the module has no function for the method", async () => {
    const post = await fetch(`${base}/api/solo-lectura`, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(await post.json()).toEqual({ success: false, error: "Método no permitido" });
    const other = await fetch(`${base}/api/echo`, { method: "PROPFIND" });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("sends a thrown Response as it is, and a thrown data() with its status and message", async () => {
    const thrown = await fetch(`${base}/api/lanza-respuesta`, { redirect: "manual" });
    expect(thrown.status).toBe(303);
    expect(thrown.headers.get("location")).toBe("/cuenta/ingresar");
    const failed = await fetch(`${base}/api/lanza-data`);
    expect(failed.status).toBe(404);
    expect(failed.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await failed.text()).toBe("Ese reporte no existe.");
  });

  it("turns a returned data(), object or string into an answer as React Router does", async () => {
    const made = await fetch(`${base}/api/devuelve-data`);
    expect(made.status).toBe(201);
    expect(made.headers.get("x-dos")).toBe("2");
    expect(await made.json()).toEqual({ creado: true });
    expect(await (await fetch(`${base}/api/objeto`)).json()).toEqual({ plano: true });
    const text = await fetch(`${base}/api/texto`);
    expect(text.headers.get("content-type")).toBe("text/plain;charset=UTF-8");
    expect(await text.text()).toBe("hola");
  });

  it("hands unexpected errors to the app's error handler: 500 (JSON under /api/, text elsewhere), 503 without a database", async () => {
    const api = await fetch(`${base}/api/falla`);
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({
      success: false,
      error: "Tuvimos un problema interno. Probá de nuevo en unos minutos.",
    });
    const file = await fetch(`${base}/archivo/falla`);
    expect(file.status).toBe(500);
    expect(file.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const nothing = await fetch(`${base}/api/nada`);
    expect(nothing.status).toBe(500);
    const down = await fetch(`${base}/api/sin-base`);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
  });
});

/** A concrete URL for a route pattern: params become 1, a splat becomes "x/y". */
const concrete = (pattern: string) => `/${pattern.replace(/:\w+\??/g, "1").replace(/\*$/, "x/y")}`;

describe("the resource routes' table", () => {
  // React Router's own matcher over both tables together: what it would have chosen with every route in its table.
  const combined = [...pageRoutes, ...resourceRoutes.map(({ path, file, id }) => ({ path, file, id }))];
  const reactRouter = (pathname: string) => matchRoutes(combined as unknown as RouteObject[], pathname)?.at(-1)?.route;
  const ours = resourceMatcher(resourceRoutes);

  it("holds every module without a component, and React Router's table none", async () => {
    for (const entry of resourceRoutes) {
      const module = (await entry.load()) as Record<string, unknown>;
      expect(module.default, entry.file).toBeUndefined();
      expect(typeof module.loader, entry.file).toBe("function");
    }
    const files = (entries: typeof pageRoutes): string[] =>
      entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);
    const pages = files(pageRoutes);
    for (const entry of resourceRoutes) expect(pages).not.toContain(entry.file);
  });

  it("matches each URL to the route React Router would have chosen", () => {
    const urls = [
      ...resourceRoutes.map((entry) => concrete(entry.path)),
      ...(function all(entries: typeof combined, parent: string): string[] {
        return entries.flatMap((entry) => {
          const path = entry.path ? `${parent}${entry.path}/` : parent;
          const children = (entry as { children?: typeof combined }).children ?? [];
          return [...(entry.path ? [concrete(path.slice(0, -1))] : []), ...all(children, path)];
        });
      })(combined, ""),
      "/API/Books/",
      "/api/books//",
      "/%61pi/books",
      "/api/admin/books/nuevo",
      "/admin/libros/exportar",
      "/admin/libros/1",
      "/admin/facturas/1/pdf",
      "/admin/nada",
      "/pedido/1/factura/2",
      "/pedido/1",
      "/cuenta/datos",
      "/cuenta/datos/",
      "/uploads/a%2Fb.png",
      "/datos-fiscales-qr.svg",
      "/sitemap.xml",
      "/api",
      "/api/",
    ];
    for (const url of urls) {
      const pathname = new URL(url, "http://x").pathname;
      const chosen = reactRouter(pathname) as { file?: string } | undefined;
      const isResource = resourceRoutes.some((entry) => entry.file === chosen?.file);
      expect(ours(pathname)?.route.file ?? null, url).toBe(isResource ? chosen?.file : null);
    }
  });
});
