import { describe, expect, it } from "vitest";
import { ANDREANI_DEFAULT_BASE, CarriersConfigError, CORREO_ARGENTINO_DEFAULT_BASE, carriersConfig } from "./config";

const correo = {
  CORREO_ARGENTINO_USER: "rizoma-api",
  CORREO_ARGENTINO_PASSWORD: "secreto",
  CORREO_ARGENTINO_CUSTOMER_ID: "0090000025",
};
const andreani = { ANDREANI_USER: "rizoma_ws", ANDREANI_PASSWORD: "secreto", ANDREANI_CONTRACT: "400006709" };

const failure = (source: Record<string, string>) => {
  try {
    carriersConfig(source);
  } catch (error) {
    if (error instanceof CarriersConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a CarriersConfigError");
};

describe("carriersConfig", () => {
  it("is off for both carriers without variables, with a 10 s timeout", () => {
    expect(carriersConfig({})).toEqual({ correoArgentino: null, andreani: null, timeoutMs: 10_000 });
  });

  it("reads both carriers, with their production bases unless told otherwise", () => {
    const config = carriersConfig({ ...correo, ...andreani, ANDREANI_API_BASE: "http://127.0.0.1:4010/" });
    expect(config.correoArgentino).toEqual({
      apiBase: CORREO_ARGENTINO_DEFAULT_BASE,
      user: "rizoma-api",
      password: "secreto",
      customerId: "0090000025",
    });
    expect(config.andreani).toEqual({
      apiBase: "http://127.0.0.1:4010",
      user: "rizoma_ws",
      password: "secreto",
      contract: "400006709",
      branchContract: null,
      client: null,
    });
    expect(carriersConfig(andreani).andreani?.apiBase).toBe(ANDREANI_DEFAULT_BASE);
  });

  it("takes Andreani's home and branch contracts, and its optional client code", () => {
    const config = carriersConfig({
      ...andreani,
      ANDREANI_CONTRACT: "400006709, 400006711",
      ANDREANI_CLIENT: "CL0003750",
    });
    expect(config.andreani).toMatchObject({ contract: "400006709", branchContract: "400006711", client: "CL0003750" });
    expect(failure({ ...andreani, ANDREANI_CONTRACT: "1,2,3" })).toBe(
      "ANDREANI_CONTRACT debe ser un número de contrato, o dos separados por coma (domicilio,sucursal)",
    );
  });

  it("stops on some but not all of a carrier's variables, naming what is missing, in Spanish", () => {
    expect(failure({ CORREO_ARGENTINO_USER: "x", CORREO_ARGENTINO_PASSWORD: "y" })).toBe(
      "Correo Argentino: faltan CORREO_ARGENTINO_CUSTOMER_ID (definí CORREO_ARGENTINO_USER, CORREO_ARGENTINO_PASSWORD, CORREO_ARGENTINO_CUSTOMER_ID juntos, o ninguno para no usarlo)",
    );
    expect(failure({ ANDREANI_USER: "x" })).toMatch(/^Andreani: faltan ANDREANI_PASSWORD, ANDREANI_CONTRACT/);
  });

  it("stops on a base that is not a URL, and on a timeout out of range", () => {
    expect(failure({ ...correo, CORREO_ARGENTINO_API_BASE: "api.correoargentino.com.ar" })).toBe(
      "CORREO_ARGENTINO_API_BASE debe ser una URL completa (por ejemplo https://…)",
    );
    expect(failure({ ...andreani, ANDREANI_API_BASE: "ftp://apis.andreani.com" })).toMatch(
      /^ANDREANI_API_BASE debe ser/,
    );
    expect(failure({ CARRIER_TIMEOUT_MS: "50" })).toBe(
      "CARRIER_TIMEOUT_MS debe ser un número entero entre 100 y 120000",
    );
    expect(failure({ CARRIER_TIMEOUT_MS: "diez" })).toMatch(/^CARRIER_TIMEOUT_MS/);
  });
});
