import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("package-lock.json", () => {
  it("has an entry for every optional dependency it names, so `npm ci` accepts it", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
    const present = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, "")));
    const dangling = Object.values(lock.packages as Record<string, { optionalDependencies?: object }>).flatMap(
      (entry) => Object.keys(entry.optionalDependencies ?? {}).filter((name) => !present.has(name)),
    );
    expect(dangling, "run `npm run lock:prune` after npm install").toEqual([]);
  });
});
