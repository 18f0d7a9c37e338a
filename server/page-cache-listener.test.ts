import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { onPublicPagesChanged, PUBLIC_PAGES_CHANNEL, publicPagesChanged } from "~/domain/cache/public-pages.server";
import { testDatabase } from "../tests/support/test-database";
import { until } from "../tests/support/until";
import { listenForPublicPageChanges } from "./page-cache-listener";

const database = await testDatabase();
const stop = await listenForPublicPageChanges(database, database.url);
const reasons: string[] = [];
const unsubscribe = onPublicPagesChanged((reason) => reasons.push(reason));
afterAll(async () => {
  unsubscribe();
  await stop();
  await database.close();
});

/** What another instance sends (its own origin id). */
const foreignNotice = (reason: string) =>
  sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${JSON.stringify({ origin: "another-instance", reason })})`;

describe("public pages changed", () => {
  it("applies a change here at once, and another instance's through LISTEN; rolled-back notices never arrive", async () => {
    await publicPagesChanged(database.db, "book.update");
    expect(reasons).toEqual(["book.update"]);

    await database.db
      .transaction(async (tx) => {
        await tx.execute(foreignNotice("rolled back"));
        throw new Error("rollback");
      })
      .catch(() => {});
    await database.db.execute(foreignNotice("book.delete"));
    await until(() => reasons.includes("book.delete"), "the other instance's notice");
    // Notices arrive in commit order: our own came back first and was skipped, the rolled-back one never came.
    expect(reasons).toEqual(["book.update", "book.delete"]);
  });
});
