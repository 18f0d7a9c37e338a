import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { alreadyExists, belowUses, DELETE_USED, discountFigures } from "~/domain/discounts/admin.server";
import { DISCOUNT_FORM_MESSAGES as M } from "~/domain/discounts/input";
import { quoteDiscount, redeemDiscount, releaseDiscount } from "~/domain/discounts/redeem.server";
import { DISCOUNT_MESSAGES } from "~/domain/discounts/rules";
import { CODE_REQUIRED, SUBTOTAL_INVALID, TOO_MANY_CHECKS } from "~/domain/discounts/validate.server";
import { failureNotice } from "~/lib/form-failure";
import { UNAMBIGUOUS_ALPHABET } from "~/lib/random-code.server";
import { auditLog, discountCodes, discountRedemptions, settings } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { insertOrder } from "../../../../tests/support/order-row";
import { routeArgs } from "../../../../tests/support/route-context";
import * as pageRoute from "../../admin/descuentos";
import * as listRoute from "./admin";
import * as itemRoute from "./code";
import * as createRoute from "./create";
import * as statsRoute from "./stats";
import * as validateRoute from "./validate";

const { database, db, admin, call } = await adminTestDatabase();
const signedOut = "Necesitás iniciar sesión como administrador";

beforeAll(() => db.insert(settings).values({ key: "rateLimits", value: { discountValidatePerIpPerMinute: 1000 } }));

const json = { "content-type": "application/json" };
const list = (asAdmin = true) => call(listRoute.loader, `/api/discount-codes/admin?t=${Date.now()}`, { asAdmin });
const stats = () => call(statsRoute.loader, "/api/discount-codes/stats");
const create = (body: unknown, asAdmin = true) =>
  call(createRoute.action, "/api/discount-codes/create", {
    method: "POST",
    body: JSON.stringify(body),
    headers: json,
    asAdmin,
  });
const put = (id: number | string, body: unknown, asAdmin = true) =>
  call(itemRoute.action, `/api/discount-codes/${id}`, {
    method: "PUT",
    params: { id: String(id) },
    body: JSON.stringify(body),
    headers: json,
    asAdmin,
  });
const remove = (id: number | string, asAdmin = true) =>
  call(itemRoute.action, `/api/discount-codes/${id}`, { method: "DELETE", params: { id: String(id) }, asAdmin });
const validate = (body: unknown, clientIp = "127.0.0.1") =>
  call(validateRoute.action, "/api/discount-codes/validate", {
    method: "POST",
    body: JSON.stringify(body),
    headers: json,
    asAdmin: false,
    context: { clientIp },
  });

const counts = async () => ({
  codes: (await db.select({ n: count() }).from(discountCodes))[0]?.n,
  audit: (await db.select({ n: count() }).from(auditLog))[0]?.n,
});
const row = async (code: string) => {
  const [found] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!found) throw new Error(`no code ${code}`);
  return found;
};
const placeOrder = async () => (await insertOrder(db, { subtotalCents: 2_000_000, totalCents: 2_000_000 })).id;
/** An order uses the code, as the checkout does it. */
const useCode = async (code: string, subtotalCents = 2_000_000) => {
  const quote = await quoteDiscount(db, code, subtotalCents);
  const orderId = await placeOrder();
  await db.transaction((tx) => redeemDiscount(tx, quote, orderId));
  return orderId;
};

describe("creating a code", () => {
  it("uppercases the custom code, keeps pesos as centavos and answers the spec's shape", async () => {
    const before = await counts();
    const { status, body } = await create({
      customCode: " lectores10 ",
      description: "Para el club de lectura",
      discountPercentage: 10,
      discountAmount: null,
      minimumAmount: 15000.5,
      maxUses: 100,
      validUntil: "2099-12-31",
      active: true,
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      discountCode: {
        id: expect.any(Number),
        code: "LECTORES10",
        description: "Para el club de lectura",
        discountPercentage: 10,
        discountAmount: null,
        minimumAmount: 15000.5,
        maxUses: 100,
        usedCount: 0,
        // The end of that day in Buenos Aires.
        validUntil: "2100-01-01T02:59:59.999Z",
        active: true,
        createdAt: expect.any(String),
        status: "active",
      },
    });
    expect(await row("LECTORES10")).toMatchObject({ minimumAmountCents: 1_500_050, discountAmountCents: null });
    expect(await counts()).toEqual({ codes: (before.codes ?? 0) + 1, audit: (before.audit ?? 0) + 1 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "discount.create"));
    expect(audit).toMatchObject({ adminEmail: admin.email, summary: "Creó el código de descuento LECTORES10 (10 %)" });
  });

  it("generates an 8-character code when none is given, and defaults to active, no minimum, unlimited", async () => {
    const { status, body } = await create({ customCode: "", discountAmount: "2500" });
    expect(status).toBe(201);
    expect(body.discountCode.code).toMatch(new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{8}$`));
    expect(body.discountCode).toMatchObject({
      discountPercentage: null,
      discountAmount: 2500,
      minimumAmount: 0,
      maxUses: null,
      validUntil: null,
      active: true,
    });
    const bare = await create({ discountPercentage: 5 });
    expect(bare.status).toBe(201);
    expect(bare.body.discountCode.code).toHaveLength(8);
  });

  it("refuses a code that exists (409), also when two admins create it at once", async () => {
    const again = await create({ customCode: "Lectores10", discountPercentage: 20 });
    expect(again).toEqual({
      status: 409,
      body: { success: false, error: alreadyExists("LECTORES10"), field: "customCode" },
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => create({ customCode: "CARRERA", discountPercentage: 15 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.$count(discountCodes, eq(discountCodes.code, "CARRERA"))).toBe(1);
  });

  it.each([
    [{ customCode: "AB", discountPercentage: 10 }, DISCOUNT_MESSAGES.malformed, "customCode"],
    [{ customCode: "CON-GUION", discountPercentage: 10 }, DISCOUNT_MESSAGES.malformed, "customCode"],
    [{ customCode: "A".repeat(21), discountPercentage: 10 }, DISCOUNT_MESSAGES.malformed, "customCode"],
    [{ customCode: "ÑANDU", discountPercentage: 10 }, DISCOUNT_MESSAGES.malformed, "customCode"],
    [{ discountPercentage: 0 }, M.kindMissing, "discountPercentage"],
    [{}, M.kindMissing, "discountPercentage"],
    [{ discountPercentage: 10, discountAmount: 500 }, M.kindBoth, "discountPercentage"],
    [{ discountPercentage: 101 }, M.percentage, "discountPercentage"],
    [{ discountPercentage: 12.5 }, M.percentage, "discountPercentage"],
    [{ discountPercentage: -5 }, M.percentage, "discountPercentage"],
    [{ discountPercentage: true }, M.percentage, "discountPercentage"],
    [{ discountAmount: -100 }, M.amountNegative, "discountAmount"],
    [{ discountAmount: "mucho" }, M.amount, "discountAmount"],
    [{ discountAmount: 10.001 }, M.amount, "discountAmount"],
    [{ discountAmount: 1e12 }, M.amount, "discountAmount"],
    [{ discountAmount: 20_000_000 }, M.tooLarge, "discountAmount"],
    [{ discountPercentage: 10, minimumAmount: -1 }, M.minimumNegative, "minimumAmount"],
    [{ discountPercentage: 10, maxUses: 0 }, M.maxUses, "maxUses"],
    [{ discountPercentage: 10, maxUses: 2.5 }, M.maxUses, "maxUses"],
    [{ discountPercentage: 10, maxUses: 5_000_000 }, M.maxUsesTooLarge, "maxUses"],
    [{ discountPercentage: 10, validUntil: "2026-02-31" }, M.validUntil, "validUntil"],
    [{ discountPercentage: 10, validUntil: "mañana" }, M.validUntil, "validUntil"],
    [{ discountPercentage: 10, validUntil: 20261231 }, M.validUntil, "validUntil"],
    [{ discountPercentage: 10, active: "sí" }, M.active, "active"],
    [{ discountPercentage: 10, description: "x".repeat(201) }, M.description, "description"],
    [{ discountPercentage: 10, code: "OTRO" }, "Campo no permitido: code", undefined],
  ])("refuses %j with a Spanish message and writes nothing", async (body, error, field) => {
    const before = await counts();
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error, ...(field ? { field } : {}) });
    expect(await counts()).toEqual(before);
  });

  it("refuses bodies that are not a JSON object", async () => {
    for (const body of [null, [], "LECTORES", 42]) {
      const answer = await create(body);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });
});

describe("editing, toggling and deleting", () => {
  it("edits every field but the code; setting the amount clears the percentage", async () => {
    const { id } = await row("LECTORES10");
    const before = await counts();
    const edited = await put(id, {
      description: "",
      discountPercentage: "",
      discountAmount: "1500,50",
      minimumAmount: "",
      maxUses: "",
      validUntil: "2099-06-30T12:00",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.discountCode).toMatchObject({
      code: "LECTORES10",
      description: null,
      discountPercentage: null,
      discountAmount: 1500.5,
      minimumAmount: 0,
      maxUses: null,
      validUntil: "2099-06-30T15:00:00.000Z",
      active: true,
    });
    expect(await counts()).toEqual({ codes: before.codes, audit: (before.audit ?? 0) + 1 });
    // The same form may carry the code along, but cannot change it.
    expect((await put(id, { customCode: "lectores10", discountPercentage: 12 })).status).toBe(200);
    expect(await put(id, { customCode: "OTRO", discountPercentage: 12 })).toEqual({
      status: 400,
      body: { success: false, error: M.codeFixed, field: "customCode" },
    });
    expect((await row("LECTORES10")).discountPercentage).toBe(12);
  });

  it("toggles with only {active}, and an edit without `active` keeps the state", async () => {
    const { id } = await row("LECTORES10");
    const off = await put(id, { active: false });
    expect(off.body.discountCode).toMatchObject({ active: false, status: "inactive" });
    expect((await put(id, { discountPercentage: 10 })).body.discountCode.active).toBe(false);
    await expect(quoteDiscount(db, "LECTORES10", 5_000_000)).rejects.toThrow(DISCOUNT_MESSAGES.inactive);
    expect((await put(id, { active: true })).body.discountCode.status).toBe("active");
    expect(await put(id, { active: "no" })).toEqual({
      status: 400,
      body: { success: false, error: M.active, field: "active" },
    });
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["discount.deactivate", "discount.activate"]));
  });

  it("keeps maxUses at or above the uses a code already has", async () => {
    await create({ customCode: "TRESUSOS", discountPercentage: 10, maxUses: 5 });
    await useCode("TRESUSOS");
    await useCode("TRESUSOS");
    const { id } = await row("TRESUSOS");
    expect(await put(id, { discountPercentage: 10, maxUses: 1 })).toEqual({
      status: 409,
      body: { success: false, error: belowUses(2), field: "maxUses" },
    });
    expect((await put(id, { discountPercentage: 10, maxUses: 2 })).body.discountCode.status).toBe("exhausted");
    expect((await row("TRESUSOS")).maxUses).toBe(2);
  });

  it("deletes an unused code and refuses a used one (409), even after its order gave the use back", async () => {
    await create({ customCode: "BORRAME", discountPercentage: 10 });
    const unused = await row("BORRAME");
    expect(await remove(unused.id)).toEqual({
      status: 200,
      body: { success: true, discountCode: { id: unused.id, code: "BORRAME" } },
    });
    expect(await db.$count(discountCodes, eq(discountCodes.id, unused.id))).toBe(0);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "discount.delete"));
    expect(audit?.summary).toBe("Eliminó el código de descuento BORRAME (10 %)");

    const { id } = await row("TRESUSOS");
    const before = await counts();
    expect(await remove(id)).toEqual({ status: 409, body: { success: false, error: DELETE_USED } });
    await create({ customCode: "DEVUELTO", discountAmount: 1000 });
    const orderId = await useCode("DEVUELTO");
    await db.transaction((tx) => releaseDiscount(tx, orderId));
    expect((await row("DEVUELTO")).usedCount).toBe(0);
    expect((await remove((await row("DEVUELTO")).id)).status).toBe(409);
    expect((await counts()).codes).toBe((before.codes ?? 0) + 1);
  });

  it("settles a delete racing an order on the database: one of them wins, never both", async () => {
    await create({ customCode: "CARRERA2", discountPercentage: 10 });
    const code = await row("CARRERA2");
    const quote = await quoteDiscount(db, "CARRERA2", 1_000_000);
    const orderId = await placeOrder();
    const [deleted, redeemed] = await Promise.allSettled([
      remove(code.id),
      db.transaction((tx) => redeemDiscount(tx, quote, orderId)),
    ]);
    const deleteWon = deleted.status === "fulfilled" && deleted.value.status === 200;
    expect(deleteWon).toBe(redeemed.status === "rejected");
    const left = await db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(left.length).toBe(deleteWon ? 0 : 1);
    if (!deleteWon) expect(left[0]?.usedCount).toBe(1);
  });

  it("answers 404 for unknown ids and 405 for other methods", async () => {
    expect(await put(999_999, { active: false })).toEqual({
      status: 404,
      body: { success: false, error: "Código de descuento no encontrado" },
    });
    expect((await remove("abc")).status).toBe(404);
    expect(
      (await call(itemRoute.action, "/api/discount-codes/1", { method: "PATCH", params: { id: "1" } })).status,
    ).toBe(405);
  });

  it("refuses every admin endpoint without the admin session", async () => {
    for (const answer of [
      await list(false),
      await create({ discountPercentage: 10 }, false),
      await put(1, { active: false }, false),
      await remove(1, false),
    ]) {
      expect(answer).toEqual({ status: 401, body: { success: false, error: signedOut } });
    }
  });
});

describe("list and stats", () => {
  it("lists every code newest first with the display status in the spec's order", async () => {
    await db.insert(discountCodes).values([
      { code: "VENCIDO", discountPercentage: 5, validUntil: new Date(Date.now() - 60_000) },
      { code: "APAGADOYVENCIDO", discountPercentage: 5, active: false, validUntil: new Date(Date.now() - 60_000) },
      { code: "AGOTADO", discountAmountCents: 50_000, maxUses: 1, usedCount: 1 },
    ]);
    const { status, body } = await list();
    expect(status).toBe(200);
    const byCode = Object.fromEntries(body.map((c: { code: string; status: string }) => [c.code, c.status]));
    expect(byCode).toMatchObject({
      VENCIDO: "expired",
      APAGADOYVENCIDO: "inactive",
      AGOTADO: "exhausted",
      LECTORES10: "active",
    });
    expect(body[0].id).toBeGreaterThan(body[body.length - 1].id);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        "id",
        "code",
        "description",
        "discountPercentage",
        "discountAmount",
        "minimumAmount",
        "maxUses",
        "usedCount",
        "validUntil",
        "active",
        "createdAt",
        "status",
      ].sort(),
    );
  });

  it("counts codes, active ones, uses, and the discount of uses that still stand (pesos)", async () => {
    const codes = await db.select().from(discountCodes);
    const given = await db.select().from(discountRedemptions);
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body).toEqual({
      totalCodes: codes.length,
      activeCodes: codes.filter(
        (c) =>
          c.active &&
          (c.validUntil === null || c.validUntil > new Date()) &&
          (c.maxUses === null || c.usedCount < c.maxUses),
      ).length,
      totalUsage: codes.reduce((sum, c) => sum + c.usedCount, 0),
      totalDiscountGiven: given.filter((r) => r.releasedAt === null).reduce((sum, r) => sum + r.amountCents, 0) / 100,
    });
    // TRESUSOS twice on $ 20.000 at 10 %; DEVUELTO's use was given back; CARRERA2 maybe once.
    expect(body.totalDiscountGiven).toBeGreaterThanOrEqual(4000);
    const figures = await discountFigures(db);
    expect(figures.activeCodes).toBe(body.activeCodes);
    expect(figures.usesThisMonth).toBe(given.filter((r) => r.releasedAt === null).length);
  });
});

describe("the public check of the checkout", () => {
  it("answers valid with the discount for this subtotal, in pesos", async () => {
    await create({ customCode: "CHECKOUT15", discountPercentage: 15, minimumAmount: 10000 });
    expect(await validate({ code: "checkout15", subtotal: 20000.5 })).toEqual({
      status: 200,
      body: { valid: true, code: "CHECKOUT15", discountAmount: 3000.08, message: DISCOUNT_MESSAGES.valid },
    });
  });

  it.each([
    ["NOEXISTE", 20000, DISCOUNT_MESSAGES.unknown],
    ["AB", 20000, DISCOUNT_MESSAGES.malformed],
    ["VENCIDO", 20000, DISCOUNT_MESSAGES.expired],
    ["AGOTADO", 20000, DISCOUNT_MESSAGES.exhausted],
    ["APAGADOYVENCIDO", 20000, DISCOUNT_MESSAGES.inactive],
    ["CHECKOUT15", 9999.99, DISCOUNT_MESSAGES.minimum(1_000_000)],
  ])("answers %s on $ %s as not valid: the reason, and nothing off", async (code, subtotal, message) => {
    expect(await validate({ code, subtotal })).toEqual({
      status: 200,
      body: { valid: false, discountAmount: 0, message },
    });
  });

  it.each([
    [{ subtotal: 1000 }, CODE_REQUIRED],
    [{ code: "  ", subtotal: 1000 }, CODE_REQUIRED],
    [{ code: "CHECKOUT15" }, SUBTOTAL_INVALID],
    [{ code: "CHECKOUT15", subtotal: -5 }, SUBTOTAL_INVALID],
    [{ code: "CHECKOUT15", subtotal: "mucho" }, SUBTOTAL_INVALID],
    [{ code: "CHECKOUT15", subtotal: 1e15 }, SUBTOTAL_INVALID],
    [{ code: "CHECKOUT15", subtotal: 100, total: 1 }, "Campo no permitido: total"],
  ])("refuses %j with a 400 that the checkout reads like any answer", async (body, error) => {
    expect(await validate(body)).toEqual({
      status: 400,
      body: { success: false, valid: false, discountAmount: 0, error, message: error },
    });
  });

  it("limits checks per IP (a setting) and writes nothing else", async () => {
    await db
      .update(settings)
      .set({ value: { discountValidatePerIpPerMinute: 3 } })
      .where(eq(settings.key, "rateLimits"));
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => validate({ code: "CHECKOUT15", subtotal: 20000 }, "203.0.113.7")),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      success: false,
      valid: false,
      discountAmount: 0,
      error: TOO_MANY_CHECKS,
      message: TOO_MANY_CHECKS,
    });
    // Another address is not affected; quoting never uses the code.
    expect((await validate({ code: "CHECKOUT15", subtotal: 20000 }, "203.0.113.8")).status).toBe(200);
    expect(await counts()).toEqual(before);
    expect((await row("CHECKOUT15")).usedCount).toBe(0);
  });
});

describe("/admin/descuentos without JavaScript", () => {
  const post = async (fields: Record<string, string>) => {
    const args = routeArgs("/admin/descuentos", database, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: { admin },
    });
    try {
      return await pageRoute.action(args as unknown as Parameters<typeof pageRoute.action>[0]);
    } catch (thrown) {
      return thrown;
    }
  };
  const form = {
    intent: "create",
    customCode: "sinjs",
    description: "",
    discountPercentage: "",
    discountAmount: "800",
    minimumAmount: "0",
    maxUses: "3",
    validUntil: "",
    active: "on",
  };

  it("creates, toggles and deletes with a 303 back to the list and a notice", async () => {
    const created = (await post(form)) as Response;
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/descuentos?ok=creado&codigo=SINJS");
    const { id, active, discountAmountCents } = await row("SINJS");
    expect({ active, discountAmountCents }).toEqual({ active: true, discountAmountCents: 80_000 });
    const toggled = (await post({ intent: "toggle", id: String(id), active: "false" })) as Response;
    expect(toggled.headers.get("location")).toBe("/admin/descuentos?ok=desactivado&codigo=SINJS");
    expect((await row("SINJS")).active).toBe(false);
    const updated = (await post({ ...form, intent: "update", id: String(id), customCode: "" })) as Response;
    expect(updated.headers.get("location")).toBe("/admin/descuentos?ok=actualizado&codigo=SINJS");
    // The form's unchecked box is "inactive", as the admin left it.
    const unchecked = { ...form, intent: "update", id: String(id) } as Record<string, string>;
    delete unchecked.active;
    await post(unchecked);
    expect((await row("SINJS")).active).toBe(false);
    const deleted = (await post({ intent: "delete", id: String(id) })) as Response;
    expect(deleted.headers.get("location")).toBe("/admin/descuentos?ok=eliminado&codigo=SINJS");

    const page = await pageRoute.loader(
      routeArgs("/admin/descuentos?ok=eliminado&codigo=SINJS", database, { context: { admin } }) as never,
    );
    expect(page.notice).toEqual({ tone: "success", title: "Código eliminado", message: "Eliminamos el código SINJS." });
  });

  it("keeps what was typed and says why when the server refuses it", async () => {
    const before = await counts();
    const refused = (await post({ ...form, customCode: "ok", discountPercentage: "10" })) as {
      data: { values: { customCode: string }; title: string; message: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(failureNotice(refused.data, refused.data.title)).toEqual({
      tone: "error",
      title: "Error al procesar la solicitud",
      message: DISCOUNT_MESSAGES.malformed,
    });
    expect(refused.data.values.customCode).toBe("ok");
    const used = await row("TRESUSOS");
    const deleteRefused = (await post({ intent: "delete", id: String(used.id) })) as {
      data: { title: string; message: string };
      init: { status: number };
    };
    expect(deleteRefused.init.status).toBe(409);
    expect(deleteRefused.data).toMatchObject({ title: "Error al eliminar el código", message: DELETE_USED });
    expect(await counts()).toEqual(before);
  });
});
