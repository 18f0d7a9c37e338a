import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROVINCE_CODES } from "~/domain/settings/argentina";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import { getSection, updateSection } from "~/domain/settings/settings.server";
import { formatMoneyInput } from "~/lib/money";
import { auditLog, settings } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { routeArgs } from "../../../../tests/support/route-context";
import * as pageRoute from "../../admin/ajustes";
import * as shopLayout from "../../shop-layout";
import * as settingsRoute from "./settings";
import * as putRoute from "./settings-section";

const { database, db, admin, call } = await adminTestDatabase();

const put = (section: string, body: unknown, asAdmin = true) =>
  call(putRoute.action, `/api/admin/settings/${section}`, {
    method: "PUT",
    params: { section },
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
    asAdmin,
  });

const storedRows = () => db.select().from(settings).orderBy(settings.key);
const auditRows = () => db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));

describe("PUT /api/admin/settings/{section}", () => {
  const contact = { ...DEFAULT_SETTINGS.contact, address: "Av. Corrientes 1500, CABA", whatsapp: "+54 9 11 5555-1234" };

  it("saves a section and records who did it, in the same transaction", async () => {
    const { status, body } = await put("contact", contact);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.settings.contact).toEqual(contact);
    expect(await getSection(db, "contact")).toEqual(contact);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      adminId: admin.id,
      adminEmail: admin.email,
      entity: "settings",
      entityId: "contact",
      summary: "Actualizó los datos de contacto",
      details: { section: "contact", changed: ["address", "whatsapp"] },
    });
  });

  it("normalises what it stores (CUIT with dashes, CBU digits only)", async () => {
    const bank = { ...DEFAULT_SETTINGS.bank, cbu: "2850590 940090418135201", cuit: "20267565393" };
    const { status, body } = await put("bank", bank);
    expect(status).toBe(200);
    expect(body.settings.bank).toMatchObject({ cbu: "2850590940090418135201", cuit: "20-26756539-3" });
    expect((await auditRows()).at(-1)?.summary).toBe("Actualizó los datos bancarios");
  });

  it("speaks pesos for the shipping table and stores centavos", async () => {
    const { body: before } = await call(settingsRoute.loader, "/api/admin/settings");
    expect(before.settings.shipping.rates.B).toEqual({ standard: 5500, fast: 8900 });
    const shipping = structuredClone(before.settings.shipping);
    shipping.rates.A = { standard: 12500.5, fast: 20000 };
    const { status, body } = await put("shipping", shipping);
    expect(status).toBe(200);
    expect(body.settings.shipping.rates.A).toEqual({ standard: 12500.5, fast: 20000 });
    expect((await getSection(db, "shipping")).rates.A).toEqual({ standardCents: 1_250_050, fastCents: 2_000_000 });

    shipping.rates.A = { standard: 0.001, fast: 1 };
    expect(await put("shipping", shipping)).toMatchObject({
      status: 400,
      body: { success: false, error: "Envío estándar a Salta: ingresá un monto en pesos, con hasta 2 decimales" },
    });
  });

  it.each([
    [
      "bank",
      { ...DEFAULT_SETTINGS.bank, cbu: "2850590940090418135202" },
      "El CBU/CVU no es válido: revisá los dígitos verificadores",
    ],
    [
      "bank",
      { ...DEFAULT_SETTINGS.bank, cuit: "20267565392" },
      "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)",
    ],
    ["bank", { ...DEFAULT_SETTINGS.bank, extra: 1 }, "Campo no permitido: extra"],
    ["bank", { holder: "Sólo el titular" }, "Banco: completá este campo"],
    [
      "contact",
      { ...DEFAULT_SETTINGS.contact, whatsapp: "1234" },
      "El WhatsApp debe ser un celular con código de país: +54 9 11 1234-5678",
    ],
    ["contact", { ...DEFAULT_SETTINGS.contact, email: "no-es-un-email" }, "El email no es válido"],
    ["store", { externalUrl: "http://rizoma.example" }, "La URL de la tienda externa debe empezar con https://"],
    ["pickup", { points: [{ name: "", address: "Thames 1234", hours: "9 a 18" }] }, "Nombre: completá este campo"],
    [
      "rateLimits",
      { ...DEFAULT_SETTINGS.rateLimits, loginMaxFailures: 0 },
      "Intentos fallidos de ingreso: el mínimo es 1",
    ],
    ["rateLimits", "[1,2]", "El cuerpo debe ser un objeto JSON"],
    ["reorder", { threshold: 1001 }, "Umbral de reposición: el máximo es 1000"],
    ["reorder", { threshold: 1.5 }, "Umbral de reposición: ingresá un número entero"],
    ["rateLimits", "{no es json", "El cuerpo no es un JSON válido"],
  ])("refuses bad %s input with a Spanish 400 and writes nothing", async (section, body, error) => {
    const [rowsBefore, auditBefore] = [await storedRows(), (await auditRows()).length];
    const response = await put(section, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error });
    expect(await storedRows()).toEqual(rowsBefore);
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it("says which field is wrong", async () => {
    const { body } = await put("bank", { ...DEFAULT_SETTINGS.bank, alias: "x", cuit: "1" });
    expect(Object.keys(body.fields)).toEqual(["alias", "cuit"]);
  });

  it("answers 404 for an unknown section, 405 for other methods", async () => {
    expect(await put("impuestos", {})).toEqual({ status: 404, body: { success: false, error: "Sección desconocida" } });
    expect(await put("__proto__", {})).toEqual({ status: 404, body: { success: false, error: "Sección desconocida" } });
    const get = await call(putRoute.loader, "/api/admin/settings/bank", { params: { section: "bank" } });
    expect(get.status).toBe(405);
  });

  it("answers 401 without an admin session, and writes nothing", async () => {
    const before = await storedRows();
    const unauthorized = { success: false, error: "Necesitás iniciar sesión como administrador" };
    expect(await put("contact", contact, false)).toEqual({ status: 401, body: unauthorized });
    expect(await call(settingsRoute.loader, "/api/admin/settings", { asAdmin: false })).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await storedRows()).toEqual(before);
  });

  it("refuses updates through the domain function the same way", async () => {
    await expect(updateSection(db, admin, "nada", {})).rejects.toThrow("Sección desconocida");
    await expect(updateSection(db, admin, "store", { externalUrl: "ftp://x" })).rejects.toThrow(
      "La URL de la tienda externa debe empezar con https://",
    );
    const saved = await updateSection(db, admin, "store", { externalUrl: " https://rizoma.mitiendanube.com/ " });
    expect(saved.store.externalUrl).toBe("https://rizoma.mitiendanube.com");
    expect((await updateSection(db, admin, "store", { externalUrl: "" })).store.externalUrl).toBeNull();
  });
});

describe("/admin/ajustes", () => {
  type Outcome = {
    data: { section: string; values: Record<string, string>; fields: Record<string, string> };
    init: { status: number };
  };
  const post = async (fields: Record<string, string>, asAdmin = true) => {
    const args = routeArgs("/admin/ajustes", database, { method: "POST", context: { admin: asAdmin ? admin : null } });
    const request = new Request(args.request.url, { method: "POST", body: new URLSearchParams(fields) });
    try {
      return await (pageRoute.action as (a: unknown) => Promise<unknown>)({ ...args, request });
    } catch (thrown) {
      return thrown;
    }
  };

  it("saves a form and goes back to the section with a notice (303)", async () => {
    const response = (await post({
      section: "rateLimits",
      intent: "save",
      loginMaxFailures: "6",
      loginWindowMinutes: "20",
      newsletterPerIpPerHour: "12",
      mailPerSecond: "3",
      qrChecksPerMinute: "100",
      qrClaimsPerMinute: "20",
      withdrawalsPerIpPerHour: "12",
      boxSubscribePerIpPerHour: "15",
      boxCancelPerIpPerHour: "25",
      discountValidatePerIpPerMinute: "40",
      specialOrdersPerIpPerHour: "8",
      ordersPerIpPerHour: "40",
      accountCodesPerIpPerHour: "30",
      stockAlertsPerIpPerHour: "25",
      shippingQuotesPerIpPerMinute: "90",
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/ajustes?guardado=rateLimits#rateLimits");
    expect(await getSection(db, "rateLimits")).toEqual({
      loginMaxFailures: 6,
      loginWindowMinutes: 20,
      newsletterPerIpPerHour: 12,
      mailPerSecond: 3,
      qrChecksPerMinute: 100,
      qrClaimsPerMinute: 20,
      withdrawalsPerIpPerHour: 12,
      boxSubscribePerIpPerHour: 15,
      boxCancelPerIpPerHour: 25,
      discountValidatePerIpPerMinute: 40,
      specialOrdersPerIpPerHour: 8,
      ordersPerIpPerHour: 40,
      accountCodesPerIpPerHour: 30,
      stockAlertsPerIpPerHour: 25,
      shippingQuotesPerIpPerMinute: 90,
    });
  });

  it("saves the reorder threshold from its form, and refuses one out of range keeping what was typed", async () => {
    const saved = (await post({ section: "reorder", intent: "save", threshold: "5" })) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/ajustes?guardado=reorder#reorder");
    expect(await getSection(db, "reorder")).toEqual({ threshold: 5 });
    const refused = (await post({ section: "reorder", intent: "save", threshold: "-1" })) as Outcome;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fields).toEqual({ threshold: "Umbral de reposición: el mínimo es 0" });
    expect(refused.data.values.threshold).toBe("-1");
    expect(await getSection(db, "reorder")).toEqual({ threshold: 5 });
  });

  it("accepts es-AR money and refuses what is not, keeping what was typed", async () => {
    const shipping = await getSection(db, "shipping");
    const fields: Record<string, string> = {
      section: "shipping",
      "standardDays.min": "3",
      "standardDays.max": "5",
      "fastDays.min": "1",
      "fastDays.max": "2",
    };
    for (const code of PROVINCE_CODES) {
      fields[`rates.${code}.standardCents`] = formatMoneyInput(shipping.rates[code].standardCents);
      fields[`rates.${code}.fastCents`] = formatMoneyInput(shipping.rates[code].fastCents);
    }
    fields["rates.X.standardCents"] = "12.500";
    fields["rates.X.fastCents"] = "15000,50";
    expect(((await post(fields)) as Response).status).toBe(303);
    expect((await getSection(db, "shipping")).rates.X).toEqual({ standardCents: 1_250_000, fastCents: 1_500_050 });

    const refused = (await post({ ...fields, "rates.X.standardCents": "mucho", "fastDays.max": "0" })) as Outcome;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fields).toEqual({
      "rates.X.standardCents": "Envío estándar a Córdoba: ingresá un monto como 12.500 o 12500,50",
      "fastDays.max": "Envío rápido, hasta: el mínimo es 1",
    });
    expect(refused.data.values["rates.X.standardCents"]).toBe("mucho");
    expect((await getSection(db, "shipping")).rates.X.standardCents).toBe(1_250_000);
  });

  it("edits pickup rows without saving, then saves without the empty ones", async () => {
    const point = { "points.0.name": "Uno", "points.0.address": "Thames 1234, CABA", "points.0.hours": "9 a 18" };
    const base = { section: "pickup", ...point };
    const added = (await post({ ...base, intent: "add" })) as Outcome;
    expect(added.data.values).toEqual({ ...point, "points.1.name": "", "points.1.address": "", "points.1.hours": "" });
    const removed = (await post({ ...base, intent: "remove:0" })) as Outcome;
    expect(removed.data.values).toEqual({});
    expect((await getSection(db, "pickup")).points).toEqual(DEFAULT_SETTINGS.pickup.points);

    const saved = (await post({
      ...base,
      intent: "save",
      "points.5.name": "",
      "points.5.address": "",
      "points.5.hours": "",
    })) as Response;
    expect(saved.status).toBe(303);
    expect((await getSection(db, "pickup")).points).toEqual([
      { name: "Uno", address: "Thames 1234, CABA", hours: "9 a 18" },
    ]);
  });

  it("refuses an unknown section, and anonymous posts go to the sign-in", async () => {
    const unknown = (await post({ section: "otra" })) as Outcome;
    expect(unknown.init.status).toBe(400);
    const anonymous = (await post({ section: "contact" }, false)) as Response;
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
  });
});

describe("the shop footer", () => {
  it("reads the contact section, with a wa.me link", async () => {
    await updateSection(db, admin, "contact", { ...DEFAULT_SETTINGS.contact, whatsapp: "+54 9 11 4444-3333" });
    const { contact } = await shopLayout.loader(routeArgs("/", database) as Parameters<typeof shopLayout.loader>[0]);
    expect(contact).toEqual({
      address: DEFAULT_SETTINGS.contact.address,
      hours: "Lunes a viernes de 9:00 a 18:00, sábados de 10:00 a 14:00",
      whatsapp: "+54 9 11 4444-3333",
      whatsappUrl: "https://wa.me/5491144443333",
      email: "hola@rizoma.com.ar",
    });
  });
});
