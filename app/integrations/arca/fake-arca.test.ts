import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { arcaTickets } from "~db/schema";
import { arcaTestCredentials } from "../../../tests/support/arca-cert";
import { type FakeArca, type FakeArcaChaos, startFakeArca } from "../../../tests/support/fake-arca";
import { testDatabase } from "../../../tests/support/test-database";
import { until } from "../../../tests/support/until";
import { ArcaRejected } from "./errors";
import type { CaeRequest } from "./types";
import { arcaClient } from "./wsfe.server";

/**
 * The fake ARCA itself (tests/support/fake-arca.ts) at its worst: late commits, ARCA's own errors, a proxy's
 * HTML, latency, seeded chaos, and the validations it copies from ARCA's manual. Driven through the real client
 * where that reads best, and by raw SOAP where the client would hide what ARCA answered.
 */
const CUIT = "20111111112";
const FEV1 = "http://ar.gov.afip.dif.FEV1/";
const database = await testDatabase();
const { db } = database;
afterAll(() => database.close());

let fake: FakeArca;
beforeEach(async () => {
  fake = await startFakeArca({ certificatePem: arcaTestCredentials().certificatePem, cuit: CUIT });
  await db.delete(arcaTickets);
});
afterEach(() => fake.close());

const client = (timeoutMs = 5000) =>
  arcaClient({
    db,
    timeoutMs,
    config: {
      environment: "homologacion",
      cuit: CUIT,
      certificatePem: arcaTestCredentials().certificatePem,
      privateKeyPem: arcaTestCredentials().privateKeyPem,
      wsaaUrl: fake.wsaaUrl,
      wsfeUrl: fake.wsfeUrl,
    },
  });

const today = () => todayInBuenosAires();
const arcaDay = (day: string) => day.replaceAll("-", "");

/** A Factura B to a final consumer: $1.000 net + 21% IVA, and $500 of exempt books. */
const facturaB = (number: number, pointOfSale = 1): CaeRequest => ({
  pointOfSale,
  voucherType: 6,
  number,
  date: today(),
  docType: 99,
  docNumber: "0",
  receiverTaxCondition: 5,
  totalCents: 171_000,
  netCents: 100_000,
  exemptCents: 50_000,
  vatCents: 21_000,
  vat: [{ id: 5, baseCents: 100_000, amountCents: 21_000 }],
});

/** A Factura B of `netCents` at 21% whose AlicIva Importe (and ImpIVA) is `vatCents`. */
const withVat = (number: number, netCents: number, vatCents: number): CaeRequest => ({
  ...facturaB(number),
  totalCents: netCents + vatCents,
  netCents,
  exemptCents: 0,
  vatCents,
  vat: [{ id: 5, baseCents: netCents, amountCents: vatCents }],
});

async function refusal(promise: Promise<unknown>): Promise<ArcaRejected> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ArcaRejected) return error;
    throw error;
  }
  throw new Error("expected ARCA to refuse");
}

/** The Auth block of the fake's current ticket (logs in through the client first). */
async function auth(): Promise<string> {
  if (!fake.ticket()) await client().lastAuthorized(1, 6);
  const ticket = fake.ticket();
  if (!ticket) throw new Error("no ticket");
  return `<ar:Auth><ar:Token>${ticket.token}</ar:Token><ar:Sign>${ticket.sign}</ar:Sign><ar:Cuit>${CUIT}</ar:Cuit></ar:Auth>`;
}

/** One WSFE call as raw SOAP: what ARCA answered, untouched by the client. */
async function post(method: string, inner: string, signal?: AbortSignal) {
  const response = await fetch(fake.wsfeUrl, {
    method: "POST",
    headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${FEV1}${method}"` },
    body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="${FEV1}"><soap:Body><ar:${method}>${inner}</ar:${method}></soap:Body></soap:Envelope>`,
    signal,
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

/** FECAESolicitar's body for a Factura B (point of sale 1) like `facturaB`, with fields replaced (null: left out). */
async function caeXml(number: number, fields: Record<string, string | null> = {}): Promise<string> {
  const detail: Record<string, string | null> = {
    Concepto: "1",
    DocTipo: "99",
    DocNro: "0",
    CbteDesde: String(number),
    CbteHasta: String(number),
    CbteFch: arcaDay(today()),
    ImpTotal: "1710.00",
    ImpTotConc: "0.00",
    ImpNeto: "1000.00",
    ImpOpEx: "500.00",
    ImpTrib: "0.00",
    ImpIVA: "210.00",
    MonId: "PES",
    MonCotiz: "1",
    CondicionIVAReceptorId: "5",
    ...fields,
  };
  const elements = Object.entries(detail)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `<ar:${name}>${value}</ar:${name}>`)
    .join("");
  const iva =
    "<ar:Iva><ar:AlicIva><ar:Id>5</ar:Id><ar:BaseImp>1000.00</ar:BaseImp><ar:Importe>210.00</ar:Importe></ar:AlicIva></ar:Iva>";
  return `${await auth()}<ar:FeCAEReq><ar:FeCabReq><ar:CantReg>1</ar:CantReg><ar:PtoVta>1</ar:PtoVta><ar:CbteTipo>6</ar:CbteTipo></ar:FeCabReq><ar:FeDetReq><ar:FECAEDetRequest>${elements}${iva}</ar:FECAEDetRequest></ar:FeDetReq></ar:FeCAEReq>`;
}

const codesOf = (error: ArcaRejected) => [...error.errors, ...error.observations].map((entry) => entry.code);

describe("the fake ARCA's late commits", () => {
  it("holds a voucher until it commits: the old last number and 602 meanwhile; the same sequence waits, others do not", async () => {
    const arca = client();
    await arca.lastAuthorized(1, 6);
    fake.commitLate(700);
    const first = arca.requestCae(facturaB(1));
    await until(() => fake.pendingCommits() === 1, "the late commit to start", 5000);

    expect(await arca.lastAuthorized(1, 6)).toBe(0);
    expect(await arca.findVoucher(1, 6, 1)).toBeNull();
    expect(fake.vouchers.size).toBe(0);

    // The same number again and the next one, both while 1 is pending: held, then validated after the commit.
    const resent = refusal(arca.requestCae(facturaB(1)));
    const next = arca.requestCae(facturaB(2));
    // Another point of sale is not held.
    const elsewhere = await arca.requestCae(facturaB(1, 2));
    expect(elsewhere.cae).toMatch(/^\d{14}$/);
    expect(fake.pendingCommits()).toBe(1);
    expect(fake.vouchers.has("1-6-2")).toBe(false);

    const committed = await first;
    expect(committed.cae).toBe(fake.vouchers.get("1-6-1")?.cae);
    expect(codesOf(await resent)).toEqual([10016]);
    expect((await next).cae).toBe(fake.vouchers.get("1-6-2")?.cae);
    expect(await arca.lastAuthorized(1, 6)).toBe(2);
    expect((await arca.findVoucher(1, 6, 1))?.cae).toBe(committed.cae);
    expect(fake.stats.lateCommits).toBe(1);
  });

  it("commits after the caller timed out, and close() does not wait for a pending commit", async () => {
    const impatient = client(300);
    await impatient.lastAuthorized(1, 6);
    fake.commitLate(800);
    await expect(impatient.requestCae(facturaB(1))).rejects.toThrow(/no respondió a tiempo/);
    expect(fake.vouchers.size).toBe(0);
    const voucher = await until(() => fake.vouchers.get("1-6-1"), "the late commit", 5000);
    expect((await client().findVoucher(1, 6, 1))?.cae).toBe(voucher.cae);

    fake.commitLate(60_000);
    const held = post("FECAESolicitar", await caeXml(2)).catch((error: unknown) => error);
    await until(() => fake.pendingCommits() === 1, "the second late commit", 5000);
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await held).toBeInstanceOf(Error);
    expect(fake.vouchers.has("1-6-2")).toBe(false);
  });
});

describe("the fake ARCA's own failures", () => {
  it("answers ARCA's internal errors in Errors (FECAESolicitar refused, R), authorising nothing", async () => {
    fake.internalErrorNext("FECAESolicitar", 501);
    const answer = await post("FECAESolicitar", await caeXml(1));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(
      "<Errors><Err><Code>501</Code><Msg>Error interno de base de datos</Msg></Err></Errors>",
    );
    expect(answer.text).toContain("<Resultado>R</Resultado>");
    expect(answer.text).not.toContain("<CAE>");
    expect(fake.vouchers.size).toBe(0);

    fake.internalErrorNext("FECompUltimoAutorizado", 502, 2);
    const lastNumber = async () =>
      (await post("FECompUltimoAutorizado", `${await auth()}<ar:PtoVta>1</ar:PtoVta><ar:CbteTipo>6</ar:CbteTipo>`))
        .text;
    for (const text of [await lastNumber(), await lastNumber()]) {
      // As ARCA does on an error: the schema's integers, zero, beside the Errors.
      expect(text).toContain("<CbteNro>0</CbteNro>");
      expect(text).toMatch(/<Err><Code>502<\/Code><Msg>Error interno de base de datos - Autorizador CAE/);
    }
    expect(await lastNumber()).not.toContain("<Errors>");
    expect(fake.stats.internalErrors).toBe(3);

    // Spent: the next ones are answered.
    expect((await client().requestCae(facturaB(1))).cae).toMatch(/^\d{14}$/);
  });

  it("answers a proxy's HTML 503 to the next WSFE calls, and WSAA and later calls still work", async () => {
    await auth();
    fake.httpErrorNext(503, 2);
    const first = await post("FECAESolicitar", await caeXml(1));
    expect(first.status).toBe(503);
    expect(first.type).toContain("text/html");
    expect(first.text).toMatch(/^<!DOCTYPE html>.*503 Service Unavailable/);
    expect((await post("FEDummy", "")).status).toBe(503);
    expect(fake.vouchers.size).toBe(0);
    expect(fake.stats.httpErrors).toBe(2);
    expect(await client().status()).toEqual({ app: "OK", db: "OK", auth: "OK" });
  });

  it("delays every answer by the latency set, and stops when set to 0", async () => {
    const arca = client();
    fake.setLatency(300);
    let started = Date.now();
    await arca.status();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    fake.setLatency(0);
    started = Date.now();
    await arca.status();
    expect(Date.now() - started).toBeLessThan(250);
  });
});

describe("the fake ARCA's validations (ARCA's manual, RG 4291)", () => {
  it("requires the receiver's condition (10246), a real one (10242), valid for the class and the document (10243)", async () => {
    const missing = await post("FECAESolicitar", await caeXml(1, { CondicionIVAReceptorId: null }));
    expect(missing.text).toMatch(/<Code>10246<\/Code><Msg>Campo Condicion Frente al IVA del receptor es obligatorio/);
    const unknown = await post("FECAESolicitar", await caeXml(1, { CondicionIVAReceptorId: "2" }));
    expect(unknown.text).toMatch(/<Code>10242<\/Code><Msg>El campo Condicion IVA receptor no es un valor valido/);

    const arca = client();
    // Responsable Inscripto is class A (and C), not B; Consumidor Final is B and C, not A.
    expect(codesOf(await refusal(arca.requestCae({ ...facturaB(1), receiverTaxCondition: 1 })))).toEqual([10243]);
    const facturaA: CaeRequest = { ...facturaB(1), voucherType: 1, docType: 80, docNumber: "20267565393" };
    expect(codesOf(await refusal(arca.requestCae({ ...facturaA, receiverTaxCondition: 5 })))).toEqual([10243]);
    // DocTipo 99 is a final consumer: an exempt receiver must be identified.
    expect(codesOf(await refusal(arca.requestCae({ ...facturaB(1), receiverTaxCondition: 4 })))).toEqual([10243]);
    expect(fake.vouchers.size).toBe(0);

    expect((await arca.requestCae({ ...facturaA, receiverTaxCondition: 1 })).cae).toMatch(/^\d{14}$/);
    expect((await arca.requestCae({ ...facturaB(1), receiverTaxCondition: 5 })).cae).toMatch(/^\d{14}$/);
    expect(fake.vouchers.get("1-1-1")?.receiverTaxCondition).toBe(1);
  });

  it("checks the receiver's document: class A needs a CUIT (10013), a CUIT needs its check digit, 99 needs 0 (10015)", async () => {
    const arca = client();
    const facturaA: CaeRequest = { ...facturaB(1), voucherType: 1, receiverTaxCondition: 1 };
    expect(codesOf(await refusal(arca.requestCae(facturaA)))).toEqual([10013]);
    const badDigit = { ...facturaA, docType: 80, docNumber: "20267565394" };
    expect(codesOf(await refusal(arca.requestCae(badDigit)))).toEqual([10015]);
    expect(codesOf(await refusal(arca.requestCae({ ...facturaA, docType: 80, docNumber: "2026756539" })))).toEqual([
      10015,
    ]);
    expect(codesOf(await refusal(arca.requestCae({ ...facturaB(1), docNumber: "30111222" })))).toEqual([10015]);
    // A CUIL (86) is checked the same way; a DNI (96) is not a CUIT.
    expect((await arca.requestCae({ ...facturaB(1), docType: 86, docNumber: "20111111112" })).cae).toMatch(/^\d+$/);
    expect((await arca.requestCae({ ...facturaB(2), docType: 96, docNumber: "30111222" })).cae).toMatch(/^\d+$/);
  });

  it("checks each AlicIva against its rate with ARCA's margin (10051), and the sums against ImpNeto (10061) and ImpIVA (10023)", async () => {
    const arca = client();
    // $10.00 at 21% is $2.10: one centavo off passes, two do not.
    expect(codesOf(await refusal(arca.requestCae(withVat(1, 1000, 212))))).toEqual([10051]);
    expect((await arca.requestCae(withVat(1, 1000, 211))).cae).toMatch(/^\d{14}$/);
    // On $100.000 the 0.01% margin is $2.10: a peso off passes, three do not.
    expect((await arca.requestCae(withVat(2, 10_000_000, 2_100_100))).cae).toMatch(/^\d{14}$/);
    expect(codesOf(await refusal(arca.requestCae(withVat(3, 10_000_000, 2_100_300))))).toEqual([10051]);
    // 10.5% of $5.94 is 0.6237: 0.62 is within a centavo.
    const halfRate = { ...withVat(3, 594, 62), vat: [{ id: 4, baseCents: 594, amountCents: 62 }] };
    expect((await arca.requestCae(halfRate)).cae).toMatch(/^\d{14}$/);

    const bases = { ...withVat(4, 1000, 210), netCents: 1100, totalCents: 1310 };
    expect(codesOf(await refusal(arca.requestCae(bases)))).toEqual([10061]);
    const amounts = { ...withVat(4, 1000, 210), vatCents: 250, totalCents: 1250 };
    expect(codesOf(await refusal(arca.requestCae(amounts)))).toEqual([10023]);
    expect(await arca.lastAuthorized(1, 6)).toBe(3);
  });

  it("has ImpTotal add up within a centavo or 0.01% (10048)", async () => {
    const arca = client();
    expect((await arca.requestCae({ ...facturaB(1), totalCents: 171_001 })).cae).toMatch(/^\d{14}$/);
    expect(codesOf(await refusal(arca.requestCae({ ...facturaB(2), totalCents: 171_100 })))).toEqual([10048]);
  });

  it("refuses a date before the last voucher's (10016) or more than 5 days from today (10016, ARCA's own wording)", async () => {
    const arca = client();
    const tooOld = await refusal(arca.requestCae({ ...facturaB(1), date: addDays(today(), -6) }));
    expect(tooOld.observations).toEqual([
      {
        code: 10016,
        message:
          "Campo CbteFch Debe estar comprendido  en el  rango  N-5 y N+5 siendo N la fecha de envio del pedido  de autorizacion para 1 - Productos",
      },
    ]);
    expect(codesOf(await refusal(arca.requestCae({ ...facturaB(1), date: addDays(today(), 6) })))).toEqual([10016]);

    expect((await arca.requestCae({ ...facturaB(1), date: addDays(today(), -3) })).cae).toMatch(/^\d{14}$/);
    const earlier = await refusal(arca.requestCae({ ...facturaB(2), date: addDays(today(), -4) }));
    expect(earlier.errors).toEqual([
      {
        code: 10016,
        message:
          "El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.",
      },
    ]);
    expect((await arca.requestCae({ ...facturaB(2), date: addDays(today(), -3) })).cae).toMatch(/^\d{14}$/);
    expect(fake.vouchers.get("1-6-2")?.date).toBe(arcaDay(addDays(today(), -3)));
  });
});

describe("the fake ARCA's FECompConsultar", () => {
  it("answers the receiver's condition and the associated vouchers as they were sent, amounts as ARCA prints them", async () => {
    const arca = client();
    await arca.requestCae(facturaB(1));
    await arca.requestCae({
      ...facturaB(1),
      voucherType: 8,
      associated: [{ voucherType: 6, pointOfSale: 1, number: 1, cuit: CUIT, date: today() }],
    });
    const answer = await post(
      "FECompConsultar",
      `${await auth()}<ar:FeCompConsReq><ar:CbteTipo>8</ar:CbteTipo><ar:CbteNro>1</ar:CbteNro><ar:PtoVta>1</ar:PtoVta></ar:FeCompConsReq>`,
    );
    expect(answer.text).toContain("<CondicionIVAReceptorId>5</CondicionIVAReceptorId>");
    expect(answer.text).toContain(
      `<CbtesAsoc><CbteAsoc><Tipo>6</Tipo><PtoVta>1</PtoVta><Nro>1</Nro><Cuit>${CUIT}</Cuit><CbteFch>${arcaDay(today())}</CbteFch></CbteAsoc></CbtesAsoc>`,
    );
    expect(answer.text).toContain("<ImpTotal>1710</ImpTotal>");
    expect(answer.text).toContain("<AlicIva><Id>5</Id><BaseImp>1000</BaseImp><Importe>210</Importe></AlicIva>");
    expect(answer.text).toContain(`<CodAutorizacion>${fake.vouchers.get("1-8-1")?.cae}</CodAutorizacion>`);

    const invoice = await post(
      "FECompConsultar",
      `${await auth()}<ar:FeCompConsReq><ar:CbteTipo>6</ar:CbteTipo><ar:CbteNro>1</ar:CbteNro><ar:PtoVta>1</ar:PtoVta></ar:FeCompConsReq>`,
    );
    expect(invoice.text).not.toContain("<CbtesAsoc>");
  });
});

describe("the fake ARCA's chaos", () => {
  const settings: FakeArcaChaos = {
    seed: 32,
    lateCommitRate: 0.2,
    lateCommitMs: 100,
    internalErrorRate: 0.2,
    hangRate: 0.15,
    dropRate: 0.15,
  };

  /** Twelve FECAESolicitar in a row, each for the next number; what became of each. */
  async function story(): Promise<string[]> {
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const body = await caeXml(fake.lastNumber(1, 6) + 1);
      const before = { ...fake.stats };
      const answer = await post("FECAESolicitar", body, AbortSignal.timeout(600)).catch(() => null);
      const outcome =
        fake.stats.drops > before.drops
          ? "dropped"
          : fake.stats.hangs > before.hangs
            ? "hang"
            : fake.stats.lateCommits > before.lateCommits
              ? "late"
              : answer?.text.includes("<CAE>")
                ? "authorised"
                : `error ${answer?.text.match(/<Code>(\d+)<\/Code>/)?.[1]}`;
      outcomes.push(outcome);
    }
    return outcomes;
  }

  it("tells the same story for the same seed, and counts what it did", async () => {
    fake.chaos(settings);
    const first = await story();
    const firstStats = { ...fake.stats };
    await fake.close();

    fake = await startFakeArca({ certificatePem: arcaTestCredentials().certificatePem, cuit: CUIT });
    await db.delete(arcaTickets);
    fake.chaos(settings);
    expect(await story()).toEqual(first);
    expect(fake.stats).toEqual(firstStats);

    const count = (what: string) => first.filter((outcome) => outcome === what).length;
    expect(firstStats).toEqual({
      lateCommits: count("late"),
      internalErrors: count("error 501") + count("error 502"),
      hangs: count("hang"),
      drops: count("dropped"),
      httpErrors: 0,
    });
    expect(count("authorised")).toBeGreaterThan(0);
    expect(count("authorised")).toBeLessThan(12);
    // Authorised, late and hung vouchers were all stored, in sequence; errors and drops used no number.
    expect(fake.lastNumber(1, 6)).toBe(count("authorised") + count("late") + count("hang"));

    fake.chaos(null);
    expect((await post("FECAESolicitar", await caeXml(fake.lastNumber(1, 6) + 1))).text).toContain("<CAE>");
  });
});
