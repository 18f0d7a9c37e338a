// This machine's npm registry serves only the Linux builds of platform-specific packages, so the lockfile
// npm writes here names optional dependencies (darwin, win32, musl…) that have no entry of their own, and
// `npm ci` refuses such a lockfile ("Missing: … from lock file"). This drops those dangling names from
// the lockfile's optionalDependencies maps. Run it after any `npm install` (npm run lock:prune).
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const present = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, "")));
let pruned = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!present.has(name)) {
      delete entry.optionalDependencies[name];
      pruned++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${pruned} optional dependencies without a lock entry removed.`);
