import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, resolveImport } from "../../scripts/layers";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const walk = (dir: string): string[] =>
  readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    return statSync(path.join(root, file)).isDirectory() ? walk(file) : [file];
  });

/** A stylesheet's `@source` and `@source not` paths, from the repository root, without extension. */
function sources(stylesheet: string): { included: string[]; excluded: string[] } {
  const dir = path.posix.dirname(stylesheet);
  const included: string[] = [];
  const excluded: string[] = [];
  for (const [, not, target = ""] of read(stylesheet).matchAll(/^@source\s+(not\s+)?"([^"]+)";/gm)) {
    const place = path.posix.join(dir, target).replace(/\.tsx?$/, "");
    (not ? excluded : included).push(place);
  }
  return { included, excluded };
}

const covers = (places: string[], file: string) =>
  places.some((place) => file === place || file.startsWith(`${place}/`));

/** Every module of the app a browser may load from `roots`, followed through their imports. */
function closure(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = [".tsx", ".ts"]
      .map((ext) => `${file}${ext}`)
      .find((candidate) => existsSync(path.join(root, candidate)));
    if (!source) continue;
    for (const specifier of importsOf(read(source))) {
      const target = resolveImport(source, specifier);
      if (target?.startsWith("app/") && !target.endsWith(".server") && !target.includes("/styles/")) queue.push(target);
    }
  }
  return [...seen];
}

const ADMIN_DIRS = ["app/routes/admin", "app/components/admin", "app/components/sales"];

describe("the two stylesheets", () => {
  it("the admin's reads every module an admin page can render", () => {
    const roots = ADMIN_DIRS.flatMap(walk)
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|server)\.tsx?$/.test(file))
      .map((file) => file.replace(/\.tsx?$/, ""));
    const { included } = sources("app/styles/admin.css");
    const missing = closure(roots).filter((file) => !covers(included, file));
    expect(missing, "add these to app/styles/admin.css as @source").toEqual([]);
  });

  it("the storefront's reads the whole app but the admin's folders", () => {
    const { included, excluded } = sources("app/styles/shop.css");
    expect(included).toEqual(["app"]);
    expect(excluded.sort()).toEqual([...ADMIN_DIRS].sort());
  });

  it("every admin page outside the admin layout (sign-in, invitation, printable lists) links the admin's", () => {
    const table = read("app/routes.ts");
    const start = table.indexOf('route("admin", "routes/admin/layout.tsx"');
    expect(start).toBeGreaterThan(0);
    let depth = 0;
    let end = table.indexOf("[", start);
    for (; end < table.length; end++) {
      if (table[end] === "[") depth++;
      if (table[end] === "]" && --depth === 0) break;
    }
    const pages = (text: string) => [...text.matchAll(/"(routes\/admin\/[^"]+\.tsx)"/g)].map((m) => m[1] as string);
    const inLayout = new Set(pages(table.slice(start, end)));
    const outside = pages(table).filter((file) => !inLayout.has(file) && /export default/.test(read(`app/${file}`)));
    expect(outside.length).toBeGreaterThan(0);
    const unstyled = outside.filter((file) => !/links[^\n]*=>\s*\[adminStylesheet\]/.test(read(`app/${file}`)));
    expect(unstyled, "export `links = () => [adminStylesheet]` from these").toEqual([]);
  });
});
