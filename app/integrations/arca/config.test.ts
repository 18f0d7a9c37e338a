import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../../server/env";
import { arcaTestCredentials, strangerCredentials } from "../../../tests/support/arca-cert";
import { ARCA_URLS, ArcaConfigError, arcaConfig, isValidCuit } from "./config";

describe("ARCA configuration", () => {
  const { certificatePem, privateKeyPem } = arcaTestCredentials();

  it("is off without credentials, and reads PEM text or PEM files with homologación's URLs by default", () => {
    expect(arcaConfig({})).toBeNull();
    expect(arcaConfig({ ARCA_ENV: "produccion" })).toBeNull();
    const dir = mkdtempSync(path.join(tmpdir(), "arca-"));
    writeFileSync(path.join(dir, "rizoma.crt"), certificatePem);
    const config = arcaConfig(
      { ARCA_CUIT: "20-11111111-2", ARCA_CERT: "rizoma.crt", ARCA_KEY: privateKeyPem.replace(/\n/g, "\\n") },
      dir,
    );
    expect(config).toEqual({
      environment: "homologacion",
      cuit: "20111111112",
      certificatePem,
      privateKeyPem,
      wsaaUrl: "https://wsaahomo.afip.gov.ar/ws/services/LoginCms",
      wsfeUrl: "https://wswhomo.afip.gov.ar/wsfev1/service.asmx",
    });
    const production = arcaConfig({
      ARCA_ENV: "produccion",
      ARCA_CUIT: "20111111112",
      ARCA_CERT: certificatePem,
      ARCA_KEY: privateKeyPem,
      ARCA_WSFE_URL: "http://127.0.0.1:9/wsfev1/service.asmx",
    });
    expect(production).toMatchObject({
      environment: "produccion",
      wsaaUrl: ARCA_URLS.produccion.wsaa,
      wsfeUrl: "http://127.0.0.1:9/wsfev1/service.asmx",
    });
  });

  it.each([
    [{ ARCA_CUIT: "20111111112" }, /falta ARCA_CERT y ARCA_KEY/],
    [{ ARCA_CERT: "x.crt", ARCA_KEY: "x.key" }, /falta ARCA_CUIT/],
    [
      { ARCA_CUIT: "20111111113", ARCA_CERT: certificatePem, ARCA_KEY: privateKeyPem },
      /ARCA_CUIT no es un CUIT válido/,
    ],
    [{ ARCA_ENV: "testing" }, /ARCA_ENV debe ser homologacion o produccion/],
    [{ ARCA_CUIT: "20111111112", ARCA_CERT: "/no/existe.crt", ARCA_KEY: privateKeyPem }, /ARCA_CERT: no se pudo leer/],
    [
      { ARCA_CUIT: "20111111112", ARCA_CERT: certificatePem, ARCA_KEY: strangerCredentials().privateKeyPem },
      /ARCA_KEY no es la clave del certificado/,
    ],
  ])("stops on a partial or wrong configuration: %#", (source, message) => {
    expect(() => arcaConfig(source)).toThrow(ArcaConfigError);
    expect(() => arcaConfig(source)).toThrow(message);
  });

  it("reaches the server's configuration, a bad value stopping the start", () => {
    expect(loadEnv({}).arca).toBeNull();
    expect(loadEnv({}).arcaTimeoutMs).toBe(20_000);
    expect(loadEnv({ ARCA_CUIT: "20111111112", ARCA_CERT: certificatePem, ARCA_KEY: privateKeyPem }).arca?.cuit).toBe(
      "20111111112",
    );
    expect(() => loadEnv({ ARCA_KEY: privateKeyPem })).toThrow(EnvError);
    expect(() => loadEnv({ ARCA_TIMEOUT_MS: "rápido" })).toThrow("ARCA_TIMEOUT_MS");
  });

  it("checks a CUIT's check digit", () => {
    expect(isValidCuit("20267565393")).toBe(true);
    expect(isValidCuit("30500010912")).toBe(true);
    expect(isValidCuit("20267565394")).toBe(false);
    expect(isValidCuit("2026756539")).toBe(false);
  });
});
