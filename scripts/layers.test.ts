import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findViolations, formatViolations, layerOf, resolveImport, type SourceFile } from "./layers";

const root = path.resolve(import.meta.dirname, "..");

/** Every .ts/.tsx file under the layered folders, tests included (they obey their folder's rules). */
async function sources(): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const folder of ["app", "db", "server"]) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      const relative = path.relative(root, absolute).split(path.sep).join("/");
      files.push({ path: relative, text: await readFile(absolute, "utf8") });
    }
  }
  return files;
}

describe("layers (docs/decisions/0017-layers.md)", () => {
  it("no module imports across a forbidden layer boundary", async () => {
    const files = await sources();
    // Guards against a scan that silently finds nothing (a moved folder, a wrong root).
    expect(files.filter((file) => layerOf(file.path) === "domain").length).toBeGreaterThan(50);
    const violations = findViolations(files);
    expect(violations.length, `layer violations:\n${formatViolations(violations)}`).toBe(0);
  });
});

describe("the layer checker", () => {
  it("reports a planted violation of each kind, as file → import (rule)", () => {
    const planted: SourceFile[] = [
      { path: "app/domain/cart/cart.server.ts", text: 'import { loader } from "~/routes/carrito";' },
      { path: "app/domain/cart/x.test.ts", text: 'import * as route from "../../routes/api/orders";' },
      { path: "app/domain/mail/y.server.ts", text: 'import nodemailer from "nodemailer";' },
      { path: "app/domain/images/z.server.ts", text: 'const sharp = await import("sharp");' },
      { path: "app/domain/orders/w.server.ts", text: 'import { api } from "~/lib/http.server";' },
      { path: "app/domain/shop/v.server.ts", text: 'export { Layout } from "~/root";' },
      { path: "app/components/book/card.tsx", text: 'import type { Book } from "~db/schema";' },
      { path: "app/components/cart/drawer.tsx", text: 'import { x } from "../../integrations/mercadopago/types";' },
      { path: "app/integrations/mercadopago/a.ts", text: 'import {\n  action,\n} from "~/routes/api/orders";' },
      { path: "db/seed.ts", text: 'import { addDays } from "../app/domain/dates";' },
      { path: "db/tool.ts", text: 'import { loadEnv } from "../server/env";' },
    ];
    expect(formatViolations(findViolations(planted)).split("\n")).toEqual([
      "app/domain/cart/cart.server.ts → ~/routes/carrito (domain may not import routes: the domain does not know about URLs)",
      "app/domain/cart/x.test.ts → ../../routes/api/orders (domain may not import routes: the domain does not know about URLs)",
      "app/domain/mail/y.server.ts → nodemailer (domain may not import nodemailer: outside services are reached through app/integrations)",
      "app/domain/images/z.server.ts → sharp (domain may not import sharp: outside libraries are reached through app/integrations)",
      "app/domain/orders/w.server.ts → ~/lib/http.server (domain may not import app/lib/http.server: HTTP answers are route-side glue)",
      "app/domain/shop/v.server.ts → ~/root (domain may not import routes: the domain does not know about URLs)",
      "app/components/book/card.tsx → ~db/schema (ui may not import db: components get data from loaders)",
      "app/components/cart/drawer.tsx → ../../integrations/mercadopago/types (ui may not import integrations: components get data from loaders)",
      "app/integrations/mercadopago/a.ts → ~/routes/api/orders (integrations may not import routes: an adapter does not know about URLs)",
      "db/seed.ts → ../app/domain/dates (db may not import domain: the schema and seed sit below the rules)",
      "db/tool.ts → ../server/env (db may not import server: the schema and seed sit below the process)",
    ]);
  });

  it("lets the allowed directions through", () => {
    const allowed: SourceFile[] = [
      {
        path: "app/routes/carrito.tsx",
        text: 'import { x } from "~/domain/cart/cart";\nimport { y } from "~/lib/http.server";',
      },
      { path: "app/domain/orders/place.server.ts", text: 'import { z } from "~/integrations/mercadopago/types";' },
      {
        path: "app/domain/catalog/search.server.ts",
        text: 'import { books } from "~db/schema";\nimport { slugify } from "~/lib/slug";',
      },
      { path: "app/components/book/card.tsx", text: 'import { formatMoney } from "~/lib/money";' },
      { path: "app/integrations/mail/transport.server.ts", text: 'import nodemailer from "nodemailer";' },
      { path: "db/seed.ts", text: 'import { slugify } from "../app/lib/slug";' },
      { path: "app/domain/images/optimize.test.ts", text: 'import sharp from "sharp";' },
      { path: "scripts/seed.ts", text: 'import { loadEnv } from "../server/env";' },
      // Mentions in comments and strings are not imports.
      { path: "app/domain/x.server.ts", text: '// import { a } from "~/routes/b";\nconst s = "~/routes/b";' },
    ];
    expect(findViolations(allowed)).toEqual([]);
  });

  it("resolves the aliases of tsconfig.json and relative paths", () => {
    expect(resolveImport("app/domain/a/b.ts", "~/routes/x")).toBe("app/routes/x");
    expect(resolveImport("app/domain/a/b.ts", "~db/schema")).toBe("db/schema");
    expect(resolveImport("app/domain/a/b.ts", "../../lib/http.server.ts")).toBe("app/lib/http.server");
    expect(resolveImport("db/seed.ts", "../server/env")).toBe("server/env");
    expect(resolveImport("app/domain/a/b.ts", "node:fs")).toBeNull();
    expect(layerOf("app/root")).toBe("routes");
    expect(layerOf("app/routes.ts")).toBe("routes");
    expect(layerOf("app/context.ts")).toBeNull();
  });
});
