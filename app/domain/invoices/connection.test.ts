import { describe, expect, it } from "vitest";
import { ArcaUnavailable } from "~/integrations/arca/errors";
import type { ArcaLink } from "~/integrations/arca/types";
import { memoryArca } from "../../../tests/support/memory-arca";
import { checkArcaConnection } from "./connection.server";

const live = (changes: Partial<ReturnType<typeof memoryArca>["api"]> = {}): ArcaLink => ({
  mode: "live",
  api: { ...memoryArca().api, ...changes },
  reason: null,
});

describe("Probar la conexión con ARCA", () => {
  it("says everything is ready when ARCA answers and the point of sale is one of the CUIT's", async () => {
    expect(await checkArcaConnection(live(), 1)).toEqual({
      ok: true,
      message: "ARCA responde y el punto de venta 1 está habilitado. Todo listo para facturar.",
    });
  });

  it("names the enabled points of sale when the chosen one is not among them, or none was chosen", async () => {
    expect(await checkArcaConnection(live(), 7)).toEqual({
      ok: false,
      message: "El punto de venta 7 no está entre los de web services de este CUIT (habilitados: 1).",
    });
    expect((await checkArcaConnection(live(), null)).message).toBe(
      "ARCA responde. Elegí el punto de venta: habilitados 1.",
    );
  });

  it("flags a blocked point of sale, ARCA's servers in trouble, and a link that cannot log in", async () => {
    const blocked = live({ pointsOfSale: async () => [{ number: 1, emission: "CAE", blocked: true }] });
    expect((await checkArcaConnection(blocked, 1)).message).toBe(
      "El punto de venta 1 está bloqueado en ARCA: revisalo en el portal.",
    );
    const down = live({ status: async () => ({ app: "OK", db: "NO", auth: "OK" }) });
    expect(await checkArcaConnection(down, 1)).toMatchObject({
      ok: false,
      message: expect.stringContaining("base de datos: NO"),
    });
    const refused = live({
      pointsOfSale: async () => {
        throw new ArcaUnavailable("ARCA no aceptó el certificado: revisá ARCA_CERT y ARCA_KEY");
      },
    });
    expect(await checkArcaConnection(refused, 1)).toEqual({
      ok: false,
      message: "ARCA no aceptó el certificado: revisá ARCA_CERT y ARCA_KEY",
    });
  });

  it("without a link, says what is missing", async () => {
    expect(await checkArcaConnection({ mode: "off", api: null, reason: "Falta configurar ARCA" }, 1)).toEqual({
      ok: false,
      message: "Falta configurar ARCA",
    });
  });
});
