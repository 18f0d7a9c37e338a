import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { updatePlan } from "~/domain/box/plans.server";
import { PUBLIC_PAGES_CHANNEL } from "~/domain/cache/public-pages.server";
import { createBook } from "~/domain/catalog/admin-books.server";
import { leaveDemoMode } from "~/domain/demo/demo-mode.server";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import { updateSection } from "~/domain/settings/settings.server";
import { type Database, openPostgres } from "~db/connect";
import { listenForPublicPageChanges } from "../../server/page-cache-listener";
import { adminTestDatabase } from "../../tests/support/admin-database";
import { routeArgs } from "../../tests/support/route-context";
import { until } from "../../tests/support/until";
import * as authors from "./api/authors";
import * as boxLanding from "./caja-rizoma/landing";
import * as home from "./home";
import * as shopLayout from "./shop-layout";
import * as tienda from "./tienda";

/**
 * Public pages keep their reference data in memory (app/domain/cache/reference-data.server.ts); a change
 * made the normal way shows on the very next render, on this instance and on the others.
 */
const { database, db, admin } = await adminTestDatabase({ catalogue: true });

// biome-ignore lint/suspicious/noExplicitAny: the loaders' typed args and answers differ per route.
const load = async (loader: (args: any) => unknown, url: string, on: Database = database): Promise<any> => {
  const loaded = (await loader(routeArgs(url, on))) as { data?: unknown };
  return loaded && typeof loaded === "object" && "data" in loaded ? loaded.data : loaded;
};

describe("a change made through the shop's own functions", () => {
  it("shows on the next render: settings, a new book and its author, the box's price, leaving demo mode", async () => {
    expect((await load(shopLayout.loader, "/")).demo).toBe(true);
    expect((await load(home.loader, "/")).contact.address).not.toBe("Av. Corrientes 9999");
    const shop = await load(tienda.loader, "/tienda");
    const suggested = async () =>
      (await (await authors.loader(routeArgs("/api/autores?q=autora", database))).json()).authors;
    expect(await suggested()).not.toContain("Autora Nueva");

    await updateSection(db, admin, "contact", { ...DEFAULT_SETTINGS.contact, address: "Av. Corrientes 9999" });
    expect((await load(shopLayout.loader, "/")).contact.address).toBe("Av. Corrientes 9999");
    expect((await load(home.loader, "/")).contact.address).toBe("Av. Corrientes 9999");

    await createBook(db, admin, { title: "Un libro nuevo", author: "Autora Nueva", price: 10_000, published: true });
    expect(await suggested()).toContain("Autora Nueva");
    // The unfiltered shop's total is the number of published books, reference data too.
    expect((await load(tienda.loader, "/tienda")).pagination.total).toBe(shop.pagination.total + 1);

    await updatePlan(db, admin, "monthly", { price: 31_000, originalPrice: null, active: true });
    const box = await load(boxLanding.loader, "/caja-rizoma");
    expect(box.plans.find((plan: { id: string }) => plan.id === "monthly").priceCents).toBe(3_100_000);
    expect((await load(home.loader, "/")).carousel.boxMonthlyCents).toBe(3_100_000);

    await leaveDemoMode(db, admin, { deleteDemoData: false, confirmation: "PRODUCCION" });
    expect((await load(shopLayout.loader, "/")).demo).toBe(false);
  });

  it("made by another instance, shows here once its notice arrives", async () => {
    // PostgreSQL: a second connection pool is the other instance's handle. PGlite: one process per
    // database, so the other instance is simulated on the same handle (its notice carries another origin).
    const other = database.url ? await openPostgres(database.url, { max: 2 }) : database;
    const stop = await listenForPublicPageChanges(database, database.url);
    try {
      expect((await load(shopLayout.loader, "/")).contact.hours).not.toBe("Lunes a lunes");
      // What the other instance's updateSection does: commit, then notify (with its own origin).
      await other.db.execute(
        sql`update settings set value = jsonb_set(value, '{hours}', '"Lunes a lunes"') where key = 'contact'`,
      );
      expect((await load(shopLayout.loader, "/")).contact.hours).not.toBe("Lunes a lunes");
      const notice = JSON.stringify({ origin: "another-instance", reason: "settings.contact" });
      await other.db.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${notice})`);
      await until(
        async () => (await load(shopLayout.loader, "/")).contact.hours === "Lunes a lunes",
        "the other instance's change",
      );
    } finally {
      await stop();
      if (other !== database) await other.close();
    }
  });
});
