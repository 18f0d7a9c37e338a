import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminIdentity, createAdmin } from "~/domain/auth/admin-users.server";
import { argentinePhoneDigits } from "~/domain/settings/argentina";
import { auditLog, books, mailOutbox, settings, specialOrderReplies, specialOrders } from "~db/schema";
import { seedDemoCatalogue } from "~db/seed";
import { clientIps } from "../../../tests/support/admin-database";
import { testDatabase } from "../../../tests/support/test-database";
import { Conflict, Invalid, NotFound, TooManyRequests } from "../errors";
import { nextStatuses } from "./rules";
import {
  createSpecialOrder,
  getSpecialOrder,
  listSpecialOrders,
  replyToSpecialOrder,
  specialOrderFigures,
  updateSpecialOrder,
} from "./special-orders.server";

const database = await testDatabase();
const db = database.db;
const siteUrl = "https://rizoma.test";
let admin: AdminIdentity;
const freshIp = clientIps("10.70");
const ctx = (overrides: Partial<Parameters<typeof createSpecialOrder>[0]> = {}) => ({
  db,
  siteUrl,
  shopEmail: "pedidos@rizoma.test",
  clientIp: freshIp(),
  ...overrides,
});
const request = {
  bookTitle: "  Los   detectives salvajes ",
  bookAuthor: "Roberto Bolaño",
  name: "Mariana López",
  email: "Mariana@Example.com",
  phone: "011 15 5555-1234",
  scope: "national",
  note: "La edición de Anagrama, si se consigue.",
};

const counts = async () => ({
  orders: (await db.select({ n: count() }).from(specialOrders))[0]?.n ?? 0,
  mail: (await db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0,
  replies: (await db.select({ n: count() }).from(specialOrderReplies))[0]?.n ?? 0,
});

beforeAll(async () => {
  admin = await createAdmin(db, { email: "pedidos@rizoma.com.ar", password: "una-clave-larga-de-prueba" });
  await seedDemoCatalogue(db);
});
afterAll(() => database.close());

describe("Argentine phones", () => {
  it("reads the ways people write them and refuses what is not one", () => {
    for (const [text, digits] of [
      ["11 5555-1234", "1155551234"],
      ["011 15 5555-1234", "1155551234"],
      ["+54 9 11 5555-1234", "1155551234"],
      ["+54 11 5555 1234", "1155551234"],
      ["(0351) 15 555-1234", "3515551234"],
      ["0221 455.1234", "2214551234"],
    ]) {
      expect(argentinePhoneDigits(text as string), text).toBe(digits);
    }
    for (const text of ["1234", "11 5555-123", "+1 212 555 1234 99", "11-5555-1234 int 2", "abc", ""]) {
      expect(argentinePhoneDigits(text), text).toBeNull();
    }
  });
});

describe("a visitor's request", () => {
  it("is stored tidy, with the visitor's confirmation and the shop's notice queued", async () => {
    const before = await counts();
    const { order, message } = await createSpecialOrder(ctx(), request);
    expect(order).toMatchObject({
      bookTitle: "Los detectives salvajes",
      bookAuthor: "Roberto Bolaño",
      email: "mariana@example.com",
      phone: "011 15 5555-1234",
      scope: "national",
      status: "nuevo",
      bookId: null,
    });
    expect(message).toContain("72 horas hábiles");
    expect(await counts()).toEqual({ ...before, orders: before.orders + 1, mail: before.mail + 2 });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "special-order-received"));
    expect(mails.at(-1)).toMatchObject({ toAddress: "mariana@example.com" });
    expect(mails.at(-1)?.text).toContain("hasta 72 horas hábiles");
    const [shop] = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "special-order-shop"));
    expect(shop).toMatchObject({ toAddress: "pedidos@rizoma.test", headers: { "Reply-To": "mariana@example.com" } });
    expect(shop?.text).toContain("Teléfono: 011 15 5555-1234");
  });

  it("promises at least 15 business days from abroad; links the book; the shop falls back to the contact e-mail", async () => {
    const [book] = await db.select().from(books).where(eq(books.title, "Don Segundo Sombra"));
    if (!book) throw new Error("demo book missing");
    const { order, message } = await createSpecialOrder(ctx({ shopEmail: null }), {
      bookTitle: book.title,
      bookAuthor: book.author,
      name: "Ana",
      email: "ana@example.com",
      scope: "international",
      bookId: String(book.id),
    });
    expect(order.bookId).toBe(book.id);
    expect(order.phone).toBeNull();
    expect(order.note).toBeNull();
    expect(message).toContain("15 días hábiles");
    const notices = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "special-order-shop"));
    expect(notices.at(-1)?.toAddress).toBe("hola@rizoma.com.ar");
  });

  it("refuses bad input with a Spanish message for the field, and writes nothing", async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...request, bookTitle: "  " }, "Contanos qué libro buscás"],
      [{ ...request, bookTitle: "x".repeat(201) }, "El título puede tener hasta 200 caracteres"],
      [{ ...request, name: "" }, "El nombre es requerido"],
      [{ ...request, email: "mariana@" }, "Ingresá un email válido"],
      [{ ...request, phone: "1234" }, "El teléfono no es válido: incluí el código de área (por ejemplo 11 5555-1234)"],
      [{ ...request, scope: "galactic" }, "Elegí si el pedido es nacional o internacional"],
      [{ ...request, note: "x".repeat(1001) }, "La nota puede tener hasta 1000 caracteres"],
      [{ ...request, bookId: 999_999 }, "No encontramos ese libro en el catálogo"],
      [{ ...request, bookId: "uno" }, "No encontramos ese libro en el catálogo"],
      [{ ...request, status: "entregado" }, "Campo no permitido: status"],
    ];
    for (const [input, error] of cases) {
      await expect(createSpecialOrder(ctx(), input), error).rejects.toSatisfy(
        (thrown) => thrown instanceof Invalid && thrown.message === error,
      );
    }
    await expect(createSpecialOrder(ctx(), null)).rejects.toThrow(Invalid);
    expect(await counts()).toEqual(before);
  });

  it("limits requests per address as the setting says", async () => {
    await db
      .insert(settings)
      .values({ key: "rateLimits", value: { specialOrdersPerIpPerHour: 2 } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { specialOrdersPerIpPerHour: 2 } } });
    const same = ctx();
    await createSpecialOrder(same, request);
    await createSpecialOrder(same, request);
    const before = await counts();
    await expect(createSpecialOrder(same, request)).rejects.toThrow(TooManyRequests);
    expect(await counts()).toEqual(before);
    await createSpecialOrder(ctx(), request);
    await db.delete(settings).where(eq(settings.key, "rateLimits"));
  });
});

describe("the admin", () => {
  it("lists with a status filter and a search over book, author, name and e-mail", async () => {
    const { order } = await createSpecialOrder(ctx(), {
      ...request,
      bookTitle: "Cien años de soledad",
      bookAuthor: "Gabriel García Márquez",
      name: "Julio_Pérez",
      email: "julio@example.com",
    });
    await updateSpecialOrder(db, admin, order.id, { status: "cotizado" });
    const all = await listSpecialOrders(db);
    expect(all.rows[0]?.id).toBe(order.id);
    expect(all.counts.cotizado).toBe(1);
    expect(all.total).toBe(all.rows.length);
    const quoted = await listSpecialOrders(db, { status: "cotizado" });
    expect(quoted.rows.map((row) => row.id)).toEqual([order.id]);
    for (const search of ["márquez", "CIEN AÑOS", "julio@", "Julio_"]) {
      expect(
        (await listSpecialOrders(db, { search })).rows.map((row) => row.id),
        search,
      ).toEqual([order.id]);
    }
    expect((await listSpecialOrders(db, { search: "%" })).rows).toEqual([]);
    expect((await listSpecialOrders(db, { status: "nuevo", search: "cien" })).rows).toEqual([]);
  });

  it("moves a request along its statuses, refuses moves it cannot make, keeps notes, and audits", async () => {
    const { order } = await createSpecialOrder(ctx(), request);
    expect(nextStatuses("nuevo")).toEqual(["cotizado", "encargado", "listo", "entregado", "cancelado"]);
    expect(nextStatuses("entregado")).toEqual([]);
    expect(nextStatuses("cancelado")).toEqual(["nuevo"]);
    const quoted = await updateSpecialOrder(db, admin, order.id, { status: "cotizado", adminNotes: " $ 25.000 " });
    expect(quoted).toMatchObject({ status: "cotizado", adminNotes: "$ 25.000" });
    await expect(updateSpecialOrder(db, admin, order.id, { status: "nuevo" })).rejects.toThrow(
      new Conflict("Un pedido cotizado no puede pasar a nuevo"),
    );
    await expect(updateSpecialOrder(db, admin, order.id, { status: "perdido" })).rejects.toThrow(
      new Invalid("Elegí un estado válido"),
    );
    await expect(updateSpecialOrder(db, admin, order.id, {})).rejects.toThrow(new Invalid("No hay nada para cambiar"));
    await expect(updateSpecialOrder(db, admin, 999_999, { status: "cotizado" })).rejects.toThrow(NotFound);
    await updateSpecialOrder(db, admin, order.id, { status: "listo" });
    const delivered = await updateSpecialOrder(db, admin, order.id, { status: "entregado", adminNotes: "" });
    expect(delivered).toMatchObject({ status: "entregado", adminNotes: null });
    await expect(updateSpecialOrder(db, admin, order.id, { status: "cancelado" })).rejects.toThrow(Conflict);
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(order.id)));
    expect(audit.map((row) => row.summary)).toContain(
      `Pedido especial #${order.id} («Los detectives salvajes»): pasó a cotizado, notas actualizadas`,
    );
  });

  it("settles two admins changing a status at once: one move wins, the other is refused", async () => {
    const { order } = await createSpecialOrder(ctx(), request);
    await updateSpecialOrder(db, admin, order.id, { status: "listo" });
    const results = await Promise.allSettled([
      updateSpecialOrder(db, admin, order.id, { status: "entregado" }),
      updateSpecialOrder(db, admin, order.id, { status: "cancelado" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(Conflict);
  });

  it("replies by e-mail: one reply stored and exactly one e-mail queued to the visitor", async () => {
    const { order } = await createSpecialOrder(ctx(), request);
    const before = await counts();
    const reply = await replyToSpecialOrder(
      db,
      admin,
      order.id,
      { message: "¡Hola Mariana!\n\nLo conseguimos: sale $ 25.000 y llega el jueves." },
      siteUrl,
    );
    expect(reply).toMatchObject({ specialOrderId: order.id, adminEmail: "pedidos@rizoma.com.ar" });
    expect(await counts()).toEqual({ ...before, mail: before.mail + 1, replies: before.replies + 1 });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "special-order-reply"))
      .orderBy(mailOutbox.id);
    expect(mail).toMatchObject({
      toAddress: "mariana@example.com",
      subject: "Tu pedido especial: «Los detectives salvajes»",
    });
    expect(mail?.text).toContain("Lo conseguimos: sale $ 25.000");
    const { replies } = await getSpecialOrder(db, order.id);
    expect(replies.map((row) => row.body)).toEqual([
      "¡Hola Mariana!\n\nLo conseguimos: sale $ 25.000 y llega el jueves.",
    ]);
  });

  it("writes nothing for an empty reply or an unknown request", async () => {
    const { order } = await createSpecialOrder(ctx(), request);
    const before = await counts();
    await expect(replyToSpecialOrder(db, admin, order.id, { message: "  " }, siteUrl)).rejects.toThrow(
      new Invalid("Escribí la respuesta"),
    );
    await expect(replyToSpecialOrder(db, admin, order.id, { message: "x".repeat(5001) }, siteUrl)).rejects.toThrow(
      Invalid,
    );
    await expect(replyToSpecialOrder(db, admin, 999_999, { message: "Hola" }, siteUrl)).rejects.toThrow(NotFound);
    expect(await counts()).toEqual(before);
  });

  it("counts new and open requests for the dashboard", async () => {
    const figures = await specialOrderFigures(db);
    const { counts: byStatus } = await listSpecialOrders(db);
    expect(figures.new).toBe(byStatus.nuevo);
    expect(figures.open).toBe(byStatus.nuevo + byStatus.cotizado + byStatus.encargado + byStatus.listo);
    await createSpecialOrder(ctx(), request);
    expect((await specialOrderFigures(db)).new).toBe(figures.new + 1);
  });
});
