import { describe, expect, it } from "vitest";
import {
  afterOutcome,
  backoffMs,
  isStale,
  KEEP_SYNCED_MS,
  outcomeOf,
  passPlan,
  type QueuedSale,
  RETRY_MAX_MS,
  retried,
  SYNC_MESSAGES,
} from "./sync";

const queued = (clientId: string, createdAt: number, extra: Partial<QueuedSale> = {}): QueuedSale => ({
  clientId,
  createdAt,
  body: { clientId, items: [{ id: 1, quantity: 1 }], payment: "cash" },
  summary: {
    totalCents: 100,
    changeCents: null,
    payment: "cash",
    copies: 1,
    titles: ["Ficciones"],
    place: "Mostrador",
  },
  state: "pending",
  attempts: 0,
  nextAttemptAt: 0,
  waiting: null,
  error: null,
  errorField: null,
  sale: null,
  syncedAt: null,
  ...extra,
});

const half = () => 0.5;
const sale = { number: "V-000001", total: 1, status: "paid", receiptUrl: "http://x/recibo/V-000001?token=t" };

describe("what a pass sends", () => {
  it("every pending sale, oldest first, whatever order they were stored in", () => {
    const plan = passPlan(
      [
        queued("c", 30),
        queued("a", 10),
        queued("s", 5, { state: "synced" }),
        queued("b", 20),
        queued("f", 1, { state: "failed" }),
      ],
      100,
    );
    expect(plan.map((entry) => entry.clientId)).toEqual(["a", "b", "c"]);
  });

  it("does not send newer sales ahead of one waiting for a retry, unless forced (the signal came back)", () => {
    const sales = [queued("a", 10, { waiting: "retry", nextAttemptAt: 500 }), queued("b", 20)];
    expect(passPlan(sales, 100)).toEqual([]);
    expect(passPlan(sales, 500).map((entry) => entry.clientId)).toEqual(["a", "b"]);
    expect(passPlan(sales, 100, true).map((entry) => entry.clientId)).toEqual(["a", "b"]);
  });

  it("lets the others go past a sale held by a 403", () => {
    const sales = [queued("a", 10, { waiting: "held", nextAttemptAt: 500 }), queued("b", 20)];
    expect(passPlan(sales, 100).map((entry) => entry.clientId)).toEqual(["b"]);
  });
});

describe("what an answer means", () => {
  it("201 and 200 (a replay) are the recorded sale; flagged and QR carried along", () => {
    expect(outcomeOf(201, { success: true, sale })).toEqual({
      kind: "synced",
      sale: { ...sale, change: null, flagged: null, qr: null },
    });
    const flagged = [{ bookId: 1, title: "Ficciones", requested: 1, available: 0 }];
    const replay = outcomeOf(200, { success: true, sale: { ...sale, flagged, qr: { data: "000201..." } } });
    expect(replay).toMatchObject({ kind: "synced", sale: { flagged, qr: { data: "000201..." } } });
  });

  it("no answer, 408, 429 and 5xx retry; 401 asks to sign in; 403 holds with the server's words", () => {
    expect(outcomeOf(0, null)).toEqual({ kind: "retry", message: SYNC_MESSAGES.network });
    for (const status of [408, 429, 500, 502, 503]) expect(outcomeOf(status, null).kind).toBe("retry");
    expect(outcomeOf(200, null).kind).toBe("retry"); // an answer that is not the API's (a login page)
    expect(outcomeOf(401, { error: "Necesitás iniciar sesión" })).toEqual({ kind: "auth" });
    expect(outcomeOf(403, { error: "No estás en la lista de vendedores" })).toEqual({
      kind: "held",
      message: "No estás en la lista de vendedores",
    });
  });

  it("another 4xx is a refusal, with the server's message and field", () => {
    expect(outcomeOf(400, { error: "Cargá el DNI", field: "document" })).toEqual({
      kind: "refused",
      message: "Cargá el DNI",
      field: "document",
    });
    expect(outcomeOf(413, {})).toEqual({ kind: "refused", message: SYNC_MESSAGES.refused, field: null });
  });
});

describe("the queued sale after an answer", () => {
  it("backs off 2 s, 4 s, 8 s... up to 5 minutes, spread ±25%", () => {
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, half))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30, half)).toBe(RETRY_MAX_MS);
    expect(backoffMs(1, () => 0)).toBe(1_500);
    expect(backoffMs(1, () => 1)).toBe(2_500);
  });

  it("a retry counts an attempt and waits; auth changes nothing; synced keeps the answer", () => {
    const first = afterOutcome(queued("a", 1), { kind: "retry", message: SYNC_MESSAGES.network }, 1_000, half);
    expect(first).toMatchObject({ state: "pending", attempts: 1, nextAttemptAt: 3_000, waiting: "retry" });
    const second = afterOutcome(first, { kind: "retry", message: SYNC_MESSAGES.server }, 3_000, half);
    expect(second).toMatchObject({ attempts: 2, nextAttemptAt: 7_000, error: SYNC_MESSAGES.server });
    expect(afterOutcome(second, { kind: "auth" }, 9_000)).toBe(second);
    const done = afterOutcome(
      second,
      { kind: "synced", sale: { ...sale, change: null, flagged: null, qr: null } },
      9_000,
    );
    expect(done).toMatchObject({ state: "synced", syncedAt: 9_000, error: null, waiting: null });
  });

  it("a refusal fails it, kept with its message; retried after a fix it is due again", () => {
    const failed = afterOutcome(queued("a", 1), { kind: "refused", message: "Cargá el DNI", field: "document" }, 5);
    expect(failed).toMatchObject({ state: "failed", error: "Cargá el DNI", errorField: "document" });
    const body = { ...failed.body, customer: { document: "30123456" } };
    expect(retried(failed, body)).toMatchObject({ state: "pending", body, error: null, nextAttemptAt: 0 });
  });

  it("forgets synced sales after two days, never the others", () => {
    const now = 10 * KEEP_SYNCED_MS;
    expect(isStale(queued("a", 1, { state: "synced", syncedAt: now - KEEP_SYNCED_MS - 1 }), now)).toBe(true);
    expect(isStale(queued("b", 1, { state: "synced", syncedAt: now - 1000 }), now)).toBe(false);
    expect(isStale(queued("c", 1, { state: "failed" }), now)).toBe(false);
    expect(isStale(queued("d", 1), now)).toBe(false);
  });
});
