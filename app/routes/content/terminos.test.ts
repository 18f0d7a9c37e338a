import { describe, expect, it } from "vitest";
import { TERMS } from "~/domain/legal/terms.server";
import { routeArgs } from "../../../tests/support/route-context";
import { testDatabase } from "../../../tests/support/test-database";
import * as terminos from "./terminos";

const database = await testDatabase();
const load = (url: string) => terminos.loader(routeArgs(url, database) as never);
const texts = (sections: { items?: unknown[]; paragraphs?: unknown[] }[]) => JSON.stringify(sections);

describe("/terminos and its earlier versions", () => {
  it("shows the terms in force, with their hash", async () => {
    const page = await load("/terminos");
    expect(page).toMatchObject({ versionLabel: TERMS.label, hash: TERMS.hash, inForce: null });
    expect(texts(page.sections)).toContain("CFTEA 0,00%");
  });

  it("?version= shows an earlier version as its orders accepted it, named as such, with the one in force", async () => {
    const page = await load("/terminos?version=2026-11-25");
    expect(page).toMatchObject({
      versionLabel: "del 25 de noviembre de 2026",
      hash: "a46d39234c162bfa3f2a1143e286f4560994811332659d9f4b2acc00acb60300",
      inForce: TERMS.label,
    });
    expect(texts(page.sections)).toContain("CFT: 0%");
  });

  it("an unknown version is ignored: the terms in force", async () => {
    for (const url of [
      "/terminos?version=2019-01-01",
      "/terminos?version=<script>",
      `/terminos?version=${TERMS.version}`,
    ]) {
      expect(await load(url)).toMatchObject({ hash: TERMS.hash, inForce: null });
    }
  });
});
