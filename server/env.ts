import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { type ArcaConfig, ArcaConfigError, arcaConfig } from "~/integrations/arca/config";
import { type BookDataConfig, BookDataConfigError, bookDataConfig } from "~/integrations/book-data/config";
import { type CarriersConfig, CarriersConfigError, carriersConfig } from "~/integrations/carriers/config";
import { emailSchema } from "~/lib/email-schema";

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ error: `${name} debe ser una URL completa (por ejemplo https://…)` }).optional());

/**
 * The page cache's budget when PAGE_CACHE_MB is unset: 1/32 of the machine's memory, from 8 to 64 MB, so
 * a 1 GB server keeps 32 MB of pages and a larger one the 64 MB it always had (docs/decisions/0056-memory.md).
 */
export function pageCacheBudgetMb(totalMemoryBytes: number = os.totalmem()): number {
  return Math.min(64, Math.max(8, Math.floor(totalMemoryBytes / 32 / 1024 ** 2)));
}

/** A whole number between `min` and `max` (inclusive), `fallback` when unset; the messages name the variable. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un número entero`)
    .min(min, `${name} debe ser al menos ${min}`)
    .max(max, `${name} puede ser como mucho ${max}`)
    .default(fallback);

const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const TRUST_PROXY_HELP =
  "TRUST_PROXY debe ser la cantidad de proxies delante de la tienda (por ejemplo 1) o las direcciones o subredes en las que confiás, separadas por comas (por ejemplo loopback o 10.0.0.0/8)";

/** An address (`10.0.0.1`), a subnet (`10.0.0.0/8`, `fd00::/8`) or one of Express's names (`loopback`). */
function trustedProxy(item: string): boolean {
  if (TRUST_PROXY_NAMES.has(item.toLowerCase())) return true;
  const [address = "", bits, ...rest] = item.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count (a number) or a list of trusted addresses and subnets (Express's `trust proxy`).
 * `true` is refused: it trusts any X-Forwarded-For, so any visitor could pick the address every per-address
 * limit counts.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): number | string | undefined => {
    if (!value) return undefined;
    if (/^(true|false|yes|no|on|off)$/i.test(value)) {
      context.addIssue({
        code: "custom",
        message: `TRUST_PROXY=${value} no está permitido: confiaría en cualquier X-Forwarded-For y cualquiera podría elegir su dirección. ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const items = value.split(",").map((item) => item.trim());
    if (items.some((item) => !trustedProxy(item))) {
      context.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
      return z.NEVER;
    }
    return items.join(",");
  });

/** Every variable the server reads, validated once at start (see .env.example for their meaning). */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "PORT debe ser un número" })
    .int("PORT debe ser un número entero")
    .min(0, "PORT debe estar entre 0 y 65535")
    .max(65535, "PORT debe estar entre 0 y 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl("DATABASE_URL"),
  PUBLIC_URL: optionalUrl("PUBLIC_URL"),
  DEMO_DATA: z.enum(["on", "off"], { error: "DEMO_DATA debe ser on u off" }).optional(),
  DEMO_HISTORY: z.enum(["on", "off"], { error: "DEMO_HISTORY debe ser on u off" }).optional(),
  TIENDANUBE_STORE_URL: optionalUrl("TIENDANUBE_STORE_URL"),
  TIENDANUBE_API_BASE: optionalUrl("TIENDANUBE_API_BASE"),
  TIENDANUBE_STORE_ID: optionalText().pipe(
    z.string().regex(/^\d+$/, "TIENDANUBE_STORE_ID debe ser el número de la tienda").optional(),
  ),
  TIENDANUBE_TOKEN: optionalText(),
  TIENDANUBE_APP_SECRET: optionalText(),
  SMTP_URL: optionalText().pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\/./,
        "SMTP_URL debe empezar con smtp:// o smtps:// (por ejemplo smtps://usuario:clave@host:465)",
      )
      .optional(),
  ),
  MAIL_FROM: optionalText(),
  SHOP_NOTIFY_EMAIL: optionalText().pipe(emailSchema({ invalid: "SHOP_NOTIFY_EMAIL debe ser un email" }).optional()),
  MP_API_BASE: optionalUrl("MP_API_BASE"),
  MP_ACCESS_TOKEN: optionalText(),
  MP_WEBHOOK_SECRET: optionalText(),
  MP_QR_POS_ID: optionalText().pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{1,64}$/,
        "MP_QR_POS_ID debe ser el external_id de la caja en Mercado Pago (letras y números)",
      )
      .optional(),
  ),
  MP_TIMEOUT_MS: wholeNumber("MP_TIMEOUT_MS", 100, 120_000, 10_000),
  // ARCA_ENV, ARCA_CUIT, ARCA_CERT, ARCA_KEY, ARCA_WSAA_URL and ARCA_WSFE_URL: app/integrations/arca/config.ts.
  // CORREO_ARGENTINO_*, ANDREANI_* and CARRIER_TIMEOUT_MS: app/integrations/carriers/config.ts.
  // OPENLIBRARY_*, GOOGLE_BOOKS_* and BOOK_DATA_TIMEOUT_MS: app/integrations/book-data/config.ts.
  ARCA_TIMEOUT_MS: wholeNumber("ARCA_TIMEOUT_MS", 100, 120_000, 20_000),
  IMAGE_REMOTE_HOSTS: optionalText(),
  SESSION_SECRET: optionalText(),
  MAIL_LEASE_SECONDS: wholeNumber("MAIL_LEASE_SECONDS", 1, 3600, 120),
  INVOICE_LEASE_SECONDS: wholeNumber("INVOICE_LEASE_SECONDS", 1, 3600, 120),
  INVOICE_RETRY_SECONDS: wholeNumber("INVOICE_RETRY_SECONDS", 1, 3600, 30),
  TRACKING_INTERVAL_MS: wholeNumber("TRACKING_INTERVAL_MS", 100, 3_600_000, 60_000),
  SHIPMENT_POLL_SECONDS: wholeNumber("SHIPMENT_POLL_SECONDS", 1, 86_400, 7200),
  TRACKING_LEASE_SECONDS: wholeNumber("TRACKING_LEASE_SECONDS", 1, 3600, 300),
  TRUST_PROXY: trustProxy,
  PAGE_CACHE: z.enum(["on", "off"], { error: "PAGE_CACHE debe ser on u off" }).default("on"),
  PAGE_CACHE_MB: wholeNumber("PAGE_CACHE_MB", 1, 4096, pageCacheBudgetMb()),
  IDLE_GC_SECONDS: wholeNumber("IDLE_GC_SECONDS", 0, 3600, 5),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(emailSchema({ invalid: "ADMIN_EMAIL debe ser un email" }).optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(10, "ADMIN_PASSWORD debe tener al menos 10 caracteres").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface ServerEnv {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Load the demo catalogue into an empty database: on by default only on the embedded database. */
  demoData: boolean;
  /** A fresh demo shop also gets a past fair and a day of counter sales (issue 35); `DEMO_HISTORY=off` skips it. */
  demoHistory: boolean;
  storeUrl: string | null;
  tiendanube: { apiBase: string; storeId: string | null; token: string | null; appSecret: string | null };
  mail: { smtpUrl: string | null; from: string; shopNotifyEmail: string | null; leaseSeconds: number };
  /** timeoutMs: each request to Mercado Pago (a checkout waits for it). */
  mercadoPago: {
    apiBase: string;
    accessToken: string | null;
    webhookSecret: string | null;
    qrPosId: string | null;
    timeoutMs: number;
  };
  /** ARCA's web services (electronic invoices): null without ARCA_CUIT, ARCA_CERT and ARCA_KEY. */
  arca: ArcaConfig | null;
  /** Each SOAP call to ARCA, in ms. */
  arcaTimeoutMs: number;
  /** Correo Argentino and Andreani (each null when not configured), and each call's timeout. */
  carriers: CarriersConfig;
  /** Open Library and Google Books for the ISBN autofill (bases, key, timeout). */
  bookData: BookDataConfig;
  /** How long a voucher claimed by a worker stays its own (a crashed worker's comes back after it). */
  invoiceLeaseSeconds: number;
  /** The first wait before asking ARCA again about a voucher (doubling per attempt, at most an hour). */
  invoiceRetrySeconds: number;
  /**
   * The shipment tracking job: its tick (ms), the seconds between two polls of one moving shipment, and how
   * long a shipment claimed by a pass stays its own (a crashed instance's come back after it).
   */
  tracking: { intervalMs: number; pollSeconds: number; leaseSeconds: number };
  /** Hosts (host or host:port) whose images the image endpoint may fetch; private addresses only if listed. */
  imageRemoteHosts: string[];
  sessionSecret: string | null;
  /** Express `trust proxy`: a hop count, or trusted addresses and subnets (never `true`). */
  trustProxy: number | string | undefined;
  /** The in-process page cache (server/page-cache.ts): PAGE_CACHE=off turns it off, PAGE_CACHE_MB bounds it. */
  pageCache: { enabled: boolean; maxBytes: number };
  /** Seconds without requests before the idle garbage collection (server/idle-gc.ts); null: never. */
  idleGcSeconds: number | null;
  logLevel: string;
  /** First admin, created at start when there is none. */
  bootstrapAdmin: { email: string; password: string } | null;
}

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new EnvError("Configuración inválida:\n  ADMIN_EMAIL y ADMIN_PASSWORD van juntos: definí los dos o ninguno");
  }
  let arca: ArcaConfig | null;
  try {
    arca = arcaConfig(source, cwd);
  } catch (error) {
    if (error instanceof ArcaConfigError) throw new EnvError(`Configuración inválida:\n  ${error.message}`);
    throw error;
  }
  let carriers: CarriersConfig;
  try {
    carriers = carriersConfig(source);
  } catch (error) {
    if (error instanceof CarriersConfigError) throw new EnvError(`Configuración inválida:\n  ${error.message}`);
    throw error;
  }
  let bookData: BookDataConfig;
  try {
    bookData = bookDataConfig(source);
  } catch (error) {
    if (error instanceof BookDataConfigError) throw new EnvError(`Configuración inválida:\n  ${error.message}`);
    throw error;
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    demoData: env.DEMO_DATA ? env.DEMO_DATA === "on" : !env.DATABASE_URL,
    demoHistory: env.DEMO_HISTORY !== "off",
    storeUrl: env.TIENDANUBE_STORE_URL ?? null,
    tiendanube: {
      apiBase: (env.TIENDANUBE_API_BASE ?? "https://api.tiendanube.com/v1").replace(/\/+$/, ""),
      storeId: env.TIENDANUBE_STORE_ID ?? null,
      token: env.TIENDANUBE_TOKEN ?? null,
      appSecret: env.TIENDANUBE_APP_SECRET ?? null,
    },
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? "Rizoma <hola@rizoma.com.ar>",
      shopNotifyEmail: env.SHOP_NOTIFY_EMAIL ?? null,
      leaseSeconds: env.MAIL_LEASE_SECONDS,
    },
    mercadoPago: {
      apiBase: (env.MP_API_BASE ?? "https://api.mercadopago.com").replace(/\/+$/, ""),
      accessToken: env.MP_ACCESS_TOKEN ?? null,
      webhookSecret: env.MP_WEBHOOK_SECRET ?? null,
      qrPosId: env.MP_QR_POS_ID ?? null,
      timeoutMs: env.MP_TIMEOUT_MS,
    },
    arca,
    arcaTimeoutMs: env.ARCA_TIMEOUT_MS,
    carriers,
    bookData,
    invoiceLeaseSeconds: env.INVOICE_LEASE_SECONDS,
    invoiceRetrySeconds: env.INVOICE_RETRY_SECONDS,
    tracking: {
      intervalMs: env.TRACKING_INTERVAL_MS,
      pollSeconds: env.SHIPMENT_POLL_SECONDS,
      leaseSeconds: env.TRACKING_LEASE_SECONDS,
    },
    imageRemoteHosts: (env.IMAGE_REMOTE_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    sessionSecret: env.SESSION_SECRET ?? null,
    trustProxy: env.TRUST_PROXY,
    pageCache: { enabled: env.PAGE_CACHE === "on", maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 },
    idleGcSeconds: env.IDLE_GC_SECONDS === 0 ? null : env.IDLE_GC_SECONDS,
    logLevel: env.LOG_LEVEL,
    bootstrapAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
  };
}
