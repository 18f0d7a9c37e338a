/**
 * The shop's view of ARCA's electronic invoicing (WSAA + WSFEv1), the same for the real client and the
 * demo's sandbox. Amounts are integer centavos here; the client writes them as ARCA's decimals. Dates are
 * Buenos Aires calendar days as "yyyy-mm-dd"; the client writes ARCA's "yyyymmdd".
 */

export type ArcaEnvironment = "homologacion" | "produccion";

/** Where vouchers are authorised: ARCA's two environments, or the demo's sandbox (no fiscal validity). */
export type InvoicingEnvironment = ArcaEnvironment | "sandbox";

/** One IVA rate of a voucher (AlicIva): 3 = 0%, 4 = 10.5%, 5 = 21%, 6 = 27%. */
export interface VatAmount {
  id: number;
  baseCents: number;
  amountCents: number;
}

/** A voucher a credit note cancels (CbtesAsoc.CbteAsoc). */
export interface AssociatedVoucher {
  voucherType: number;
  pointOfSale: number;
  number: number;
  /** The issuer's CUIT, digits only. */
  cuit: string;
  date: string;
}

/** FECAESolicitar for one voucher (CantReg 1, Concepto 1: products). */
export interface CaeRequest {
  pointOfSale: number;
  voucherType: number;
  number: number;
  date: string;
  /** DocTipo: 80 CUIT, 96 DNI, 99 consumidor final (docNumber "0"). */
  docType: number;
  /** Digits only. */
  docNumber: string;
  /** CondicionIVAReceptorId: 1 Responsable Inscripto, 4 Exento, 5 Consumidor Final, 6 Monotributo. */
  receiverTaxCondition: number;
  /** ImpTotal = netCents + exemptCents + vatCents (ImpTotConc and ImpTrib are 0 here). */
  totalCents: number;
  /** ImpNeto. */
  netCents: number;
  /** ImpOpEx. */
  exemptCents: number;
  /** ImpIVA. */
  vatCents: number;
  /** Iva.AlicIva; empty for a Factura C (and for one with only exempt lines). */
  vat: VatAmount[];
  associated?: AssociatedVoucher[];
}

export interface ArcaMessage {
  code: number;
  message: string;
}

/** An authorised voucher (Resultado "A"): its CAE and the CAE's expiry, with ARCA's observations. */
export interface CaeResult {
  cae: string;
  caeExpiry: string;
  observations: ArcaMessage[];
}

/**
 * A voucher ARCA holds (FECompConsultar): every field that identifies it, so a voucher in doubt is matched
 * with what we sent field by field (many sales share a total and DocNro 0), and its CAE.
 */
export interface AuthorizedVoucher {
  pointOfSale: number;
  voucherType: number;
  number: number;
  date: string;
  docType: number;
  docNumber: string;
  totalCents: number;
  netCents: number;
  exemptCents: number;
  vatCents: number;
  /** CbtesAsoc (a credit note's invoice); empty when none. */
  associated: { voucherType: number; pointOfSale: number; number: number }[];
  cae: string;
  caeExpiry: string;
}

export interface PointOfSale {
  number: number;
  /** "CAE", "CAEA"... as ARCA lists it (EmisionTipo). */
  emission: string;
  blocked: boolean;
}

/**
 * One ARCA link. Every method but `status` logs in first (WSAA), reusing the ticket kept in the database.
 * Errors: `ArcaRejected` when ARCA answered and refused the request itself (errors about its content, or
 * Resultado "R"); `ArcaUnavailable` when the call did not come back with an answer (network, timeout, HTTP
 * 5xx, a SOAP fault) or ARCA answered with an error of its own (500/501/502: its application or database
 * failed, a transaction still active) — the request may or may not have been committed.
 */
export interface ArcaApi {
  environment: InvoicingEnvironment;
  /** The issuer's CUIT, digits only. */
  cuit: string;
  /** FECompUltimoAutorizado: the last number authorised for this point of sale and type (0 when none). */
  lastAuthorized(pointOfSale: number, voucherType: number): Promise<number>;
  /** FECAESolicitar for one voucher. */
  requestCae(request: CaeRequest): Promise<CaeResult>;
  /** FECompConsultar: the voucher with that number, or null when ARCA has none (error 602). */
  findVoucher(pointOfSale: number, voucherType: number, number: number): Promise<AuthorizedVoucher | null>;
  /** FEParamGetPtosVenta. */
  pointsOfSale(): Promise<PointOfSale[]>;
  /** FEDummy: whether ARCA's application, database and authentication servers answer "OK". */
  status(): Promise<{ app: string; db: string; auth: string }>;
}

/**
 * The shop's ARCA link as it is now:
 * - "live": ARCA_CUIT, ARCA_CERT and ARCA_KEY are set; the real web services of ARCA_ENV;
 * - "sandbox": no credentials and the shop is a demo; the built-in sandbox (test vouchers, no fiscal validity);
 * - "off": otherwise; nothing is sent, and `reason` says what is missing (Spanish, for the admin).
 */
export interface ArcaLink {
  mode: "live" | "sandbox" | "off";
  api: ArcaApi | null;
  reason: string | null;
}

/** What the server and the request context carry: the link is asked for each time (a demo shop can go live). */
export interface Arca {
  current(): Promise<ArcaLink>;
}
