import { readFileSync } from "node:fs";
import path from "node:path";
import forge from "node-forge";
import type { ArcaEnvironment } from "./types";

/** ARCA's official endpoints per environment (INTEGRATIONS.md, "ARCA"); ARCA_WSAA_URL / ARCA_WSFE_URL override them. */
export const ARCA_URLS: Record<ArcaEnvironment, { wsaa: string; wsfe: string }> = {
  homologacion: {
    wsaa: "https://wsaahomo.afip.gov.ar/ws/services/LoginCms",
    wsfe: "https://wswhomo.afip.gov.ar/wsfev1/service.asmx",
  },
  produccion: {
    wsaa: "https://wsaa.afip.gov.ar/ws/services/LoginCms",
    wsfe: "https://servicios1.afip.gov.ar/wsfev1/service.asmx",
  },
};

/** The shop's ARCA credentials, read once at start. Only built when ARCA_CUIT, ARCA_CERT and ARCA_KEY are all set. */
export interface ArcaConfig {
  environment: ArcaEnvironment;
  /** The issuer's CUIT, digits only (check digit verified). */
  cuit: string;
  /** The certificate ARCA issued for the key (PEM, "CERTIFICATE"). */
  certificatePem: string;
  /** The RSA private key (PEM, PKCS#1 or unencrypted PKCS#8). */
  privateKeyPem: string;
  wsaaUrl: string;
  wsfeUrl: string;
}

/** A bad ARCA_* variable; server/env.ts turns it into its EnvError, so the server stops at start. */
export class ArcaConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArcaConfigError";
  }
}

/** CUIT check digit (weights 5,4,3,2,7,6,5,4,3,2; 11 → 0, 10 → 9). Kept here: integrations do not import the domain. */
export function isValidCuit(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + Number(digits[i]) * weight, 0);
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? 0 : rest === 10 ? 9 : rest;
  return check === Number(digits[10]);
}

type Source = Record<string, string | undefined>;
type ReadText = (file: string) => string;

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * PEM text itself (a platform's secret; literal "\n" sequences are read as line breaks) or the path of a PEM
 * file, relative to `cwd`.
 */
function pemFrom(name: string, value: string, cwd: string, read: ReadText): string {
  if (value.includes("-----BEGIN")) return value.replace(/\\n/g, "\n");
  const file = path.resolve(cwd, value);
  let text: string;
  try {
    text = read(file);
  } catch {
    throw new ArcaConfigError(
      `${name}: no se pudo leer el archivo ${file} (poné la ruta de un archivo PEM o el PEM mismo)`,
    );
  }
  if (!text.includes("-----BEGIN")) throw new ArcaConfigError(`${name}: el archivo ${file} no está en formato PEM`);
  return text;
}

function urlFrom(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("protocol");
  } catch {
    throw new ArcaConfigError(`${name} debe ser una URL completa (por ejemplo https://…)`);
  }
  return value;
}

/**
 * ARCA's settings from the environment: null when none of ARCA_CUIT, ARCA_CERT and ARCA_KEY is set (no
 * invoices are sent; a demo shop uses the sandbox). Throws `ArcaConfigError` when only some are set, when
 * the CUIT is not valid, when a PEM cannot be read or parsed, or when the key is not the certificate's.
 */
export function arcaConfig(
  source: Source,
  cwd = process.cwd(),
  read: ReadText = (file) => readFileSync(file, "utf8"),
): ArcaConfig | null {
  const rawEnv = present(source.ARCA_ENV) ?? "homologacion";
  if (rawEnv !== "homologacion" && rawEnv !== "produccion") {
    throw new ArcaConfigError("ARCA_ENV debe ser homologacion o produccion");
  }
  const environment: ArcaEnvironment = rawEnv;
  const wsaaUrl = urlFrom("ARCA_WSAA_URL", present(source.ARCA_WSAA_URL), ARCA_URLS[environment].wsaa);
  const wsfeUrl = urlFrom("ARCA_WSFE_URL", present(source.ARCA_WSFE_URL), ARCA_URLS[environment].wsfe);
  const given = {
    ARCA_CUIT: present(source.ARCA_CUIT),
    ARCA_CERT: present(source.ARCA_CERT),
    ARCA_KEY: present(source.ARCA_KEY),
  };
  const missing = Object.entries(given)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    throw new ArcaConfigError(
      `ARCA_CUIT, ARCA_CERT y ARCA_KEY van juntos: falta ${missing.join(" y ")} (definí los tres o ninguno)`,
    );
  }
  const cuit = (given.ARCA_CUIT as string).replace(/[\s.-]/g, "");
  if (!isValidCuit(cuit)) {
    throw new ArcaConfigError("ARCA_CUIT no es un CUIT válido: revisá los 11 dígitos y el dígito verificador");
  }
  const certificatePem = pemFrom("ARCA_CERT", given.ARCA_CERT as string, cwd, read);
  const privateKeyPem = pemFrom("ARCA_KEY", given.ARCA_KEY as string, cwd, read);
  let certificate: forge.pki.Certificate;
  try {
    certificate = forge.pki.certificateFromPem(certificatePem);
  } catch {
    throw new ArcaConfigError("ARCA_CERT no es un certificado X.509 en PEM (el .crt que entrega ARCA)");
  }
  let key: forge.pki.rsa.PrivateKey;
  try {
    key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  } catch {
    throw new ArcaConfigError("ARCA_KEY no es una clave privada RSA en PEM sin contraseña");
  }
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  if (publicKey.n?.compareTo(key.n) !== 0) {
    throw new ArcaConfigError("ARCA_KEY no es la clave del certificado de ARCA_CERT: revisá que sean el par correcto");
  }
  return { environment, cuit, certificatePem, privateKeyPem, wsaaUrl, wsfeUrl };
}
