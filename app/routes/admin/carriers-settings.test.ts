import { describe, expect, it } from "vitest";
import { carriersLine } from "~/components/admin/settings/carriers-section";
import { getSection } from "~/domain/settings/settings.server";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryCarrier, memoryCarriers } from "../../../tests/support/memory-carrier";
import { routeArgs } from "../../../tests/support/route-context";
import * as ajustes from "./ajustes";

const { database, db, admin } = await adminTestDatabase();

const valid = {
  originZip: "C1414ABC",
  "packaging.weightGrams": "150",
  "packaging.heightCm": "8",
  "packaging.widthCm": "26",
  "packaging.lengthCm": "34",
  bookWeightGrams: "450",
  defaultCarrier: "andreani",
  freeShippingFrom: "60.000",
  "free.table": "on",
  "free.andreani:branch": "on",
};

/** Posts the "Envíos con correo" form as the page does without JavaScript, signed in. */
async function postCarriers(fields: Record<string, string>) {
  const body = new URLSearchParams({ section: "carriers", intent: "save", ...fields }).toString();
  const args = routeArgs("/admin/ajustes", database, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    context: { admin },
  });
  const answer = (await ajustes.action(args as never)) as unknown;
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  const { data, init } = answer as { data: { fields: Record<string, string> }; init: { status: number } };
  return { status: init.status, fields: data.fields };
}

describe("Envíos con correo in /admin/ajustes", () => {
  it("saves origin, packaging, default carrier, threshold and the options it covers", async () => {
    expect(await postCarriers(valid)).toEqual({ status: 303, location: "/admin/ajustes?guardado=carriers#carriers" });
    expect(await getSection(db, "carriers")).toEqual({
      originZip: "1414",
      packaging: { weightGrams: 150, heightCm: 8, widthCm: 26, lengthCm: 34 },
      bookWeightGrams: 450,
      defaultCarrier: "andreani",
      freeShippingFrom: 60_000,
      freeShippingOptions: ["table", "andreani:branch"],
    });
    // An empty threshold turns free shipping off; unchecked boxes are not sent.
    await postCarriers({ ...valid, freeShippingFrom: "", "free.table": "", "free.andreani:branch": "" });
    expect(await getSection(db, "carriers")).toMatchObject({ freeShippingFrom: null, freeShippingOptions: [] });
  });

  it("refuses bad values field by field, in Spanish, keeping what was stored", async () => {
    const before = await getSection(db, "carriers");
    const refused = await postCarriers({
      ...valid,
      originZip: "14",
      "packaging.heightCm": "0",
      freeShippingFrom: "abc",
    });
    expect(refused.status).toBe(400);
    expect(refused.fields).toMatchObject({
      originZip: "Código postal de origen: ingresá 4 dígitos o el CPA (C1414ABC)",
      "packaging.heightCm": "Alto del paquete (cm): el mínimo es 1",
      freeShippingFrom: "Envío gratis desde: ingresá un monto en pesos enteros, como 50.000",
    });
    expect(await getSection(db, "carriers")).toEqual(before);
  });

  it("says which carriers quote now: live by name, the demo's sandbox, or none", async () => {
    const load = async (context = {}) =>
      (await ajustes.loader(routeArgs("/admin/ajustes", database, { context: { admin, ...context } }) as never))
        .carriersInForce;
    expect(carriersLine(await load())).toBe(
      "Sin correos configurados: se usa la tabla por provincia (configurá CORREO_ARGENTINO_* o ANDREANI_*)",
    );
    const live = await load({ carriers: memoryCarriers(memoryCarrier("correo_argentino"), memoryCarrier("andreani")) });
    expect(carriersLine(live)).toBe("Cotizan en vivo: Correo Argentino y Andreani");
    const sandbox = await load({ carriers: { current: async () => ({ mode: "sandbox", carriers: [] }) } });
    expect(carriersLine(sandbox)).toBe("Modo demostración: cotizaciones de prueba");
  });
});
