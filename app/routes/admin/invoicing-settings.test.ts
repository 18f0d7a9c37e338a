import { describe, expect, it } from "vitest";
import { getSection } from "~/domain/settings/settings.server";
import type { Arca } from "~/integrations/arca/types";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { insertInvoice } from "../../../tests/support/invoice-row";
import { routeArgs } from "../../../tests/support/route-context";
import * as ajustes from "./ajustes";
import * as dashboard from "./dashboard";

const { database, db, admin } = await adminTestDatabase();

/** Posts the "Facturación electrónica" form as the page does, signed in. */
async function postInvoicing(fields: Record<string, string>) {
  const body = new URLSearchParams({
    section: "invoicing",
    intent: "save",
    identifyConsumerFrom: "10.000.000",
    ...fields,
  }).toString();
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

/** The context's ARCA link as the server would carry it (the page only reads its mode, environment and CUIT). */
const linked = (link: Awaited<ReturnType<Arca["current"]>>) => ({ arca: { current: async () => link } });

describe("Facturación electrónica in /admin/ajustes", () => {
  it("saves the switch and the point of sale through the settings form, and refuses turning on without one", async () => {
    expect(await postInvoicing({ enabled: "on", pointOfSale: "" })).toEqual({
      status: 400,
      fields: { pointOfSale: "Para emitir facturas indicá el punto de venta" },
    });
    expect(await getSection(db, "invoicing")).toEqual({
      enabled: false,
      pointOfSale: null,
      identifyConsumerFrom: 10_000_000,
    });
    expect(await postInvoicing({ enabled: "on", pointOfSale: "3" })).toEqual({
      status: 303,
      location: "/admin/ajustes?guardado=invoicing#invoicing",
    });
    expect(await getSection(db, "invoicing")).toEqual({
      enabled: true,
      pointOfSale: 3,
      identifyConsumerFrom: 10_000_000,
    });
    // An unchecked box is not sent: that is "off".
    await postInvoicing({ pointOfSale: "3" });
    expect(await getSection(db, "invoicing")).toEqual({
      enabled: false,
      pointOfSale: 3,
      identifyConsumerFrom: 10_000_000,
    });
  });

  it("saves RG 5700/2025's threshold in whole pesos, and reads it as $ 10.000.000 where it was never saved", async () => {
    expect(await postInvoicing({ pointOfSale: "3", identifyConsumerFrom: "12.500.000" })).toMatchObject({
      status: 303,
    });
    expect((await getSection(db, "invoicing")).identifyConsumerFrom).toBe(12_500_000);
    for (const typed of ["", "abc", "1.000,50", "0"]) {
      expect(await postInvoicing({ pointOfSale: "3", identifyConsumerFrom: typed })).toEqual({
        status: 400,
        fields: {
          identifyConsumerFrom:
            "Identificar al consumidor final desde: ingresá un monto en pesos enteros, como 10.000.000",
        },
      });
    }
    expect((await getSection(db, "invoicing")).identifyConsumerFrom).toBe(12_500_000);
  });

  it("shows where vouchers go: off without a link, the demo's sandbox, or ARCA's environment and CUIT", async () => {
    const load = async (context = {}) =>
      (await ajustes.loader(routeArgs("/admin/ajustes", database, { context: { admin, ...context } }) as never)).arca;
    expect((await load()).mode).toBe("off");
    expect(await load(linked({ mode: "sandbox", api: null, reason: null }))).toEqual({
      mode: "sandbox",
      text: "Modo demo: comprobantes de prueba sin validez fiscal",
    });
    const api = { environment: "homologacion", cuit: "30712345671" } as never;
    expect((await load(linked({ mode: "live", api, reason: null }))).text).toBe(
      "Conectado a ARCA (homologación), CUIT 30-71234567-1",
    );
    expect((await load(linked({ mode: "off", api: null, reason: "Falta ARCA_CERT" }))).text).toBe("Falta ARCA_CERT");
  });
});

describe("the dashboard", () => {
  it("counts this month's invoices and the failed ones", async () => {
    const figures = async () =>
      (await dashboard.loader(routeArgs("/admin", database, { context: { admin } }) as never)).invoices;
    expect(await figures()).toEqual({ issuedThisMonth: 0, failed: 0, pending: 0 });
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Buenos_Aires" });
    await insertInvoice(db, { issuedOn: today, number: 1 });
    await insertInvoice(db, { status: "failed", number: null, cae: null, issuedOn: null });
    expect(await figures()).toEqual({ issuedThisMonth: 1, failed: 1, pending: 0 });
  });
});
