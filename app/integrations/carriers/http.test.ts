import { describe, expect, it } from "vitest";
import { CarrierRejected } from "./errors";
import { carrierMessage, retryAfterMs, tokenCache, withToken } from "./http.server";
import { buenosAiresIso, carrierCents, splitStreet, trackingStatus, zip4 } from "./shared";

describe("retryAfterMs", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  it("reads seconds and HTTP dates, capped at 5 s", () => {
    expect(retryAfterMs("2", now)).toBe(2_000);
    expect(retryAfterMs("0", now)).toBe(0);
    expect(retryAfterMs("120", now)).toBe(5_000);
    expect(retryAfterMs("Thu, 26 Nov 2026 12:00:03 GMT", now)).toBe(3_000);
    expect(retryAfterMs("Thu, 26 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("pronto", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("carrierMessage", () => {
  it("finds the carrier's words in MiCorreo's, Andreani's and plain answers", () => {
    expect(carrierMessage({ code: "402", message: "Customer ID no valido" })).toBe("Customer ID no valido");
    expect(carrierMessage({ title: "Error en la validacion", detail: "El contrato es incorrecto" })).toBe(
      "El contrato es incorrecto",
    );
    expect(carrierMessage({ errors: [{ message: "Peso no valido" }] })).toBe("Peso no valido");
    expect(carrierMessage("Bad gateway")).toBe("Bad gateway");
    expect(carrierMessage({})).toBeNull();
  });
});

describe("tokenCache", () => {
  it("shares one login among concurrent callers and renews before the expiry", async () => {
    let now = 0;
    let logins = 0;
    const tokens = tokenCache(
      async () => {
        logins++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { token: `t${logins}`, expiresAt: now + 60 * 60_000 };
      },
      () => now,
    );
    expect(await Promise.all([tokens.get(), tokens.get(), tokens.get()])).toEqual(["t1", "t1", "t1"]);
    now = 54 * 60_000;
    expect(await tokens.get()).toBe("t1");
    now = 56 * 60_000;
    expect(await tokens.get()).toBe("t2");
  });

  it("logs in again once after a 401, and lets a second 401 through", async () => {
    let logins = 0;
    const tokens = tokenCache(async () => ({ token: `t${++logins}`, expiresAt: Date.now() + 3_600_000 }));
    const seen: string[] = [];
    const answer = await withToken(tokens, async (token) => {
      seen.push(token);
      if (token === "t1") throw new CarrierRejected("andreani", 401, "vencido");
      return "ok";
    });
    expect(answer).toBe("ok");
    expect(seen).toEqual(["t1", "t2"]);
    await expect(
      withToken(tokens, async () => {
        throw new CarrierRejected("andreani", 401, "sin permiso");
      }),
    ).rejects.toThrow("sin permiso");
  });
});

describe("the carriers' readings", () => {
  it("turns decimal pesos into exact centavos", () => {
    expect(carrierCents(498.06)).toBe(49_806);
    expect(carrierCents("7041.21")).toBe(704_121);
    expect(carrierCents(0.1 + 0.2)).toBe(30);
    expect(carrierCents("12.345")).toBe(1_235);
    expect(carrierCents("12.344")).toBe(1_234);
    expect(carrierCents(5000)).toBe(500_000);
    expect(carrierCents("gratis")).toBeNull();
    expect(carrierCents(null)).toBeNull();
  });

  it("reads postal codes, streets and Buenos Aires times", () => {
    expect(zip4("C1414BJL")).toBe("1414");
    expect(zip4(" 5000 ")).toBe("5000");
    expect(zip4("14140")).toBeNull();
    expect(splitStreet("Av. Cabildo 2040 3° B")).toEqual({ name: "Av. Cabildo", number: "2040", rest: "3° B" });
    expect(splitStreet("Calle 7, 1234")).toEqual({ name: "Calle 7", number: "1234", rest: "" });
    expect(splitStreet("Ruta 3 km 1500")).toEqual({ name: "Ruta 3 km", number: "1500", rest: "" });
    expect(splitStreet("Los Aromos")).toEqual({ name: "Los Aromos", number: "S/N", rest: "" });
    expect(splitStreet("Av. Rivadavia 1234 piso 5 depto A")).toEqual({
      name: "Av. Rivadavia",
      number: "1234",
      rest: "piso 5 depto A",
    });
    expect(buenosAiresIso("2021-03-09T11:08:03")).toBe("2021-03-09T14:08:03.000Z");
    expect(buenosAiresIso("09-12-2024 05:00")).toBe("2024-12-09T08:00:00.000Z");
    expect(buenosAiresIso("2022-06-07T16:15:04.996-03:00")).toBe("2022-06-07T19:15:04.996Z");
    expect(buenosAiresIso("ayer")).toBeNull();
  });

  it("maps the carriers' event words to the shop's steps; what it does not know is on its way", () => {
    const cases: [string, string][] = [
      ["PREIMPOSICION", "created"],
      ["Pendiente de ingreso", "created"],
      ["IMPOSICION", "in_transit"],
      ["EN_TRANSITO", "in_transit"],
      ["EN_DISTRIBUCION", "out_for_delivery"],
      ["En distribución", "out_for_delivery"],
      ["EN_ESPERA_EN_SUCURSAL", "at_branch"],
      ["Disponible para retirar", "at_branch"],
      ["ENTREGADO", "delivered"],
      ["Entregado", "delivered"],
      ["No entregado", "failed"],
      ["DEVOLUCION", "failed"],
      ["CADUCA", "failed"],
      ["Visita", "in_transit"],
    ];
    for (const [words, status] of cases) expect([words, trackingStatus(words)]).toEqual([words, status]);
  });
});
