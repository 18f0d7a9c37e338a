import path from "node:path";
import ts from "typescript";

/**
 * The layer rules of docs/decisions/0017-layers.md, checked over source text by scripts/layers.test.ts.
 * A module's layer is the folder it sits in; a rule names what a layer may not import. Test files obey
 * the rules of the folder they sit in (a test that drives a route sits beside the route), except the
 * rules marked `exceptTests`.
 */
export type Layer = "routes" | "ui" | "domain" | "integrations" | "lib" | "db" | "server";

/** Folders (ending in `/`) and single modules (without extension), from the repository root. */
const LAYERS: [place: string, layer: Layer][] = [
  ["app/routes/", "routes"],
  ["app/root", "routes"],
  ["app/components/", "ui"],
  ["app/domain/", "domain"],
  ["app/integrations/", "integrations"],
  ["app/lib/", "lib"],
  ["db/", "db"],
  ["server/", "server"],
];

export interface Rule {
  from: Layer;
  /** A layer, one module (repository path without extension) or an npm package. */
  forbids: { layer: Layer } | { module: string } | { package: string };
  why: string;
  /** Tests may break it: a test may use sharp to make a fixture image or to read a result's size. */
  exceptTests?: boolean;
}

export const RULES: Rule[] = [
  { from: "domain", forbids: { layer: "routes" }, why: "the domain does not know about URLs" },
  { from: "domain", forbids: { layer: "ui" }, why: "the domain does not render" },
  {
    from: "domain",
    forbids: { module: "app/lib/http.server" },
    why: "HTTP answers are route-side glue",
  },
  {
    from: "domain",
    forbids: { package: "nodemailer" },
    why: "outside services are reached through app/integrations",
    exceptTests: true,
  },
  {
    from: "domain",
    forbids: { package: "sharp" },
    why: "outside libraries are reached through app/integrations",
    exceptTests: true,
  },
  { from: "ui", forbids: { layer: "db" }, why: "components get data from loaders" },
  { from: "ui", forbids: { layer: "integrations" }, why: "components get data from loaders" },
  { from: "integrations", forbids: { layer: "routes" }, why: "an adapter does not know about URLs" },
  { from: "db", forbids: { layer: "domain" }, why: "the schema and seed sit below the rules" },
  { from: "db", forbids: { layer: "server" }, why: "the schema and seed sit below the process" },
];

export interface SourceFile {
  /** Repository-relative, `/`-separated, with its extension (`app/domain/cart/cart.ts`). */
  path: string;
  text: string;
}

export interface Violation {
  file: string;
  /** The import as written. */
  imported: string;
  rule: Rule;
}

const withoutExtension = (file: string) => file.replace(/\.(tsx?|jsx?|mjs)$/, "");

/** The layer of a file or of an import's target (with or without extension; a folder counts as inside). */
export function layerOf(file: string): Layer | null {
  const module = withoutExtension(file);
  return (
    LAYERS.find(([place]) => (place.endsWith("/") ? `${module}/`.startsWith(place) : module === place))?.[1] ?? null
  );
}

/** Static imports, `export … from`, dynamic `import()` and `require()`, type-only ones included. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/**
 * A specifier as a repository path without extension (`~/x` is app/x, `~db/x` is db/x, as in
 * tsconfig.json), or null for a package.
 */
export function resolveImport(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("~db/")) target = `db/${specifier.slice(4)}`;
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(file), specifier);
  else return null;
  return withoutExtension(target);
}

/** `node:fs` and `fs/promises` are node's; `@scope/name/sub` is `@scope/name`. */
const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

function breaks(rule: Rule, specifier: string, target: string | null): boolean {
  const forbids = rule.forbids;
  if ("package" in forbids) return target === null && packageName(specifier) === forbids.package;
  if (target === null) return false;
  if ("module" in forbids) return target === forbids.module;
  return layerOf(target) === forbids.layer;
}

export function findViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    const isTest = /\.test\.tsx?$/.test(file.path);
    const rules = RULES.filter((rule) => rule.from === from && !(isTest && rule.exceptTests));
    if (rules.length === 0) continue;
    for (const imported of importsOf(file.text)) {
      const target = resolveImport(file.path, imported);
      for (const rule of rules) {
        if (breaks(rule, imported, target)) violations.push({ file: file.path, imported, rule });
      }
    }
  }
  return violations;
}

export function describeRule(rule: Rule): string {
  const forbids = rule.forbids;
  const what = "layer" in forbids ? forbids.layer : "module" in forbids ? forbids.module : forbids.package;
  return `${rule.from} may not import ${what}: ${rule.why}`;
}

/** One line per violation: `file → imported path (rule)`. */
export function formatViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.file} → ${v.imported} (${describeRule(v.rule)})`).join("\n");
}
