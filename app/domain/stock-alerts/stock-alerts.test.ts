import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { updateBook } from "~/domain/catalog/admin-books.server";
import { Conflict, Invalid, NotFound, TooManyRequests } from "~/domain/errors";
import { cancelOrder } from "~/domain/orders/lifecycle.server";
import { seedSettings } from "~/domain/settings/settings.server";
import { syncProduct } from "~/domain/tiendanube/sync.server";
import { TiendanubeClient } from "~/integrations/tiendanube/client.server";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { books, mailOutbox, orderItems, stockAlerts } from "~db/schema";
import { seedTaxonomy } from "~db/seed";
import { startFakeTiendanube } from "../../../tests/fakes/tiendanube/server";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { waitingAlertCounts } from "./counts.server";
import { waitingText } from "./kinds";
import { releaseDueReleaseAlerts, releaseRestockAlerts } from "./release.server";
import { BOOK_NOT_FOUND, IN_STOCK_NOW, subscribeStockAlert } from "./subscribe.server";
import { alertLink, BAD_ALERT_LINK, cancelAlertsWithToken } from "./unsubscribe.server";

const { db, admin } = await adminTestDatabase();
const site = { siteUrl: "https://rizoma.test", configuredSecret: null };
const freshIp = clientIps("10.77");
const visitor = () => ({ db, clientIp: freshIp() });

beforeAll(async () => {
  await seedTaxonomy(db);
  await seedSettings(db);
});

async function book(values: Partial<typeof books.$inferInsert> = {}) {
  const [row] = await db
    .insert(books)
    .values({
      title: "Zama",
      author: "Antonio Di Benedetto",
      slug: `zama-${randomUUID()}`,
      priceCents: 2_450_000,
      stock: 0,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no book");
  return row;
}

const mailsAbout = (title: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `%«${title}»%`))
    .orderBy(mailOutbox.toAddress);
const alertsOf = (bookId: number) => db.select().from(stockAlerts).where(eq(stockAlerts.bookId, bookId));
const tokenOf = (url: string) => new URL(url).searchParams.get("t");

describe("subscribeStockAlert", () => {
  it("decides the kind from the book: out of stock → restock, a pre-sale → release, on sale → 409", async () => {
    const out = await book();
    const presale = await book({ preorderReleaseDate: addDays(todayInBuenosAires(), 10), stock: 5 });
    const onSale = await book({ stock: 3 });
    expect(await subscribeStockAlert(visitor(), { bookId: out.id, email: " Lectora@Example.com " })).toEqual({
      kind: "restock",
      message: "Listo: te avisamos a lectora@example.com cuando vuelva a haber stock.",
    });
    expect(await subscribeStockAlert(visitor(), { bookId: String(presale.id), email: "lectora@example.com" })).toEqual({
      kind: "release",
      message: "Listo: te avisamos a lectora@example.com cuando salga.",
    });
    await expect(subscribeStockAlert(visitor(), { bookId: onSale.id, email: "a@example.com" })).rejects.toThrow(
      new Conflict(IN_STOCK_NOW),
    );
    expect(await alertsOf(out.id)).toMatchObject([{ email: "lectora@example.com", kind: "restock", notifiedAt: null }]);
    expect(await alertsOf(onSale.id)).toEqual([]);
  });

  it("refuses unknown, hidden and malformed books (404) and bad addresses (400), in Spanish", async () => {
    const hidden = await book({ published: false });
    for (const bookId of [hidden.id, 999_999, "abc", 1.5, null, "0"]) {
      await expect(subscribeStockAlert(visitor(), { bookId, email: "a@example.com" })).rejects.toThrow(
        new NotFound(BOOK_NOT_FOUND),
      );
    }
    const out = await book();
    await expect(subscribeStockAlert(visitor(), { bookId: out.id, email: "" })).rejects.toMatchObject({
      status: 400,
      message: "Ingresá tu email para que te avisemos",
      details: { field: "email" },
    });
    await expect(subscribeStockAlert(visitor(), { bookId: out.id, email: "sin-arroba" })).rejects.toMatchObject({
      status: 400,
      message: "Ingresá un email válido",
    });
    await expect(subscribeStockAlert(visitor(), { bookId: out.id, email: "a@example.com", extra: 1 })).rejects.toThrow(
      Invalid,
    );
  });

  it("is idempotent: a repeat or two at once leave one waiting row and answer the same", async () => {
    const out = await book();
    const input = { bookId: out.id, email: "doble@example.com" };
    const answers = await Promise.all([
      subscribeStockAlert(visitor(), input),
      subscribeStockAlert(visitor(), input),
      subscribeStockAlert(visitor(), { ...input, email: "DOBLE@example.com" }),
    ]);
    expect(new Set(answers.map((answer) => answer.message)).size).toBe(1);
    expect(await alertsOf(out.id)).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "doble@example.com"))).toEqual([]);
  });

  it("limits alerts per IP and per hour (the setting)", async () => {
    const out = await book();
    const ip = { db, clientIp: "10.250.7.1" };
    for (let i = 0; i < 20; i++) await subscribeStockAlert(ip, { bookId: out.id, email: `ip${i}@example.com` });
    await expect(subscribeStockAlert(ip, { bookId: out.id, email: "una-mas@example.com" })).rejects.toThrow(
      TooManyRequests,
    );
  });
});

describe("restock alerts", () => {
  it("fire once per subscriber when the admin sets stock, even with two stock changes at once", async () => {
    const out = await book({ title: "Los sorias" });
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await subscribeStockAlert(visitor(), { bookId: out.id, email });
    }
    expect(waitingText((await waitingAlertCounts(db, [out.id])).get(out.id))).toBe("3 personas esperan que vuelva");
    await updateBook(db, admin, out.id, { title: "Los sorias" }, site);
    expect(await mailsAbout("Los sorias")).toEqual([]);

    await Promise.all([
      updateBook(db, admin, out.id, { stock: 5 }, site),
      updateBook(db, admin, out.id, { stock: 2 }, site),
      db.transaction(async (tx) => {
        await tx.update(books).set({ stock: 7 }).where(eq(books.id, out.id));
        await releaseRestockAlerts(tx as never, [out.id], site);
      }),
    ]);
    const mails = await mailsAbout("Los sorias");
    expect(mails.map((mail) => mail.toAddress)).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(mails[0]).toMatchObject({ subject: "Volvió «Los sorias» a Rizoma", template: "stock-alert-restock" });
    expect(mails[0]?.text).toContain(`https://rizoma.test/libro/${out.id}`);
    expect(mails[0]?.text).toMatch(/Precio: \$\s24\.500/);
    expect(mails[0]?.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/rizoma\.test\/avisos\/baja\?t=/);
    expect((await waitingAlertCounts(db, [out.id])).get(out.id)).toBeUndefined();

    // Sold out and back again: only a new subscription fires again.
    await updateBook(db, admin, out.id, { stock: 0 }, site);
    await subscribeStockAlert(visitor(), { bookId: out.id, email: "a@example.com" });
    await updateBook(db, admin, out.id, { stock: 1 }, site);
    expect((await mailsAbout("Los sorias")).map((mail) => mail.toAddress)).toEqual([
      "a@example.com",
      "a@example.com",
      "b@example.com",
      "c@example.com",
    ]);
  });

  it("wait while the book is hidden or marked unavailable, and fire when it can be bought", async () => {
    const out = await book({ title: "El limonero real" });
    await subscribeStockAlert(visitor(), { bookId: out.id, email: "espera@example.com" });
    await updateBook(db, admin, out.id, { stock: 4, available: false }, site);
    await updateBook(db, admin, out.id, { published: false, available: true }, site);
    expect(await mailsAbout("El limonero real")).toEqual([]);
    await updateBook(db, admin, out.id, { published: true }, site);
    expect(await mailsAbout("El limonero real")).toHaveLength(1);
  });

  it("fire when a cancelled order gives its books back", async () => {
    const out = await book({ title: "Nadie nada nunca" });
    const order = await insertOrder(db, { email: "compradora@example.com" });
    await db.insert(orderItems).values({
      orderId: order.id,
      bookId: out.id,
      title: out.title,
      unitPriceCents: 2_450_000,
      quantity: 2,
      lineTotalCents: 4_900_000,
      netCents: 4_900_000,
      taxCents: 0,
    });
    await subscribeStockAlert(visitor(), { bookId: out.id, email: "lector@example.com" });
    await cancelOrder({ db, ...site }, admin, order.number, { reason: "La clienta se arrepintió" });
    expect((await db.select().from(books).where(eq(books.id, out.id)))[0]?.stock).toBe(2);
    expect((await mailsAbout("Nadie nada nunca")).map((mail) => mail.toAddress)).toEqual(["lector@example.com"]);
  });

  it("fire when the Tienda Nube sync brings the book back in stock", async () => {
    const fake = await startFakeTiendanube();
    try {
      const client = new TiendanubeClient({
        apiBase: fake.apiBase,
        storeId: fake.storeId,
        token: fake.token,
        userAgent: "Rizoma (hola@rizoma.com.ar)",
      });
      const product = fake.addProduct();
      const variant = product.variants[0];
      if (!variant) throw new Error("no variant");
      variant.stock_management = true;
      variant.stock = 0;
      await syncProduct(db, client, String(product.id), site);
      const [synced] = await db
        .select()
        .from(books)
        .where(eq(books.externalProductId, String(product.id)));
      if (!synced) throw new Error("not synced");
      await subscribeStockAlert(visitor(), { bookId: synced.id, email: "sync@example.com" });
      fake.updateProduct(product.id, (p) => {
        const first = p.variants[0];
        if (first) first.stock = 3;
      });
      expect(await syncProduct(db, client, String(product.id), site)).toBe("updated");
      expect((await mailsAbout(synced.title)).map((mail) => mail.toAddress)).toEqual(["sync@example.com"]);
    } finally {
      await fake.close();
    }
  });
});

describe("release alerts", () => {
  it("fire on the release date (Buenos Aires), once even with two passes at once", async () => {
    const today = todayInBuenosAires();
    const soon = await book({ title: "Ya casi", preorderReleaseDate: addDays(today, 2) });
    const later = await book({ title: "Falta mucho", preorderReleaseDate: addDays(today, 30) });
    for (const email of ["uno@example.com", "dos@example.com"]) {
      await subscribeStockAlert(visitor(), { bookId: soon.id, email });
      await subscribeStockAlert(visitor(), { bookId: later.id, email });
    }
    expect((await waitingAlertCounts(db, [soon.id])).get(soon.id)).toEqual({ restock: 0, release: 2 });
    await releaseDueReleaseAlerts({ db, ...site }, addDays(today, 1));
    expect(await mailsAbout("Ya casi")).toEqual([]);

    const [a, b] = await Promise.all([
      releaseDueReleaseAlerts({ db, ...site }, addDays(today, 2)),
      releaseDueReleaseAlerts({ db, ...site }, addDays(today, 2)),
    ]);
    expect((a ?? 0) + (b ?? 0)).toBe(2);
    const mails = await mailsAbout("Ya casi");
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ["dos@example.com", "Ya salió «Ya casi»"],
      ["uno@example.com", "Ya salió «Ya casi»"],
    ]);
    expect(await releaseDueReleaseAlerts({ db, ...site }, addDays(today, 2))).toBe(0);
    expect(await mailsAbout("Falta mucho")).toEqual([]);
  });
});

describe("cancelling alerts by the e-mail's link", () => {
  it("names the book and the waiting alerts, cancels them once, and refuses a forged link", async () => {
    const first = await book({ title: "Primero" });
    const second = await book({ title: "Segundo" });
    await subscribeStockAlert(visitor(), { bookId: first.id, email: "baja@example.com" });
    await subscribeStockAlert(visitor(), { bookId: second.id, email: "baja@example.com" });
    await updateBook(db, admin, first.id, { stock: 1 }, site);
    const [mail] = await mailsAbout("Primero");
    const token = tokenOf(String(mail?.headers["List-Unsubscribe"]).slice(1, -1));
    const ctx = { db, configuredSecret: null };

    const link = await alertLink(ctx, token);
    expect(link).toMatchObject({ email: "baja@example.com", book: { id: first.id, title: "Primero" } });
    expect(link?.waiting.map((alert) => alert.title)).toEqual(["Segundo"]);
    expect(await cancelAlertsWithToken(ctx, token)).toEqual({ email: "baja@example.com", cancelled: 1 });
    expect(await cancelAlertsWithToken(ctx, token)).toEqual({ email: "baja@example.com", cancelled: 0 });
    expect((await alertLink(ctx, token))?.waiting).toEqual([]);
    expect(await alertsOf(second.id)).toEqual([]);
    // The alert already sent stays as the record of its e-mail.
    expect(
      await db
        .select()
        .from(stockAlerts)
        .where(and(eq(stockAlerts.bookId, first.id))),
    ).toHaveLength(1);

    for (const bad of [null, "", "12", `${token}x`, "1.abc"]) {
      await expect(alertLink(ctx, bad)).rejects.toThrow(new Invalid(BAD_ALERT_LINK));
      await expect(cancelAlertsWithToken(ctx, bad)).rejects.toThrow(new Invalid(BAD_ALERT_LINK));
    }
  });
});
