import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "~/lib/dates";
import { type Database, openPostgres } from "~db/connect";
import { arcaTickets } from "~db/schema";
import { arcaTestCredentials, strangerCredentials } from "../../../tests/support/arca-cert";
import { type FakeArca, startFakeArca } from "../../../tests/support/fake-arca";
import { testDatabase } from "../../../tests/support/test-database";
import type { ArcaConfig } from "./config";
import { ArcaInternalError, ArcaRejected, ArcaUnavailable } from "./errors";
import { ARCA_OFF_REASON, createArca } from "./index.server";
import { arcaSandbox } from "./sandbox.server";
import type { CaeRequest } from "./types";
import { arcaClient } from "./wsfe.server";

const CUIT = "20111111112";
const database = await testDatabase();
const { db } = database;
afterAll(() => database.close());

let fake: FakeArca;
beforeEach(async () => {
  fake = await startFakeArca({ certificatePem: arcaTestCredentials().certificatePem, cuit: CUIT });
  await db.delete(arcaTickets);
});
afterEach(() => fake.close());

const config = (credentials = arcaTestCredentials()): ArcaConfig => ({
  environment: "homologacion",
  cuit: CUIT,
  certificatePem: credentials.certificatePem,
  privateKeyPem: credentials.privateKeyPem,
  wsaaUrl: fake.wsaaUrl,
  wsfeUrl: fake.wsfeUrl,
});

const client = (timeoutMs = 5000, on = db) => arcaClient({ db: on, config: config(), timeoutMs });

/** A Factura B to a final consumer: $1.000 net + 21% IVA, and $500 of exempt books. */
const facturaB = (number: number, pointOfSale = 1): CaeRequest => ({
  pointOfSale,
  voucherType: 6,
  number,
  date: todayInBuenosAires(),
  docType: 99,
  docNumber: "0",
  receiverTaxCondition: 5,
  totalCents: 171_000,
  netCents: 100_000,
  exemptCents: 50_000,
  vatCents: 21_000,
  vat: [{ id: 5, baseCents: 100_000, amountCents: 21_000 }],
});

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("ARCA client (WSAA + WSFEv1) against the fake ARCA", () => {
  it("logs in once for two instances sharing the database, and both number vouchers with that ticket", async () => {
    // On PostgreSQL the second instance has its own connection pool, as a second server would.
    const other: Database | null = database.url ? await openPostgres(database.url, { max: 5 }) : null;
    try {
      const first = client();
      const second = client(5000, other?.db ?? db);
      expect(await Promise.all([first.lastAuthorized(1, 6), second.lastAuthorized(1, 6)])).toEqual([0, 0]);
      const a = await first.requestCae(facturaB(1));
      const b = await second.requestCae(facturaB(2));
      expect(a.cae).toMatch(/^\d{14}$/);
      expect(b.cae).toMatch(/^\d{14}$/);
      expect(a.cae).not.toBe(b.cae);
      expect(fake.requests.loginCms).toBe(1);
      const [row] = await db.select().from(arcaTickets);
      expect(row).toMatchObject({ environment: "homologacion", cuit: CUIT, service: "wsfe", lockedUntil: null });
      expect(row?.token).toBe(fake.ticket()?.token);
    } finally {
      await other?.close();
    }
  });

  it("is refused by WSAA with a certificate ARCA did not issue, or a key that is not the certificate's", async () => {
    const stranger = arcaClient({ db, config: config(strangerCredentials()) });
    const untrusted = await refusal(stranger.lastAuthorized(1, 6));
    expect(untrusted).toBeInstanceOf(ArcaUnavailable);
    expect((untrusted as Error).message).toMatch(/cms\.cert\.untrusted.*Revisá ARCA_CERT/);

    const mismatched = arcaClient({
      db,
      config: { ...config(), privateKeyPem: strangerCredentials().privateKeyPem },
    });
    expect(((await refusal(mismatched.lastAuthorized(1, 6))) as Error).message).toMatch(/cms\.sign\.invalid/);
    expect(fake.requests.FECompUltimoAutorizado).toBeUndefined();
    expect(fake.ticket()).toBeNull();
  });

  it("authorises the next number with ARCA's decimals and dates, and refuses a skipped number with 10016", async () => {
    fake.setLastNumber(2, 6, 41);
    const arca = client();
    expect(await arca.lastAuthorized(2, 6)).toBe(41);
    const request = facturaB(42, 2);
    const result = await arca.requestCae(request);
    const [y, m, d] = request.date.split("-").map(Number) as [number, number, number];
    const expiry = new Date(Date.UTC(y, m - 1, d + 10)).toISOString().slice(0, 10);
    expect(result).toEqual({ cae: expect.stringMatching(/^\d{14}$/), caeExpiry: expiry, observations: [] });
    expect(fake.vouchers.get("2-6-42")).toMatchObject({
      date: request.date.replaceAll("-", ""),
      total: "1710.00",
      net: "1000.00",
      exempt: "500.00",
      vat: "210.00",
      receiverTaxCondition: 5,
      iva: [{ id: 5, base: "1000.00", amount: "210.00" }],
      cae: result.cae,
    });

    const skipped = await refusal(arca.requestCae(facturaB(44, 2)));
    expect(skipped).toBeInstanceOf(ArcaRejected);
    expect((skipped as ArcaRejected).has(10016)).toBe(true);
    expect(await arca.lastAuthorized(2, 6)).toBe(42);
    expect(fake.requests.loginCms).toBe(1);
  });

  it("sends a Factura C without IVA and a credit note with its associated voucher", async () => {
    const arca = client();
    const facturaC: CaeRequest = {
      ...facturaB(1),
      voucherType: 11,
      docType: 80,
      docNumber: "20267565393",
      receiverTaxCondition: 1,
      totalCents: 12_345,
      netCents: 12_345,
      exemptCents: 0,
      vatCents: 0,
      vat: [],
    };
    await arca.requestCae(facturaC);
    expect(fake.vouchers.get("1-11-1")).toMatchObject({
      docType: 80,
      docNumber: "20267565393",
      iva: [],
      total: "123.45",
    });

    await arca.requestCae({
      ...facturaC,
      voucherType: 13,
      associated: [{ voucherType: 11, pointOfSale: 1, number: 1, cuit: CUIT, date: facturaC.date }],
    });
    expect(fake.vouchers.get("1-13-1")?.associated).toEqual([
      { type: 11, pointOfSale: 1, number: 1, cuit: CUIT, date: facturaC.date.replaceAll("-", "") },
    ]);
  });

  it("times out on an answer that never comes, and then finds the voucher ARCA did authorise", async () => {
    const arca = client(800);
    fake.authoriseThenHang();
    const lost = await refusal(arca.requestCae(facturaB(1)));
    expect(lost).toBeInstanceOf(ArcaUnavailable);
    expect((lost as Error).message).toMatch(/ARCA no respondió a tiempo/);
    const stored = fake.vouchers.get("1-6-1");
    expect(stored).toBeDefined();

    expect(await arca.lastAuthorized(1, 6)).toBe(1);
    const found = await arca.findVoucher(1, 6, 1);
    expect(found).toEqual({
      pointOfSale: 1,
      voucherType: 6,
      number: 1,
      date: todayInBuenosAires(),
      docType: 99,
      docNumber: "0",
      totalCents: 171_000,
      netCents: 100_000,
      exemptCents: 50_000,
      vatCents: 21_000,
      associated: [],
      cae: stored?.cae,
      caeExpiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await arca.findVoucher(1, 6, 2)).toBeNull();
  });

  it("answers ARCA's rejections, observations and errors as ArcaRejected or observations", async () => {
    const arca = client();
    fake.rejectNext({ code: 10013, message: "Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT)." });
    const rejected = await refusal(arca.requestCae(facturaB(1)));
    expect(rejected).toBeInstanceOf(ArcaRejected);
    expect((rejected as ArcaRejected).observations).toEqual([
      { code: 10013, message: "Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT)." },
    ]);
    expect((rejected as Error).message).toContain("10013");
    expect(await arca.lastAuthorized(1, 6)).toBe(0);

    fake.observeNext({ code: 10217, message: "El credito fiscal discriminado no es computable." });
    const observed = await arca.requestCae(facturaB(1));
    expect(observed.observations).toEqual([
      { code: 10217, message: "El credito fiscal discriminado no es computable." },
    ]);

    // ARCA lets ImpTotal miss the sum by one centavo (or 0.01%): one peso is refused.
    const badTotal = await refusal(arca.requestCae({ ...facturaB(2), totalCents: 171_100 }));
    expect((badTotal as ArcaRejected).has(10048)).toBe(true);

    // ARCA's own errors say nothing about the request: the caller retries, it is not a rejection.
    fake.failNext("FECompUltimoAutorizado", { code: 501, message: "Error interno de base de datos" });
    const failed = await refusal(arca.lastAuthorized(1, 6));
    expect(failed).toBeInstanceOf(ArcaInternalError);
    expect(failed).toBeInstanceOf(ArcaUnavailable);
    expect((failed as ArcaInternalError).errors).toEqual([{ code: 501, message: "Error interno de base de datos" }]);
    fake.failNext("FECAESolicitar", { code: 502, message: "Error interno - Transacción activa" });
    expect(await refusal(arca.requestCae(facturaB(2)))).toBeInstanceOf(ArcaInternalError);
    expect((await arca.requestCae(facturaB(2))).cae).toMatch(/^\d{14}$/);
  });

  it("drops a ticket WSFE refuses and logs in again, once", async () => {
    await db.insert(arcaTickets).values({
      environment: "homologacion",
      cuit: CUIT,
      service: "wsfe",
      token: "un-token-que-arca-ya-no-acepta",
      sign: "una-firma-vieja",
      expiresAt: new Date(Date.now() + 6 * 3600_000),
    });
    const arca = client();
    expect(await arca.lastAuthorized(1, 6)).toBe(0);
    expect(fake.requests).toMatchObject({ loginCms: 1, FECompUltimoAutorizado: 2 });
    const [row] = await db.select().from(arcaTickets).where(eq(arcaTickets.cuit, CUIT));
    expect(row?.token).toBe(fake.ticket()?.token);

    // ARCA's ticket runs out before the stored expiry says: the next call renews it, once.
    fake.expireTicket();
    expect(await arca.lastAuthorized(1, 6)).toBe(0);
    expect(fake.requests).toMatchObject({ loginCms: 2, FECompUltimoAutorizado: 4 });
  });

  it("keeps a refused ticket while ARCA says it is still valid, instead of locking logins out for hours", async () => {
    const arca = client();
    await arca.lastAuthorized(1, 6);
    const valid = fake.ticket();
    // The stored ticket is not the one ARCA holds (a glitch, a restore from a backup): WSFE answers 600.
    await db.update(arcaTickets).set({ token: "un-token-que-arca-no-reconoce" });
    const refused = await refusal(arca.lastAuthorized(1, 6));
    expect(refused).toBeInstanceOf(ArcaUnavailable);
    expect(refused).not.toBeInstanceOf(ArcaRejected);
    // One new login was tried; ARCA said its ticket is still valid, so the stored one was not erased.
    expect(fake.requests.loginCms).toBe(2);
    const [row] = await db.select().from(arcaTickets).where(eq(arcaTickets.cuit, CUIT));
    expect(row?.token).toBe("un-token-que-arca-no-reconoce");
    expect(row?.expiresAt).not.toBeNull();
    expect(fake.ticket()).toEqual(valid);
  });

  it("explains that ARCA holds a ticket the shop lost, valid for up to 12 hours", async () => {
    const arca = client();
    await arca.lastAuthorized(1, 6);
    await db.delete(arcaTickets);
    const refused = await refusal(client().lastAuthorized(1, 6));
    expect(refused).toBeInstanceOf(ArcaUnavailable);
    expect((refused as Error).message).toMatch(/ya entregó un ticket.*12 horas.*se emiten apenas ARCA lo entregue/);
    const [row] = await db.select().from(arcaTickets);
    expect(row?.lockedUntil).toBeNull();
  });

  it("tries to renew a ticket in its last minutes, and keeps using it while ARCA says it is still valid", async () => {
    const arca = client();
    await arca.lastAuthorized(1, 6);
    await db.update(arcaTickets).set({ expiresAt: new Date(Date.now() + 2 * 60_000) });
    expect(await arca.lastAuthorized(1, 6)).toBe(0);
    expect(fake.requests).toMatchObject({ loginCms: 2, FECompUltimoAutorizado: 2 });
  });

  it("lists points of sale and ARCA's status (FEDummy, without Auth)", async () => {
    const arca = client();
    expect(await arca.status()).toEqual({ app: "OK", db: "OK", auth: "OK" });
    expect(fake.requests.loginCms).toBeUndefined();
    expect(await arca.pointsOfSale()).toEqual([{ number: 1, emission: "CAE", blocked: false }]);
  });
});

describe("the demo's ARCA sandbox", () => {
  const cuit = "20267565393";

  it("gives one number to one of ten concurrent requests, and 10016 to the others", async () => {
    const sandbox = arcaSandbox(db, cuit);
    expect(await sandbox.lastAuthorized(3, 6)).toBe(0);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => sandbox.requestCae(facturaB(1, 3))));
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const result of lost) {
      expect(result.reason).toBeInstanceOf(ArcaRejected);
      expect((result.reason as ArcaRejected).has(10016)).toBe(true);
    }
    const cae = (won[0] as PromiseFulfilledResult<{ cae: string; caeExpiry: string }>).value;
    expect(cae.cae).toMatch(/^\d{14}$/);
    expect(await sandbox.lastAuthorized(3, 6)).toBe(1);
    expect(await sandbox.findVoucher(3, 6, 1)).toMatchObject({
      cae: cae.cae,
      caeExpiry: cae.caeExpiry,
      totalCents: 171_000,
    });
    expect(await sandbox.findVoucher(3, 6, 2)).toBeNull();
    expect(await sandbox.pointsOfSale()).toEqual([
      { number: 1, emission: "CAE", blocked: false },
      { number: 3, emission: "CAE", blocked: false },
    ]);
    const badTotal = await refusal(sandbox.requestCae({ ...facturaB(2, 3), totalCents: 1 }));
    expect((badTotal as ArcaRejected).has(10048)).toBe(true);
    expect(await arcaSandbox(db, "20111111112").lastAuthorized(3, 6)).toBe(0);
  });
});

describe("createArca", () => {
  it("is live with credentials, the sandbox in a demo shop, and off otherwise", async () => {
    let demo = true;
    const sandboxed = createArca({
      db,
      config: null,
      isDemo: async () => demo,
      sandboxCuit: async () => "20-26756539-3",
    });
    const link = await sandboxed.current();
    expect(link).toMatchObject({ mode: "sandbox", reason: null, api: { environment: "sandbox", cuit: "20267565393" } });
    demo = false;
    expect(await sandboxed.current()).toEqual({ mode: "off", api: null, reason: ARCA_OFF_REASON });
    demo = true;
    const fallback = await createArca({ db, config: null, isDemo: async () => true }).current();
    expect(fallback.api?.cuit).toBe("20111111112");

    const live = await createArca({ db, config: config(), isDemo: async () => true }).current();
    expect(live).toMatchObject({ mode: "live", reason: null, api: { environment: "homologacion", cuit: CUIT } });
    expect(await live.api?.lastAuthorized(1, 1)).toBe(0);
  });
});
