import path from "node:path";
import type { ManualChunkMeta } from "rollup";

/**
 * How the browser bundle is grouped (Rollup's manualChunks). Left alone, Rollup makes one chunk per set
 * of routes sharing a module, so the home loaded ~20 scripts, many under 1 kB: each compresses on its own
 * and costs an import line and a request. Two groups instead, neither adding code to any page:
 * - `framework`: React, React DOM and React Router, which every page loads together;
 * - `shell`: the app modules the root and the shop layout import statically (header, footer, toasts,
 *   cart count, helpers). Every storefront page loads them anyway; route modules and anything loaded
 *   with import() keep their own chunks.
 */
export function clientChunks(appDir: string) {
  const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
  const shellRoots = [path.join(appDir, "root.tsx"), path.join(appDir, "routes", "shop-layout.tsx")];
  const routesDir = path.join(appDir, "routes") + path.sep;
  if (!appDir.endsWith(path.sep)) appDir += path.sep;
  let shell: Set<string> | undefined;

  const staticClosure = (getModuleInfo: ManualChunkMeta["getModuleInfo"]) => {
    const seen = new Set<string>();
    const queue = [...shellRoots];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      // Only our own modules: a package's barrel (say lucide-react's) would pull in every file it lists.
      queue.push(...(getModuleInfo(id)?.importedIds ?? []).filter((imported) => imported.startsWith(appDir)));
    }
    return seen;
  };

  return (id: string, { getModuleInfo }: ManualChunkMeta): string | undefined => {
    if (framework.test(id)) return "framework";
    shell ??= staticClosure(getModuleInfo);
    const file = id.split("?")[0] ?? id;
    const isRoute = file === shellRoots[0] || file.startsWith(routesDir);
    if (shell.has(id) && !isRoute) return "shell";
    return undefined;
  };
}
