import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import forge from "node-forge";
import type { Db } from "~db/index";
import { arcaTickets } from "~db/schema";
import type { ArcaConfig } from "./config";
import { ArcaUnavailable } from "./errors";
import { parseXml, soapCall, xmlText } from "./soap.server";

/** A WSAA login ticket (TA): what every WSFE call carries in Auth. */
export interface Ticket {
  token: string;
  sign: string;
  expiresAt: Date;
}

/** The only business service this shop logs in for. */
export const WSFE_SERVICE = "wsfe";

/** A ticket is reused while it has more than this left (a call started on it must not outlive it). */
const REUSE_MARGIN_MS = 5 * 60_000;
const POLL_MS = 150;

export const ALREADY_AUTHENTICATED =
  "ARCA ya entregó un ticket de acceso (WSAA) para este certificado que la tienda no tiene guardado (¿otra instalación usa el mismo certificado?), y no da otro hasta que ese venza, a más tardar 12 horas después de pedido. Mientras tanto no se emite ningún comprobante: los pendientes esperan en la cola, con su número si ya lo tenían, y la tienda vuelve a pedir el ticket sola; se emiten apenas ARCA lo entregue, sin que tengas que hacer nada.";

/** ISO 8601 with the Buenos Aires offset (ARCA's own examples use it), e.g. 2025-03-01T10:20:30-03:00. */
export function arcaTime(instant: Date): string {
  const local = new Date(instant.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** The login ticket request (TRA) for `service`, valid from 10 minutes ago to 10 minutes ahead (clock skew). */
export function buildTra(service: string, now = new Date()): string {
  const uniqueId = Math.floor(now.getTime() / 1000) % 4_000_000_000;
  return `<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>${uniqueId}</uniqueId><generationTime>${arcaTime(new Date(now.getTime() - 10 * 60_000))}</generationTime><expirationTime>${arcaTime(new Date(now.getTime() + 10 * 60_000))}</expirationTime></header><service>${xmlText(service)}</service></loginTicketRequest>`;
}

const oid = (name: string): string => {
  const value = forge.pki.oids[name];
  if (!value) throw new Error(`node-forge does not know the OID ${name}`);
  return value;
};

/**
 * The TRA as CMS SignedData with the content attached: SHA-256, authenticated attributes (contentType,
 * messageDigest, signingTime), the certificate included. Answers base64 DER (no PEM armour), WSAA's `in0`.
 */
export function signTra(tra: string, certificatePem: string, privateKeyPem: string, now = new Date()): string {
  const certificate = forge.pki.certificateFromPem(certificatePem);
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(tra, "utf8");
  signed.addCertificate(certificate);
  signed.addSigner({
    key,
    certificate,
    digestAlgorithm: oid("sha256"),
    authenticatedAttributes: [
      { type: oid("contentType"), value: oid("data") },
      { type: oid("messageDigest") },
      // node-forge takes a Date here although its types say string.
      { type: oid("signingTime"), value: now as unknown as string },
    ],
  });
  signed.sign();
  return forge.util.encode64(forge.asn1.toDer(signed.toAsn1()).getBytes());
}

/** WSAA's answer to a refused login: the fault's code and text. */
export class WsaaFault extends ArcaUnavailable {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = "WsaaFault";
    this.code = code;
  }
}

/** One loginCms round trip: a fresh ticket, or WsaaFault / ArcaUnavailable. */
export async function loginCms(config: ArcaConfig, timeoutMs: number, now = new Date()): Promise<Ticket> {
  const cms = signTra(buildTra(WSFE_SERVICE, now), config.certificatePem, config.privateKeyPem, now);
  const answer = await soapCall({
    url: config.wsaaUrl,
    action: "",
    namespaces: { wsaa: "http://wsaa.view.sua.dvadac.desein.afip.gov" },
    body: `<wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms>`,
    timeoutMs,
    what: "iniciar sesión en WSAA",
  });
  if (answer.fault) {
    if (answer.fault.code === "coe.alreadyAuthenticated") {
      throw new WsaaFault(answer.fault.code, ALREADY_AUTHENTICATED);
    }
    throw new WsaaFault(
      answer.fault.code,
      `ARCA rechazó el inicio de sesión (WSAA ${answer.fault.code}: ${answer.fault.message}). Revisá ARCA_CERT, ARCA_KEY y que el certificado esté asociado al servicio de factura electrónica (wsfe).`,
    );
  }
  const returned = (answer.body.loginCmsResponse as { loginCmsReturn?: unknown } | undefined)?.loginCmsReturn;
  const ticket = typeof returned === "string" ? parseXml(returned).loginTicketResponse : undefined;
  const { header, credentials } = (ticket ?? {}) as {
    header?: { expirationTime?: string };
    credentials?: { token?: string; sign?: string };
  };
  const expiresAt = header?.expirationTime ? new Date(header.expirationTime) : null;
  if (!credentials?.token || !credentials.sign || !expiresAt || Number.isNaN(expiresAt.getTime())) {
    throw new ArcaUnavailable("ARCA respondió el inicio de sesión (WSAA) sin un ticket válido");
  }
  return { token: credentials.token, sign: credentials.sign, expiresAt };
}

export interface TicketKeeper {
  /** A ticket with more than 5 minutes left: the stored one, or a new login (one instance at a time). */
  ticket(): Promise<Ticket>;
  /**
   * WSFE refused `ticket` (error 600). Only ARCA knows whether it still holds it valid, so a new login is
   * tried (one instance at a time): a new ticket replaces the stored one; ARCA's "the CEE already has a valid
   * TA" keeps the stored one — erasing it would lock every login out until it expires, up to 12 hours — and
   * it is answered to be tried again. Another instance's newer ticket is answered as it is.
   */
  refused(ticket: Ticket): Promise<Ticket>;
}

/**
 * WSAA tickets shared by every instance through `arca_tickets` (ARCA refuses a second login while a ticket
 * is valid). The instance that needs a new one takes the row's lease (`locked_until`, a conditional UPDATE),
 * logs in, saves the ticket and lets go; the others poll the row until the ticket appears or the lease lapses.
 * A stored ticket is kept until its expiry unless ARCA hands out a new one.
 */
export function ticketKeeper(setup: { db: Db; config: ArcaConfig; timeoutMs: number }): TicketKeeper {
  const { db, config, timeoutMs } = setup;
  const key = and(
    eq(arcaTickets.environment, config.environment),
    eq(arcaTickets.cuit, config.cuit),
    eq(arcaTickets.service, WSFE_SERVICE),
  );
  const leaseSeconds = Math.ceil(timeoutMs / 1000) + 10;

  /** The stored ticket if it has more than `marginMs` left. */
  async function stored(marginMs = REUSE_MARGIN_MS): Promise<Ticket | null> {
    const [row] = await db.select().from(arcaTickets).where(key);
    if (!row?.token || !row.sign || !row.expiresAt) return null;
    if (row.expiresAt.getTime() - Date.now() <= marginMs) return null;
    return { token: row.token, sign: row.sign, expiresAt: row.expiresAt };
  }

  async function takeLease(): Promise<boolean> {
    await db
      .insert(arcaTickets)
      .values({ environment: config.environment, cuit: config.cuit, service: WSFE_SERVICE })
      .onConflictDoNothing();
    const taken = await db
      .update(arcaTickets)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(key, or(isNull(arcaTickets.lockedUntil), lt(arcaTickets.lockedUntil, sql`now()`))))
      .returning({ cuit: arcaTickets.cuit });
    return taken.length === 1;
  }

  /**
   * Logs in while holding the lease. `refused`: the ticket WSFE just refused, kept if ARCA says it is still
   * valid; without it, a stored ticket in its last minutes is used when ARCA will not give another.
   */
  async function loginHoldingLease(refused: Ticket | null): Promise<Ticket> {
    try {
      // Another instance may have saved a ticket between our read and our lease.
      const fresh = await stored();
      if (fresh && fresh.token !== refused?.token) return fresh;
      let ticket: Ticket;
      try {
        ticket = await loginCms(config, timeoutMs);
      } catch (error) {
        if (error instanceof WsaaFault && error.code === "coe.alreadyAuthenticated") {
          if (refused) return refused;
          // ARCA still holds a ticket: ours in its last minutes (use them), or one we never saw.
          const saved = await stored(0);
          if (saved) return saved;
        }
        throw error;
      }
      await db
        .update(arcaTickets)
        .set({ token: ticket.token, sign: ticket.sign, expiresAt: ticket.expiresAt, updatedAt: new Date() })
        .where(key);
      return ticket;
    } finally {
      await db.update(arcaTickets).set({ lockedUntil: null }).where(key);
    }
  }

  /** Waits for the lease (long enough for its holder to log in, or for its lease to lapse if it died). */
  async function withLease(refused: Ticket | null): Promise<Ticket> {
    const deadline = Date.now() + (leaseSeconds + 5) * 1000;
    for (;;) {
      const current = await stored();
      if (current && current.token !== refused?.token) return current;
      if (await takeLease()) return loginHoldingLease(refused);
      if (Date.now() > deadline) {
        throw new ArcaUnavailable("Otra instancia está iniciando sesión en ARCA y no terminó a tiempo");
      }
      await sleep(POLL_MS + randomInt(50));
    }
  }

  return {
    ticket: () => withLease(null),
    refused: (ticket) => withLease(ticket),
  };
}
