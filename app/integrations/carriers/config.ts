import { baseUrl, present } from "../env-values";
/**
 * The carriers' credentials from the environment, read once at start (server/env.ts). A carrier is on when
 * its user and password are set (and Correo Argentino's customer id, Andreani's contract); setting only
 * some of them stops the server with a Spanish message, as every other bad variable does. ANDREANI_CLIENT
 * (Andreani's client code) is optional and outside that group.
 */

/** Production bases (INTEGRATIONS.md, "Carriers"); the *_API_BASE variables point elsewhere (their test bases, a fake). */
export const CORREO_ARGENTINO_DEFAULT_BASE = "https://api.correoargentino.com.ar/micorreo/v1";
export const ANDREANI_DEFAULT_BASE = "https://apis.andreani.com";

export interface CorreoArgentinoConfig {
  apiBase: string;
  user: string;
  password: string;
  /** MiCorreo's customerId (POST /users/validate answers it once; the shop keeps it here). */
  customerId: string;
}

export interface AndreaniConfig {
  apiBase: string;
  user: string;
  password: string;
  /** The sender's contract number (one per service: the branch contract may differ; decision 0033). */
  contract: string;
  /**
   * The contract for deliveries to a branch, when Andreani gave a separate one: ANDREANI_CONTRACT written
   * "home,branch" ("400006709,400006711"). Null: `contract` serves both.
   */
  branchContract: string | null;
  /** Andreani's client code ("CL0003750"), sent with quotes when set (ANDREANI_CLIENT, optional). */
  client: string | null;
}

export interface CarriersConfig {
  correoArgentino: CorreoArgentinoConfig | null;
  andreani: AndreaniConfig | null;
  /** Each HTTP call to a carrier, in ms (CARRIER_TIMEOUT_MS). */
  timeoutMs: number;
}

/** A bad CORREO_ARGENTINO_* / ANDREANI_* variable; server/env.ts turns it into its EnvError. */
export class CarriersConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CarriersConfigError";
  }
}

type Source = Record<string, string | undefined>;

const base = (name: string, value: string | undefined, fallback: string) =>
  baseUrl(name, value, fallback, (message) => new CarriersConfigError(message));

/** All of `names` set, or none; some but not all is a mistake worth stopping for. */
function group(source: Source, names: string[], carrier: string): Record<string, string> | null {
  const values = Object.fromEntries(names.map((name) => [name, present(source[name])]));
  const missing = names.filter((name) => !values[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    throw new CarriersConfigError(
      `${carrier}: faltan ${missing.join(", ")} (definí ${names.join(", ")} juntos, o ninguno para no usarlo)`,
    );
  }
  return values as Record<string, string>;
}

/** "400006709" or "400006709,400006711" (home, branch). */
function andreaniContracts(value: string): { contract: string; branchContract: string | null } {
  const parts = value.split(",").map((part) => part.trim());
  const valid = (part: string | undefined): part is string => !!part && /^[A-Za-z0-9-]{1,40}$/.test(part);
  if (parts.length > 2 || !valid(parts[0]) || (parts.length === 2 && !valid(parts[1]))) {
    throw new CarriersConfigError(
      "ANDREANI_CONTRACT debe ser un número de contrato, o dos separados por coma (domicilio,sucursal)",
    );
  }
  return { contract: parts[0], branchContract: parts[1] ?? null };
}

export function carriersConfig(source: Source): CarriersConfig {
  const correo = group(
    source,
    ["CORREO_ARGENTINO_USER", "CORREO_ARGENTINO_PASSWORD", "CORREO_ARGENTINO_CUSTOMER_ID"],
    "Correo Argentino",
  );
  const andreani = group(source, ["ANDREANI_USER", "ANDREANI_PASSWORD", "ANDREANI_CONTRACT"], "Andreani");
  const timeoutText = present(source.CARRIER_TIMEOUT_MS);
  const timeoutMs = timeoutText === undefined ? 10_000 : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000) {
    throw new CarriersConfigError("CARRIER_TIMEOUT_MS debe ser un número entero entre 100 y 120000");
  }
  return {
    correoArgentino: correo
      ? {
          apiBase: base(
            "CORREO_ARGENTINO_API_BASE",
            present(source.CORREO_ARGENTINO_API_BASE),
            CORREO_ARGENTINO_DEFAULT_BASE,
          ),
          user: correo.CORREO_ARGENTINO_USER as string,
          password: correo.CORREO_ARGENTINO_PASSWORD as string,
          customerId: correo.CORREO_ARGENTINO_CUSTOMER_ID as string,
        }
      : null,
    andreani: andreani
      ? {
          apiBase: base("ANDREANI_API_BASE", present(source.ANDREANI_API_BASE), ANDREANI_DEFAULT_BASE),
          user: andreani.ANDREANI_USER as string,
          password: andreani.ANDREANI_PASSWORD as string,
          ...andreaniContracts(andreani.ANDREANI_CONTRACT as string),
          client: present(source.ANDREANI_CLIENT) ?? null,
        }
      : null,
    timeoutMs,
  };
}
